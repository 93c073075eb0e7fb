// "Simulate a payment" in demo mode, in Chromium against the real server and the local fake
// Daraja: the button on the demo paybill asks the fake, which calls Keja's own confirmation URL
// over HTTP as Safaricom would; the payment arrives matched to the tenant by an account number
// typed carelessly, is allocated, and shows on the payments list, the dashboard, the tenant's
// statement and, as its SMS receipt, on the sent messages. Then "Request payment" on an invoice: an STK push to the fake, whose callback (and
// the C2B confirmation of the same money) makes one payment, and the dialog says Paid.
// Screenshots at laptop and phone size go to SHOTS (default /tmp/daraja-shots).
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startFakeDaraja, type FakeDaraja } from '../../src/dev/fake-daraja.js';
import { openChromium, type Chromium } from './harness.js';
import { serverEnv } from '../child-env.js';

const EMAIL = 'admin@demo.keja.co.ke';
const PASSWORD = 'Demo-Pass-2026-daraja';
const out = process.env.SHOTS ?? '/tmp/daraja-shots';

let fake: FakeDaraja;
let server: { url: string; stop(): Promise<void> };
let browser: Chromium;

async function startDemoServer(darajaUrl: string) {
  const port = 20000 + Math.floor(Math.random() * 20000);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'keja-e2e-daraja-'));
  const webDir = path.join(dataDir, 'web');
  cpSync('dist/web', webDir, { recursive: true });
  let log = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: serverEnv({
      PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, WEB_DIR: webDir, DEMO: '1', DEMO_EMAIL: EMAIL, DEMO_PASSWORD: PASSWORD,
      DEMO_HISTORY_MONTHS: '2', DARAJA_URL: darajaUrl, LOG_LEVEL: 'warn', COUNTRY_LOOKUP_URL: '',
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => { log += d; });
  child.stderr!.on('data', (d) => { log += d; });
  await new Promise<void>((resolve, reject) => {
    const deadline = Date.now() + 170_000;
    const timer = setInterval(() => {
      if (log.includes('Keja is running')) { clearInterval(timer); resolve(); }
      else if (child.exitCode !== null || Date.now() > deadline) { clearInterval(timer); reject(new Error(`server did not start:\n${log}`)); }
    }, 200);
  });
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

beforeAll(async () => {
  mkdirSync(out, { recursive: true });
  fake = await startFakeDaraja();
  server = await startDemoServer(fake.url);
  browser = await openChromium();
}, 200_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await fake?.close();
});

async function logIn(page: Page) {
  await page.goto(`${server.url}/auth/login`);
  await page.locator('input[name="email"]').fill(EMAIL);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.locator('button[type="submit"]').click();
  await page.waitForURL((u) => u.pathname !== '/auth/login', { timeout: 60_000 });
}

/** A JSON GET from the page, with the app's organisation header. */
async function get<T>(page: Page, p: string): Promise<T> {
  return page.evaluate(async (p) => {
    const org = localStorage.getItem('keja.organization');
    const id = org ? (JSON.parse(org) as { id?: string } | null)?.id : null;
    const res = await fetch(`/api/v1${p}`, { headers: { Accept: 'application/json', ...(id ? { 'X-Tenant-Id': id } : {}) }, credentials: 'include' });
    return res.json();
  }, p) as Promise<T>;
}

const text = (page: Page) => page.locator('body').innerText().then((t) => t.replace(/\u00a0/g, ' '));

