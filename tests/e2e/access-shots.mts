// Screenshots of the access screens (issue 12) for a person to look at (not a test):
// npm run build && npx tsx tests/e2e/access-shots.mts
// The users list with an invitation, the invite form, an invitation's page, the emailed link's
// page (new email), the pending invitations of a logged-in user, and the role and user forms of a
// member who may grant only some permissions (greyed-out options).
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { openChromium, startServer } from './harness.ts';
import { logIn } from './demo-app.ts';

const ADMIN = 'admin@demo.keja.co.ke';
const PASSWORD = 'Demo-Pass-2026';
// KEJA_URL + KEJA_LOG: a running server (that demo login, LOG_LEVEL=info) and the file it logs to
const server = process.env.KEJA_URL
  ? { url: process.env.KEJA_URL, output: () => readFileSync(process.env.KEJA_LOG ?? '/dev/null', 'utf8'), stop: async () => undefined }
  : await startServer({ DEMO: '1', DEMO_EMAIL: ADMIN, DEMO_PASSWORD: PASSWORD, LOG_LEVEL: 'info' });
const out = process.env.SHOTS ?? '/tmp/shots';

async function call<T = unknown>(page: Page, method: string, url: string, body?: unknown): Promise<{ status: number; body: T }> {
  return page.evaluate(async ({ method, url, body }) => {
    if (method !== 'GET') await fetch('/sanctum/csrf-cookie', { credentials: 'include' });
    const xsrf = decodeURIComponent(document.cookie.split('; ').find((c) => c.startsWith('XSRF-TOKEN='))?.slice(11) ?? '');
    const org = JSON.parse(localStorage.getItem('keja.organization') ?? 'null') as { id?: string } | null;
    const res = await fetch(`/api/v1${url}`, {
      method, credentials: 'include',
      headers: { Accept: 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), 'X-XSRF-TOKEN': xsrf, ...(org?.id ? { 'X-Tenant-Id': org.id } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  }, { method, url, body }) as Promise<{ status: number; body: T }>;
}

const shot = async (page: Page, name: string, tag: string, path?: string, full = false) => {
  if (path) await page.goto(`${server.url}${path}`);
  await page.waitForTimeout(2500);
  await page.screenshot({ path: `${out}/${name}-${tag}.png`, fullPage: full });
};

try {
  for (const [w, h, tag] of [[1366, 800, 'laptop'], [390, 844, 'phone']] as const) {
    const b = await openChromium({ width: w, height: h });
    const { page } = b;
    const stamp = `${tag}-${Date.now()}`;
    const memberEmail = `office-${stamp}@example.co.ke`;
    // the office member registers first (their own account, no organisation yet)
    await page.goto(`${server.url}/auth/login`);
    expect((await call(page, 'POST', '/register', { name: 'Wanjiru Office', email: memberEmail, password: PASSWORD, password_confirmation: PASSWORD })).status, 201);
    await call(page, 'POST', '/logout');
    await b.context.clearCookies();
    await page.evaluate(() => localStorage.clear());
    // the administrator: a limited role, an invitation to the member and one to a new email
    await logIn(page, server.url, ADMIN, PASSWORD);
    const office = await call<{ id: string }>(page, 'POST', '/roles', {
      name: `Office ${stamp}`, description: 'Members and houses',
      permissions: ['list.user', 'show.user', 'create.user', 'edit.user', 'list.role', 'show.role', 'create.role', 'edit.role', 'list.house', 'show.house', 'list.tenant', 'show.tenant'],
    });
    const invited = await call<{ id: string }>(page, 'POST', '/users', { name: 'Wanjiru Office', email: memberEmail, role_ids: [office.body.id] });
    const newEmail = `newcomer-${stamp}@example.co.ke`;
    const fresh = await call<{ id: string }>(page, 'POST', '/users', { name: 'Baraka Mwangi', email: newEmail, phone: '0712345678', role_ids: [office.body.id] });
    console.log(tag, 'invitations', invited.status, fresh.status);
    await shot(page, 'users-invited', tag, '/users');
    await shot(page, 'user-invitation', tag, `/user-form/${fresh.body.id}`, true);
    await shot(page, 'user-invite', tag, '/user-form', true);
    await call(page, 'POST', '/logout');
    await b.context.clearCookies();
    await page.evaluate(() => localStorage.clear());
    // the emailed link for the new email (the log mail driver prints it)
    await page.waitForTimeout(500);
    const link = [...server.output().matchAll(/http\S+\/auth\/invitation\?token=[^\s"\\]+/g)].map((m) => m[0]).pop()!;
    await page.goto(link.replace(/^http:\/\/[^/]+/, server.url));
    await shot(page, 'invitation-link', tag, undefined, true);
    // the member, logged in: pending invitations, then accepts and sees what they may grant
    await logIn(page, server.url, memberEmail, PASSWORD);
    await shot(page, 'pending-create-org', tag, '/auth/create-organization', true);
    await shot(page, 'pending-page', tag, '/invitations', true);
    const pending = await call<Array<{ id: string; organization: { id: string } }>>(page, 'GET', '/user/invitations');
    await call(page, 'POST', `/user/invitations/${pending.body[0].id}/accept`);
    await call(page, 'POST', `/organisations/${pending.body[0].organization.id}/switch`);
    // a fresh login starts in the organisation just joined (the session's permissions load with it)
    await b.context.clearCookies();
    await page.evaluate(() => localStorage.clear());
    await logIn(page, server.url, memberEmail, PASSWORD);
    await shot(page, 'role-greyed', tag, '/role/form', true);
    await page.goto(`${server.url}/user-form`);
    await page.waitForTimeout(2000);
    await page.getByRole('combobox', { name: /Role/ }).click();
    await shot(page, 'user-roles-greyed', tag);
    console.log(tag, 'outside requests:', b.outside, 'console errors:', b.consoleErrors.slice(0, 8));
    await b.close();
  }
} finally {
  await server.stop();
}

function expect(actual: number, wanted: number) {
  if (actual !== wanted) throw new Error(`expected ${wanted}, got ${actual}`);
}
