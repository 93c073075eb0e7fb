// Screenshots of the daily-use screens of issue 15 for a person to look at (not a test): the
// dashboard's attention panel and money tiles (administrator) and the same dashboard without money
// (caretaker), the ticket form's house picker narrowed to the property, the role matrix's new rows,
// the caretaker's tenants list (no Export) and payment form. Laptop and phone.
//   npm run build && npx tsx tests/e2e/daily-shots.mts      (SHOTS=/tmp/daily-shots by default)
import { mkdirSync } from 'node:fs';
import { openChromium, startServer, type KejaServer } from './harness.ts';
import { logIn } from './demo-app.ts';

const email = 'admin@demo.keja.co.ke';
const password = 'Demo-Pass-2026';
const caretaker = { name: 'Otieno Ochieng', email: 'otieno.caretaker@example.co.ke', password: 'Nyumba-ya-Kwanza-2026' };
let server: KejaServer | null = null;
const url = process.env.KEJA_URL ?? (server = await startServer({ DEMO: '1', DEMO_EMAIL: email, DEMO_PASSWORD: password })).url;
const out = process.env.SHOTS ?? '/tmp/daily-shots';
mkdirSync(out, { recursive: true });

const api = (page: import('playwright-core').Page, method: string, path: string, body?: unknown) => page.evaluate(async ({ method, path, body }) => {
  const org = JSON.parse(localStorage.getItem('keja.organization') ?? 'null') as { id: string } | null;
  const xsrf = decodeURIComponent(document.cookie.split('; ').find((c) => c.startsWith('XSRF-TOKEN='))?.slice(11) ?? '');
  const r = await fetch(`/api/v1${path}`, {
    method, headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'X-XSRF-TOKEN': xsrf, ...(org ? { 'X-Tenant-Id': org.id } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: r.status, body: await r.json().catch(() => null) };
}, { method, path, body });

// the caretaker: an account of their own, made a member with the built-in Caretaker role
{
  const b = await openChromium({ width: 1366, height: 800 });
  await b.page.goto(`${url}/auth/register`);
  await b.page.evaluate(async (c) => {
    await fetch('/sanctum/csrf-cookie', { credentials: 'include' });
    const xsrf = decodeURIComponent(document.cookie.split('; ').find((x) => x.startsWith('XSRF-TOKEN='))?.slice(11) ?? '');
    await fetch('/api/v1/register', { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-XSRF-TOKEN': xsrf }, body: JSON.stringify({ ...c, password_confirmation: c.password }) });
  }, caretaker);
  await b.close();
  const a = await openChromium({ width: 1366, height: 800 });
  await logIn(a.page, url, email, password);
  const roles = (await api(a.page, 'GET', '/roles')).body as Array<{ id: string; name: string }>;
  const added = await api(a.page, 'POST', '/users', { name: caretaker.name, email: caretaker.email, role_ids: [roles.find((r) => r.name === 'Caretaker')!.id] });
  console.log('caretaker member:', added.status);
  await a.close();
}

for (const [w, h, tag] of [[1366, 800, 'laptop'], [390, 844, 'phone']] as const) {
  const admin = await openChromium({ width: w, height: h });
  const { page } = admin;
  page.setDefaultTimeout(120_000);
  await logIn(page, url, email, password);
  await page.locator('[data-testid="attention"]').waitFor();
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `${out}/dashboard-admin-${tag}.png`, fullPage: true });

  const [property] = (await api(page, 'GET', '/properties?range=%5B0%2C1%5D&sort=%5B%22name%22%2C%22ASC%22%5D')).body as Array<{ id: string; name: string }>;
  await page.goto(`${url}/ticket-form`);
  await page.getByLabel(/^Property/).click();
  await page.getByRole('option', { name: property.name }).click();
  await page.getByLabel(/^House/).click();
  await page.getByRole('option').first().waitFor();
  await page.waitForTimeout(800);
  await page.screenshot({ path: `${out}/ticket-house-picker-${tag}.png` });

  const roles = (await api(page, 'GET', '/roles')).body as Array<{ id: string; name: string }>;
  await page.goto(`${url}/role/form/${roles.find((r) => r.name === 'Caretaker')!.id}`);
  await page.getByText('Whole lists as CSV').scrollIntoViewIfNeeded();
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${out}/role-matrix-${tag}.png` });
  await admin.close();

  const care = await openChromium({ width: w, height: h });
  care.page.setDefaultTimeout(120_000);
  await logIn(care.page, url, caretaker.email, caretaker.password);
  await care.page.locator('[data-testid="tile-occupancy"]').waitFor();
  await care.page.waitForTimeout(1000);
  await care.page.screenshot({ path: `${out}/dashboard-caretaker-${tag}.png`, fullPage: true });
  await care.page.goto(`${url}/tenants`);
  await care.page.locator('table, [data-testid="list-cards"], .RaList-main').first().waitFor();
  await care.page.waitForTimeout(1000);
  await care.page.screenshot({ path: `${out}/tenants-caretaker-${tag}.png` });
  await care.page.goto(`${url}/payment-form`);
  await care.page.getByLabel(/^Channel/).click();
  await care.page.getByRole('option').first().waitFor();
  await care.page.waitForTimeout(500);
  await care.page.screenshot({ path: `${out}/payment-caretaker-${tag}.png` });
  await care.close();
}
await server?.stop();
console.log(`screenshots in ${out}`);