/** KES text → cents, and cents → the figure as screens write it (1,234.50). */
const cents = (v: string) => Math.round(Number(v) * 100);
const figure = (c: number) => (c / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

interface DashboardShape { this_month?: { collected: string } }

describe('simulate a payment (demo), in Chromium', () => {
  it('the demo paybill receives a payment through the fake Daraja: matched, allocated, on the payments list', async () => {
    const { page } = browser;
    await logIn(page);
    const [paybill] = await get<Array<{ id: string }>>(page, `/payment-channels?filter=${encodeURIComponent(JSON.stringify({ kind: 'mpesa_paybill' }))}`);
    // a tenant who owes: the payment then pays an invoice
    const issued = await get<Array<{ id: string; lease_id: string }>>(page, `/invoices?filter=${encodeURIComponent(JSON.stringify({ status: 'issued' }))}&range=[0,19]`);
    let owed = issued[0];
    let lease = { house_id: '', tenant_id: '', status: '' };
    for (const inv of issued) {
      owed = inv;
      lease = await get<typeof lease>(page, `/leases/${inv.lease_id}`);
      if (lease.status === 'active') break;
    }
    expect(lease.status).toBe('active');
    const house = await get<{ account_code: string }>(page, `/houses/${lease.house_id}`);
    const tenant = await get<{ name: string }>(page, `/tenants/${lease.tenant_id}`);
    // typed as a tenant would: lower case, a hyphen, a space at the end
    const typed = `${house.account_code.slice(0, 1).toLowerCase()}-${house.account_code.slice(1).toLowerCase()} `.slice(0, 20);

    const collectedBefore = cents((await get<DashboardShape>(page, '/dashboard')).this_month?.collected ?? '0');

    await page.goto(`${server.url}/payment-channel-form/${paybill.id}`);
    const panel = page.getByRole('region', { name: 'M-Pesa callbacks (Daraja C2B)' });
    await panel.getByRole('button', { name: 'Simulate a payment' }).waitFor({ timeout: 30_000 });
    await panel.getByLabel('Amount (KES)').fill('1234.50');
    await panel.getByLabel('Account number').fill(typed);
    await panel.getByRole('button', { name: 'Simulate a payment' }).click();
    const answer = panel.getByTestId('daraja-answer');
    await expect.poll(() => answer.innerText().catch(() => ''), { timeout: 30_000 }).toContain('The fake Daraja delivered the payment to Keja.');
    await answer.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${out}/channel-simulated-laptop.png`, fullPage: true });

    // what the fake did: validation then confirmation, both answered 0 by Keja
    expect(fake.deliveries.map((d) => [d.kind, d.status, String((d.answer as { ResultCode?: unknown }).ResultCode)])).toEqual([
      ['validation', 200, '0'], ['confirmation', 200, '0'],
    ]);
    const receipt = fake.deliveries[1].payload.TransID;

    await answer.getByRole('link', { name: 'View payment' }).click();
    await page.waitForURL('**/payment-form/**');
    await expect.poll(() => text(page), { timeout: 30_000 }).toContain(receipt);
    await expect.poll(() => text(page), { timeout: 30_000 }).toContain(tenant.name);
    // the raw confirmation, as the fake (Safaricom) sent it
    await expect.poll(() => text(page), { timeout: 30_000 }).toContain('What Safaricom sent');
    expect(await page.getByTestId('payment-callback').innerText()).toContain(`"BillRefNumber": "${typed}"`);
    expect(await text(page)).toContain('1,234.50');
    await page.screenshot({ path: `${out}/payment-laptop.png`, fullPage: true });
    const id = new URL(page.url()).pathname.split('/').pop()!;
    const payment = await get<{ status: string; tenant_id: string; account_reference: string }>(page, `/payments/${id}`);
    expect(payment).toMatchObject({ status: 'allocated', tenant_id: lease.tenant_id, account_reference: typed.trim() });
    // it pays the tenant's oldest open invoices first (this one or an older one)
    const { allocations } = await get<{ allocations: Array<{ invoice_id: string }> }>(page, `/payments/${id}`);
    expect(allocations.length).toBeGreaterThan(0);
    for (const a of allocations) expect((await get<{ tenant_id: string }>(page, `/invoices/${a.invoice_id}`)).tenant_id).toBe(lease.tenant_id);
    expect(owed.id).toBeTruthy();

    await page.goto(`${server.url}/payments`);
    await expect.poll(() => text(page), { timeout: 30_000 }).toContain(receipt);
    await page.screenshot({ path: `${out}/payments-list-laptop.png` });

    // the dashboard's "collected this month" grew by the payment
    const collectedAfter = cents((await get<DashboardShape>(page, '/dashboard')).this_month?.collected ?? '0');
    expect(collectedAfter - collectedBefore).toBe(123450);
    await page.goto(`${server.url}/dashboard`);
    await expect.poll(() => page.getByTestId('tile-collected').innerText().catch(() => ''), { timeout: 30_000 }).toContain(figure(collectedAfter));
    await page.screenshot({ path: `${out}/dashboard-laptop.png` });

    // the tenant's statement lists it
    const { receipt_number: ours } = await get<{ receipt_number: string }>(page, `/payments/${id}`);
    await page.goto(`${server.url}/statements/user/${lease.tenant_id}`);
    await expect.poll(() => text(page), { timeout: 30_000 }).toContain('1,234.50');
    expect(await text(page)).toContain(ours);
    await page.screenshot({ path: `${out}/statement-laptop.png`, fullPage: true });

    // its SMS receipt, sent by the job queue (the demo's SMS driver is "log"): on the sent messages,
    // naming the amount and the receipt number
    const sent = async () => (await get<Array<{ body: string; status: string; tenant_id: string }>>(page,
      `/messages?filter=${encodeURIComponent(JSON.stringify({ tenant_id: lease.tenant_id, status: ['sent', 'delivered', 'logged'] }))}&range=[0,49]`))
      .filter((m) => m.body.includes(ours));
    await expect.poll(async () => (await sent()).length, { timeout: 60_000 }).toBe(1);
    expect((await sent())[0].body).toContain('1,234.50');
    await page.goto(`${server.url}/sent`);
    await expect.poll(() => text(page), { timeout: 30_000 }).toContain(ours);
    await page.screenshot({ path: `${out}/sent-messages-laptop.png` });
    expect(browser.outside).toEqual([]);
  });

  it('Request payment on an invoice: an STK push to the tenant’s phone, paid, one payment though M-Pesa also confirms it by C2B', async () => {
    const laptop = await openChromium({ width: 1280, height: 800 });
    try {
      const { page } = laptop;
      await logIn(page);
      const issued = await get<Array<{ id: string; lease_id: string; tenant_id: string; balance: string }>>(page, `/invoices?filter=${encodeURIComponent(JSON.stringify({ status: 'issued' }))}&range=[0,49]`);
      let invoice = issued[0];
      // one whose tenant owes only this invoice: the payment is allocated oldest first, so it pays this one
      for (const inv of issued) {
        invoice = inv;
        if ((await get<{ open_invoices: number }>(page, `/tenants/${inv.tenant_id}/balance`)).open_invoices === 1) break;
      }
      expect((await get<{ open_invoices: number }>(page, `/tenants/${invoice.tenant_id}/balance`)).open_invoices).toBe(1);
      const tenant = await get<{ name: string; phone: string }>(page, `/tenants/${invoice.tenant_id}`);
      await page.goto(`${server.url}/invoice-form/${invoice.id}`);
      await page.getByTestId('request-payment').click();
      const dialog = page.getByRole('dialog', { name: 'Request payment by M-Pesa' });
      await expect.poll(() => dialog.innerText().catch(() => ''), { timeout: 30_000 }).toContain(tenant.name);
      const amount = String(Math.ceil(Number(invoice.balance)));
      expect(await dialog.getByLabel('Amount (KES)').inputValue()).toBe(amount);
      expect(await dialog.getByLabel('M-Pesa phone').inputValue()).toBe(tenant.phone.replace(/^\+/, '').replace(/\s/g, ''));
      await page.screenshot({ path: `${out}/request-payment-laptop.png` });
      await dialog.getByRole('button', { name: 'Send prompt' }).click();
      const state = dialog.getByTestId('payment-request-state');
      await expect.poll(() => state.getAttribute('data-state').catch(() => null), { timeout: 30_000 }).toBe('paid');
      await expect.poll(() => state.innerText(), { timeout: 30_000 }).toContain('M-Pesa receipt');
      await page.screenshot({ path: `${out}/request-paid-laptop.png` });

      const push = fake.stkPushes.at(-1)!;
      expect(push.body).toMatchObject({ Amount: Number(amount), TransactionType: 'CustomerPayBillOnline' });
      // the fake also sent the paybill's C2B confirmation for the same receipt: still one payment
      await expect.poll(async () => (await get<Array<{ id: string }>>(page, `/payments?filter=${encodeURIComponent(JSON.stringify({ q: push.receipt }))}`)).length, { timeout: 30_000 }).toBe(1);
      const [payment] = await get<Array<{ id: string; tenant_id: string; amount: string }>>(page, `/payments?filter=${encodeURIComponent(JSON.stringify({ q: push.receipt }))}`);
      expect(payment).toMatchObject({ tenant_id: invoice.tenant_id, amount: `${amount}.00` });
      const kinds = async () => (await get<{ data: Array<{ kind: string }> }>(page, `/payments/${payment.id}/callbacks`)).data.map((c) => c.kind).sort();
      await expect.poll(kinds, { timeout: 30_000 }).toEqual(['c2b_confirmation', 'stk_callback']);
      expect((await get<{ status: string; balance: string }>(page, `/invoices/${invoice.id}`))).toMatchObject({ status: 'paid', balance: '0.00' });
      await dialog.getByRole('button', { name: 'Close' }).click();
      await expect.poll(() => page.getByTestId('invoice-balance').innerText(), { timeout: 30_000 }).toContain('0.00');
      await page.screenshot({ path: `${out}/invoice-paid-laptop.png`, fullPage: true });
      // the compose screen, one tenant chosen: the same button beside Send
      await page.goto(`${server.url}/send-message/${invoice.tenant_id}`);
      await page.getByTestId('request-payment').waitFor({ timeout: 30_000 });
      await page.screenshot({ path: `${out}/compose-laptop.png`, fullPage: true });
      expect(laptop.outside).toEqual([]);
    } finally {
      await laptop.close();
    }
  });

  it('looks right on a phone', async () => {
    const phone = await openChromium({ width: 390, height: 844 });
    try {
      const { page } = phone;
      await logIn(page);
      const [paybill] = await get<Array<{ id: string }>>(page, `/payment-channels?filter=${encodeURIComponent(JSON.stringify({ kind: 'mpesa_paybill' }))}`);
      await page.goto(`${server.url}/payment-channel-form/${paybill.id}`);
      const panel = page.getByRole('region', { name: 'M-Pesa callbacks (Daraja C2B)' });
      await panel.getByRole('button', { name: 'Simulate a payment' }).waitFor({ timeout: 30_000 });
      // the demo paybill has no Daraja keys: registering says what is missing
      await panel.getByRole('button', { name: 'Register URLs' }).click();
      await expect.poll(() => panel.innerText(), { timeout: 30_000 }).toContain('Store the Daraja consumer key and secret first.');
      await panel.scrollIntoViewIfNeeded();
      await panel.screenshot({ path: `${out}/channel-phone.png` });
      // no sideways scroll
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.goto(`${server.url}/payments`);
      await expect.poll(() => text(page), { timeout: 30_000 }).toContain(fake.deliveries[1].payload.TransID);
      await page.screenshot({ path: `${out}/payments-list-phone.png` });
      // Request payment on a tenant, on a phone: the dialog fills the screen; a cancelled prompt says so
      const [lease] = await get<Array<{ tenant_id: string }>>(page, `/leases?filter=${encodeURIComponent(JSON.stringify({ status: 'active' }))}&range=[0,0]`);
      await page.goto(`${server.url}/tenant-form/${lease.tenant_id}`);
      await page.getByTestId('request-payment').click();
      const dialog = page.getByRole('dialog', { name: 'Request payment by M-Pesa' });
      await dialog.getByLabel('M-Pesa phone').waitFor({ timeout: 30_000 });
      await dialog.getByLabel('M-Pesa phone').fill('0700 001 032');
      await dialog.getByLabel('Amount (KES)').fill('500');
      await page.screenshot({ path: `${out}/request-payment-phone.png` });
      await dialog.getByRole('button', { name: 'Send prompt' }).click();
      const state = dialog.getByTestId('payment-request-state');
      await expect.poll(() => state.getAttribute('data-state').catch(() => null), { timeout: 30_000 }).toBe('cancelled');
      expect(await state.innerText()).toContain('Request cancelled by user');
      await page.screenshot({ path: `${out}/request-cancelled-phone.png` });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    } finally {
      await phone.close();
    }
  });
});
