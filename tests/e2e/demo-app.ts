// The demo organisation in Chromium, for the browser tests that walk every route (routes,
// accessibility): the real server with DEMO=1, a JSON call from the page, logging in and out, the
// seed's authenticated routes with an id from the demo data, and what a screen shows once settled.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { serverEnv } from '../child-env.js';

export const DEMO_EMAIL = 'admin@demo.keja.co.ke';
export const DEMO_PASSWORD = process.env.KEJA_URL ? (process.env.DEMO_PASSWORD ?? 'Demo-Pass-2026') : 'Demo-Pass-2026-routes';

/**
 * The server with DEMO=1 (the demo data takes a while to create on a busy machine), or the one
 * already running at KEJA_URL (with DEMO_PASSWORD) when a developer runs the walk again and again.
 */
export async function startDemoServer(): Promise<{ url: string; stop(): Promise<void> }> {
  if (process.env.KEJA_URL) return { url: process.env.KEJA_URL, stop: async () => undefined };
  const port = 20000 + Math.floor(Math.random() * 20000);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'keja-e2e-routes-'));
  // A copy of the built app: a rebuild of dist/web during the run must not change the files served.
  const webDir = path.join(dataDir, 'web');
  cpSync('dist/web', webDir, { recursive: true });
  let out = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: serverEnv({
      PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, WEB_DIR: webDir, DEMO: '1', DEMO_EMAIL, DEMO_PASSWORD,
      LOG_LEVEL: 'warn', COUNTRY_LOOKUP_URL: '',
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => { out += d; });
  child.stderr!.on('data', (d) => { out += d; });
  let stopping = false;
  // A server that dies mid-run explains every later failure: say so, with its last words.
  child.once('exit', (code, signal) => {
    if (!stopping) console.error(`the Keja server exited (${code ?? signal}):\n${out.slice(-4000)}`);
  });
  await new Promise<void>((resolve, reject) => {
    const deadline = Date.now() + 170_000;
    const timer = setInterval(() => {
      if (out.includes('Keja is running')) { clearInterval(timer); resolve(); }
      else if (child.exitCode !== null || Date.now() > deadline) { clearInterval(timer); reject(new Error(`server did not start:\n${out}`)); }
    }, 200);
  });
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      stopping = true;
      if (child.exitCode !== null || child.signalCode !== null) return rmSync(dataDir, { recursive: true, force: true });
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}


/** A JSON call from the page, with the session cookie, the CSRF token and the organisation. */
export async function apiCall<T>(page: Page, method: string, url: string, body?: unknown): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ({ method, url, body }) => {
      if (method !== 'GET') await fetch('/sanctum/csrf-cookie', { credentials: 'include' });
      const xsrf = decodeURIComponent(document.cookie.split('; ').find((c) => c.startsWith('XSRF-TOKEN='))?.slice(11) ?? '');
      const org = JSON.parse(localStorage.getItem('keja.organization') ?? 'null') as { id?: string } | null;
      const headers: Record<string, string> = { Accept: 'application/json', 'X-XSRF-TOKEN': xsrf };
      if (body !== undefined) headers['Content-Type'] = 'application/json'; // Fastify refuses an empty JSON body
      if (org?.id) headers['X-Tenant-Id'] = org.id;
      const res = await fetch(`/api/v1${url}`, { method, headers, credentials: 'include', body: body === undefined ? undefined : JSON.stringify(body) });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : null };
    },
    { method, url, body },
  ) as Promise<{ status: number; body: T }>;
}

export async function logIn(page: Page, baseUrl: string, email: string, password: string) {
  await page.goto(`${baseUrl}/auth/login`);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('button[type="submit"]').click();
  // the dashboard, or back to the page that sent the browser to log in
  await page.waitForURL((u) => u.pathname !== '/auth/login', { timeout: 60_000 });
}

export async function logOut(page: Page) {
  await apiCall(page, 'POST', '/logout');
  await page.evaluate(() => localStorage.clear());
}

