import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers.js';

const web = mkdtempSync(path.join(os.tmpdir(), 'keja-web-'));
let t: TestApp;

beforeAll(async () => {
  mkdirSync(path.join(web, 'assets'));
  writeFileSync(path.join(web, 'index.html'), '<!doctype html><html><head><title>Keja</title></head><div id="root"></div></html>');
  writeFileSync(path.join(web, 'assets', 'app.js'), 'console.log(1)');
  t = await buildTestApp({ webDir: web, countryLookupUrl: '' });
});
afterAll(async () => {
  await t.close();
  rmSync(web, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it('answers index.html for every app path (real browser paths, no #)', async () => {
    for (const url of ['/', '/dashboard', '/auth/login', '/property/01H/house-form/02J', '/pages/notfound', '/anything/unknown']) {
      const res = await t.app.inject({ url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('serves assets, and 404s a missing asset or API path instead of the app', async () => {
    expect((await t.app.inject({ url: '/assets/app.js' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/assets/missing.js' })).statusCode).toBe(404);
    const api = await t.app.inject({ url: '/api/v1/missing' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ message: 'Not found.' });
  });
});

describe('the first run', () => {
  it('tells the page which country lookup it allows: none when COUNTRY_LOOKUP_URL is empty', async () => {
    const res = await t.app.inject({ url: '/dashboard' });
    expect(res.body).toContain('<head><meta name="keja-country-lookup" content=""><title>Keja</title>');
    expect(String(res.headers['content-security-policy'])).toMatch(/connect-src 'self'(;|$)/);
    const other = await buildTestApp({ webDir: web, countryLookupUrl: 'https://ip2c.org/s' });
    try {
      const page = await other.app.inject({ url: '/' });
      expect(page.body).toContain('<meta name="keja-country-lookup" content="https://ip2c.org/s">');
      expect(String(page.headers['content-security-policy'])).toMatch(/connect-src 'self' https:\/\/ip2c\.org(;|$)/);
    } finally {
      await other.close();
    }
  });

  it('writes no log line per request by default (the demo login stays on screen)', async () => {
    const lines: string[] = [];
    const { loadConfig } = await import('../../src/server/config.js');
    const { buildApp } = await import('../../src/server/app.js');
    const config = loadConfig({}, { memory: true, appKey: 'test-app-key-0123456789', appUrl: 'http://keja.test', webDir: web, logLevel: 'info' });
    expect(config.logRequests).toBe(false);
    const warnings: string[] = [];
    const onWarning = (w: Error & { code?: string }) => void warnings.push(`${w.code ?? w.name}: ${w.message}`);
    process.on('warning', onWarning);
    const app = await buildApp({ config, database: t.database }, { logger: { level: 'info', stream: { write: (l: string) => void lines.push(l) } } });
    try {
      await app.inject({ url: '/api/v1/missing' });
      await app.inject({ url: '/' });
      expect(lines.filter((l) => /incoming request|request completed/.test(l))).toEqual([]);
      // nor a deprecation notice at start (Fastify's old disableRequestLogging option printed one)
      await new Promise((r) => setImmediate(r));
      expect(warnings.filter((w) => w.startsWith('FST'))).toEqual([]);
    } finally {
      process.off('warning', onWarning);
      await app.close();
    }
  });
});

describe('shutting down', () => {
  it('answers a request in flight, then closes its kept-alive connection instead of waiting for the client to hang up', async () => {
    const s = await buildTestApp({}, t.database);
    await s.app.listen({ host: '127.0.0.1', port: 0 });
    const arrived = new Promise<void>((resolve) => s.app.server.once('request', () => resolve()));
    // a client that keeps its connections open (as undici does for a provider's callbacks), its
    // request in flight: the headers sent, the body not yet whole
    const agent = new http.Agent({ keepAlive: true });
    let hungUp!: Promise<void>;
    const req = http.request({
      host: '127.0.0.1', port: (s.app.server.address() as AddressInfo).port, method: 'POST', path: '/webhooks/stk/not-a-channel', agent,
      headers: { 'content-type': 'application/json', 'content-length': '2' },
    });
    const reply = new Promise<number>((resolve, reject) => {
      req.on('response', (res) => {
        hungUp = new Promise((resolve) => res.socket.once('close', () => resolve()));
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', reject);
    });
    req.write('{');
    try {
      await arrived;
      const closed = s.app.close();
      // the server has stopped listening (and closed the connections idle then) before the request ends
      while (s.app.server.listening) await new Promise((r) => setTimeout(r, 10));
      req.end('}');
      expect(await reply).toBe(404);
      // without closing connections as they fall idle, this waited for keepAliveTimeout (72 s)
      await closed;
      // and the server hung up on the client, not the other way round
      await hungUp;
    } finally {
      agent.destroy();
    }
  });
});
