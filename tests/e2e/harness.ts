import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { serverEnv } from '../child-env.js';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export interface KejaServer {
  url: string;
  output: () => string;
  stop(): Promise<void>;
}

/**
 * The real server (built web app, embedded database in a fresh folder) as a child process.
 * `cwd`: another copy of the project (the add-an-area drill); `dataDir`: an existing database
 * folder, kept when the server stops (a restart on the same database).
 */
export async function startServer(env: Record<string, string> = {}, opts: { cwd?: string; dataDir?: string } = {}): Promise<KejaServer> {
  const port = await freePort();
  const dataDir = opts.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'keja-e2e-'));
  let out = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: opts.cwd,
    env: serverEnv({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO: '0', LOG_LEVEL: 'warn', COUNTRY_LOOKUP_URL: '', ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => { out += d; });
  child.stderr!.on('data', (d) => { out += d; });
  const url = `http://127.0.0.1:${port}`;
  await new Promise<void>((resolve, reject) => {
    const deadline = Date.now() + 120_000;
    const timer = setInterval(() => {
      if (out.includes('Keja is running')) { clearInterval(timer); resolve(); }
      else if (child.exitCode !== null || Date.now() > deadline) { clearInterval(timer); reject(new Error(`server did not start:\n${out}`)); }
    }, 100);
  });
  return {
    url,
    output: () => out,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      if (!opts.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Chromium {
  context: BrowserContext;
  page: Page;
  /** Requests that left the machine (the rule: none). */
  outside: string[];
  consoleErrors: string[];
  close(): Promise<void>;
}

export async function openChromium(viewport = { width: 1366, height: 800 }): Promise<Chromium> {
  const profile = mkdtempSync(path.join(os.tmpdir(), 'keja-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const outside: string[] = [];
  const consoleErrors: string[] = [];
  context.on('request', (req) => {
    const host = new URL(req.url()).hostname;
    if (!['127.0.0.1', 'localhost'].includes(host) && !req.url().startsWith('data:') && !req.url().startsWith('blob:')) outside.push(req.url());
  });
  page.on('console', (msg) => { if (msg.type() === 'error') consoleErrors.push(msg.text()); });
  return {
    context, page, outside, consoleErrors,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