export type Kind = 'list' | 'form' | 'other';
/** Seed section 2's authenticated routes and those added since (remittances, the tax report, a payment); `{name}` is an id from the demo data. */
export const ROUTES: Array<[string, Kind]> = [
  ['/dashboard', 'other'],
  ['/property-owners', 'list'], ['/property-owners/form', 'form'], ['/property-owners/form/{owner}', 'form'], ['/property-owner-form/{owner}', 'form'],
  ['/roles', 'list'], ['/role/form', 'other'], ['/role/form/{role}', 'other'],
  ['/aggregators', 'list'], ['/aggregator/form', 'form'], ['/aggregator/form/{aggregator}', 'form'],
  ['/properties', 'list'], ['/property-form', 'form'], ['/property-form/{property}', 'form'],
  ['/house-types', 'list'], ['/house-type-form', 'form'], ['/house-type-form/{houseType}', 'form'],
  ['/houses', 'list'], ['/houses-form', 'form'], ['/houses-form/{house}', 'form'], ['/house-form', 'form'], ['/house-form/{house}', 'form'],
  ['/{owner}/house-form', 'form'], ['/property/{property}/house-form', 'form'], ['/property/{property}/house-form/{house}', 'form'],
  ['/charges', 'list'], ['/charge-form', 'form'], ['/charge-form/{charge}', 'form'],
  ['/tenants', 'list'], ['/tenant-form', 'form'], ['/tenant-form/{tenant}', 'form'],
  ['/leases', 'list'],
  ['/invoices', 'list'], ['/invoice-form', 'other'], ['/invoice-form/{invoice}', 'other'],
  ['/expenses', 'list'], ['/incomes', 'list'], ['/payments', 'list'], ['/payment-form', 'other'], ['/payment-form/{payment}', 'other'],
  ['/payment-channels', 'list'], ['/payment-channel-form', 'form'], ['/payment-channel-form/{channel}', 'form'],
  ['/send-message', 'other'], ['/send-message/{tenant}', 'other'],
  ['/outbox', 'list'], ['/sent', 'list'],
  ['/statements/property', 'other'], ['/statements/property/{property}', 'other'],
  ['/statements/user', 'other'], ['/statements/user/{tenant}', 'other'], ['/statements/user/{tenant}/{lease}', 'other'],
  ['/statements/aging-balances', 'other'], ['/reports/rental-income-tax', 'other'],
  ['/remittances', 'list'], ['/remittance-form', 'form'], ['/remittance-form/{remittance}', 'other'], ['/property-owner/{owner}/remittance-form', 'form'],
  ['/settings', 'other'],
  ['/templates', 'list'], ['/template-form', 'other'], ['/template-form/{template}', 'other'],
  ['/users', 'list'], ['/user-form', 'other'], ['/user-form/{user}', 'other'],
  ['/change-password', 'other'], ['/invitations', 'other'],
  ['/work-orders', 'list'],
  ['/tickets', 'list'], ['/ticket-form', 'form'], ['/ticket-form/{ticket}', 'form'],
  ['/service-providers', 'list'], ['/service-provider-form', 'form'], ['/service-provider-form/{provider}', 'form'],
  ['/sms-credits', 'other'],
  ['/work-order-categories', 'list'], ['/work-order-category-form', 'form'], ['/work-order-category-form/{category}', 'form'],
];

export const SOURCES: Record<string, string> = {
  owner: 'property-owners', role: 'roles', aggregator: 'aggregators', property: 'properties', houseType: 'house-types',
  house: 'houses', charge: 'charges', tenant: 'tenants', lease: 'leases', invoice: 'invoices', channel: 'payment-channels',
  template: 'templates', user: 'users', ticket: 'tickets', provider: 'service-providers', category: 'work-order-categories',
  payment: 'payments', remittance: 'remittances',
};

/** The demo data's first record of each kind the routes name, and a lease with its tenant. */
export async function demoIds(page: Page): Promise<Record<string, string>> {
  const ids: Record<string, string> = {};
  for (const [key, resource] of Object.entries(SOURCES)) {
    const { body } = await apiCall<Array<{ id: string }>>(page, 'GET', `/${resource}?range=${encodeURIComponent('[0,0]')}`);
    ids[key] = body[0]?.id;
  }
  const { body: leases } = await apiCall<Array<{ id: string; tenant_id: string }>>(page, 'GET', `/leases?range=${encodeURIComponent('[0,0]')}`);
  ids.lease = leases[0].id;
  ids.tenant = leases[0].tenant_id;
  return ids;
}

/** A route with its `{name}`s replaced by the ids. */
export const fillRoute = (route: string, ids: Record<string, string>) => route.replace(/\{(\w+)\}/g, (_, k: string) => ids[k]);

/** What the screen shows once it has settled: the 404 page, or its title and content. */
export async function settle(page: Page, kind: Kind) {
  await page.waitForFunction(
    (k) => {
      const text = document.body.innerText;
      if (/Page not found/.test(text) && document.querySelector('h1, h2')) return true;
      const title = document.getElementById('react-admin-title')?.textContent?.trim();
      if (!title) return false;
      // a phone's list is react-admin's SimpleList: list items, with no class of their own
      if (k === 'list') return !!document.querySelector('table tbody tr, .RaList-content li, .RaList-noResults') || /yet/.test(text);
      if (k === 'form') return !!document.querySelector('form input') && !document.querySelector('.MuiLinearProgress-indeterminate');
      return true;
    },
    kind,
    { timeout: 45_000 },
  );
  const h = await page.locator('h1, h2').allInnerTexts();
  return {
    notFound: h.some((t) => /Page not found/.test(t)),
    title: ((await page.locator('#react-admin-title').textContent()) ?? '').trim(),
    rows: await page.locator('table tbody tr').count(),
  };
}
