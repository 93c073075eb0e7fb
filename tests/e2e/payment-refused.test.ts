// The payment form in Chromium against the real server: a second payment with an M-Pesa code
// already recorded is refused; the form keeps every value typed and shows the server's message
// (issue 15: "the payment form forgets").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openChromium, startServer, type Chromium, type KejaServer } from './harness.js';

let server: KejaServer;
let browser: Chromium;

beforeAll(async () => {
  server = await startServer();
  browser = await openChromium({ width: 390, height: 844 });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function call(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
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

async function fill(page: Page) {
  await page.goto(`${server.url}/payment-form`);
  await page.getByRole('heading', { name: 'Record a payment' }).waitFor();
  await page.getByLabel(/Amount/).fill('12500');
  await page.getByRole('radio', { name: 'M-Pesa' }).check();
  await page.getByRole('combobox', { name: /Channel/ }).click();
  await page.getByRole('option', { name: 'Office M-Pesa' }).click();
  await page.getByLabel(/M-Pesa transaction code/).fill('QGH7X2K9LM');
  await page.getByLabel(/Payer name/).fill('Amina Wanjiru');
}

describe('payment form, refused by the server', () => {
  it('keeps the values and shows why after a duplicate M-Pesa code', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/`);
    await page.evaluate(() => fetch('/sanctum/csrf-cookie', { credentials: 'include' }));
    const email = `pay-${Date.now()}@example.co.ke`;
    expect((await call(page, 'POST', '/register', { name: 'Achieng Otieno', email, password: 'Pesa-Safi-2026', password_confirmation: 'Pesa-Safi-2026' })).status).toBe(201);
    expect((await call(page, 'POST', '/organisations', { name: 'Otieno Lettings' })).status).toBe(201);
    await page.goto(`${server.url}/dashboard`);
    await expect.poll(() => page.locator('body').innerText(), { timeout: 15_000 }).toContain('Otieno Lettings');
    expect((await call(page, 'POST', '/payment-channels', { name: 'Office M-Pesa', kind: 'cash', is_default: true })).status).toBe(201);

    // the first payment with the code is recorded
    await fill(page);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/payments/);

    // the same code again: refused, nothing wiped, the reason on screen
    await fill(page);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.locator('body').innerText(), { timeout: 15_000 }).toMatch(/already recorded/);
    expect(page.url()).toContain('/payment-form');
    expect(await page.getByLabel(/Amount/).inputValue()).toBe('12,500.00');
    expect(await page.getByLabel(/M-Pesa transaction code/).inputValue()).toBe('QGH7X2K9LM');
    expect(await page.getByLabel(/Payer name/).inputValue()).toBe('Amina Wanjiru');
    expect(await page.getByRole('combobox', { name: /Channel/ }).inputValue()).toBe('Office M-Pesa');
    expect(await page.getByRole('radio', { name: 'M-Pesa' }).isChecked()).toBe(true);
    await page.screenshot({ path: '/tmp/h15m-payment-refused-phone.png', fullPage: true });
    const payments = await call(page, 'GET', '/payments');
    expect(payments.body).toHaveLength(1);
  });
});
