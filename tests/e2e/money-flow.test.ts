// The money core end to end, in Chromium against the real server: a lease billed by a billing
// run started from the invoices list, a partial payment, the invoice partly paid, the tenant
// statement and the aging report agreeing on the balance, and the statement's PDF.
// The prerequisites (account, organisation, owner, property, house, tenant, channel) are made
// through the API from the page (same cookies, CSRF and tenant header as the app); the lease, its
// activation, the billing run, the payment, the statement, aging report and PDF in the UI.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openChromium, startServer, type Chromium, type KejaServer } from './harness.js';

let server: KejaServer;
let browser: Chromium;

beforeAll(async () => {
  server = await startServer();
  browser = await openChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

interface Answer { status: number; body: Record<string, unknown> }

/** A JSON call from the page: cookies, the XSRF header and the organisation header, like the app. */
async function call(page: Page, method: string, path: string, body?: unknown): Promise<Answer> {
  return page.evaluate(async ({ method, path, body }) => {
    const cookie = document.cookie.split('; ').find((c) => c.startsWith('XSRF-TOKEN='));
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (cookie) headers['X-XSRF-TOKEN'] = decodeURIComponent(cookie.slice('XSRF-TOKEN='.length));
    const org = localStorage.getItem('keja.organization');
    const id = org ? (JSON.parse(org) as { id?: string } | null)?.id : null;
    if (id) headers['X-Tenant-Id'] = id;
    const res = await fetch(`/api/v1${path}`, { method, headers, credentials: 'include', body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : {} };
  }, { method, path, body });
}

async function create(page: Page, path: string, body: unknown): Promise<string> {
  const res = await call(page, 'POST', path, body);
  if (res.status !== 201 && res.status !== 200) throw new Error(`POST ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  const b = res.body as { id?: string; organization?: { id: string }; user?: { id: string } };
  return String(b.id ?? b.organization?.id ?? b.user?.id);
}

/** Types into a react-admin autocomplete and picks the option. */
async function pick(page: Page, input: string, text: string, option: RegExp) {
  await page.locator(input).click();
  await page.locator(input).fill(text);
  await page.getByRole('option', { name: option }).first().click();
}

const nairobiToday = () => new Date(Date.now() + 3 * 3600_000).toISOString().slice(0, 10);
const monthStartOffset = (d: string, n: number) => {
  const [y, m] = d.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1 + n, 1)).toISOString().slice(0, 10);
};
const body = (page: Page) => page.locator('body').innerText().then((t) => t.replace(/\u00a0/g, ' '));

describe('money core, in Chromium', () => {
  it('bills a lease, takes a partial payment and shows the same balance on the statement and the aging report', async () => {
    const { page } = browser;
    const today = nairobiToday();
    const lastMonth = monthStartOffset(today, -1);
    const thisMonth = monthStartOffset(today, 0);

    // an account and an organisation
    await page.goto(`${server.url}/`);
    await page.evaluate(() => fetch('/sanctum/csrf-cookie', { credentials: 'include' }));
    const email = `money-${Date.now()}@example.co.ke`;
    await create(page, '/register', { name: 'Achieng Otieno', email, password: 'Pesa-Safi-2026', password_confirmation: 'Pesa-Safi-2026' });
    await create(page, '/organisations', { name: 'Otieno Lettings' });
    await page.goto(`${server.url}/dashboard`);
    await expect.poll(() => body(page), { timeout: 15_000 }).toContain('Otieno Lettings');

    // what a lease needs
    const owner = await create(page, '/property-owners', { kind: 'individual', name: 'Joseph Kariuki' });
    // ten grace days: last month's invoice, issued at today's activation, falls due ten days from
    // today, always after this month's (the 5th), whatever today is (with the default three, on the
    // 1st or 2nd of a month the two fell due together or the wrong way round)
    const property = await create(page, '/properties', { name: 'Kilimani Heights', owner_id: owner, kind: 'residential', grace_days: 10 });
    await create(page, '/houses', { property_id: property, owner_id: owner, number: 'B4', account_code: 'KH-B4', rent: '20000.00', status: 'vacant' });
    const tenant = await create(page, '/tenants', { kind: 'individual', name: 'Mercy Chebet', phone: '+254712345001', sms_opt_in: false });
    await create(page, '/payment-channels', { name: 'Office cash', kind: 'cash', is_default: true });

    // the lease from last month, made in the lease form and activated: its first month is billed at once
    await page.goto(`${server.url}/lease-form`);
    await pick(page, 'input[name="tenant_id"]', 'Mercy', /Mercy Chebet/);
    await pick(page, 'input[name="house_id"]', 'B4', /B4/);
    await page.locator('input[name="start_date"]').fill(lastMonth);
    // the house's rent is filled in; typed over as a person would (the amount shows grouped until focused)
    const rent = page.locator('input[name="rent"]');
    await rent.click();
    await rent.press('Control+a');
    await rent.pressSequentially('20000');
    await page.locator('button[type="submit"]').click();
    await page.waitForURL('**/leases', { timeout: 30_000 });
    const leases = await call(page, 'GET', `/leases?filter=${encodeURIComponent(JSON.stringify({ tenant_id: tenant }))}`);
    const lease = String((leases.body as unknown as Array<{ id: string; rent: string }>)[0].id);
    expect((leases.body as unknown as Array<{ rent: string }>)[0].rent).toBe('20000.00');
    await page.goto(`${server.url}/lease-form/${lease}`);
    await page.getByRole('button', { name: 'Activate' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Activate' }).click();
    await expect.poll(async () => (await call(page, 'GET', `/leases/${lease}`)).body.status, { timeout: 30_000 }).toBe('active');

    // the billing run for this month, from the invoices list
    await page.goto(`${server.url}/invoices`);
    await page.getByRole('button', { name: 'Run billing' }).click();
    await page.getByLabel('Month').fill(thisMonth.slice(0, 7));
    await page.getByRole('button', { name: 'Start' }).click();
    const summary = page.getByTestId('billing-summary');
    await summary.waitFor({ timeout: 30_000 });
    expect(await summary.innerText()).toContain('1 invoice made');
    await page.screenshot({ path: '/tmp/e2e-money-billing-run.png' });
    await page.getByRole('button', { name: 'Close' }).click();

    // a partial payment in the payment form: 25,000 pays this month's 20,000 and 5,000 of last month's
    await page.goto(`${server.url}/payment-form`);
    await page.locator('input[name="amount"]').fill('25000');
    await pick(page, 'input[name="channel_id"]', 'Office', /Office cash/);
    await pick(page, 'input[name="tenant_id"]', 'Mercy', /Mercy Chebet/);
    await page.locator('button[type="submit"]').click();
    await page.waitForURL('**/payments', { timeout: 30_000 });
    const payments = await call(page, 'GET', `/payments?filter=${encodeURIComponent(JSON.stringify({ tenant_id: tenant }))}`);
    expect((payments.body as unknown as Array<{ amount: string; status: string }>)[0]).toMatchObject({ amount: '25000.00', status: 'allocated' });

    // the invoice is partly paid, on the invoices list
    await page.goto(`${server.url}/invoices`);
    await expect.poll(() => body(page), { timeout: 15_000 }).toMatch(/partially paid/i);
    const invoices = await call(page, 'GET', `/invoices?filter=${encodeURIComponent(JSON.stringify({ lease_id: lease }))}`);
    const rows = invoices.body as unknown as Array<{ period_start: string; status: string; balance: string }>;
    // money pays the invoice that fell due first: this month's (due on the 5th) before last month's,
    // which was issued at today's activation and falls due only after the property's grace days
    expect(rows.find((r) => r.period_start === thisMonth)).toMatchObject({ status: 'paid', balance: '0.00' });
    expect(rows.find((r) => r.period_start === lastMonth)).toMatchObject({ status: 'partially_paid', balance: '15000.00' });

    // the tenant statement: 40,000 billed, 25,000 paid, 15,000 owed
    await page.goto(`${server.url}/statements/user/${tenant}?from=${lastMonth}&to=${today}`);
    const closing = page.getByTestId('closing-balance');
    await expect.poll(() => closing.innerText().then((t) => t.replace(/\u00a0/g, ' ')), { timeout: 15_000 }).toContain('Ksh 15,000.00');
    expect(await page.getByTestId('statement-entry').count()).toBe(3);
    const statementText = await body(page);
    expect(statementText).toContain('Ksh 40,000.00');
    expect(statementText).toContain('Ksh 25,000.00');
    await page.screenshot({ path: '/tmp/e2e-money-statement.png', fullPage: true });

    // the statement's PDF
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'PDF' }).click()]);
    const file = await download.path();
    expect(readFileSync(file).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);

    // the aging report agrees, and links back to the statement
    await page.goto(`${server.url}/statements/aging-balances`);
    const row = page.getByTestId('aging-row').filter({ hasText: 'Mercy Chebet' });
    await row.waitFor({ timeout: 15_000 });
    const cells = (await row.locator('td').allInnerTexts()).map((t) => t.replace(/\u00a0/g, ' '));
    expect(cells.at(-1)).toBe('Ksh 15,000.00');
    expect(await page.getByTestId('aging-grand-total').innerText().then((t) => t.replace(/\u00a0/g, ' '))).toContain('Ksh 15,000.00');
    await page.screenshot({ path: '/tmp/e2e-money-aging.png', fullPage: true });
    await row.getByRole('link', { name: 'Mercy Chebet' }).click();
    await page.waitForURL(`**/statements/user/${tenant}`);
    await expect.poll(() => page.getByTestId('closing-balance').innerText().then((t) => t.replace(/\u00a0/g, ' ')), { timeout: 15_000 }).toContain('Ksh 15,000.00');

    expect(browser.outside).toEqual([]);
  });
});
