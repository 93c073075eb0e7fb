// Month end in Chromium against a fresh server (issue 13): a caretaker reads a property's water
// meters on a phone, the billing run puts each house's water on its tenant's invoice with the rent
// (consumption × rate, at least the minimum, plus the standing charge), the tenants pay, the owner
// is paid what their statement shows as due (a remittance saved and approved on its form), and
// the owner statement's PDF is downloaded, its pages turned into PNGs and its text read.
// The account, organisation, owner, property, houses, water charge, meters, first readings,
// tenants, leases and the tenants' payments are made through the API from the page (same cookies,
// CSRF and organisation header as the app); the readings, the billing run, the payout, its
// approval and the statement PDF in the UI. Screenshots of each step at both sizes go to
// /tmp/month-end-shots/, the PDF's pages to /tmp/month-end-pdf/.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openChromium, startServer, type Chromium, type KejaServer } from './harness.js';
import { apiCall, logIn } from './demo-app.js';

const SHOTS = '/tmp/month-end-shots';
const PDF_PAGES = '/tmp/month-end-pdf';

let server: KejaServer;
let phone: Chromium;
let laptop: Chromium;

beforeAll(async () => {
  rmSync(SHOTS, { recursive: true, force: true });
  rmSync(PDF_PAGES, { recursive: true, force: true });
  mkdirSync(SHOTS, { recursive: true });
  mkdirSync(PDF_PAGES, { recursive: true });
  server = await startServer();
  phone = await openChromium({ width: 390, height: 844 });
  laptop = await openChromium({ width: 1440, height: 900 });
});
afterAll(async () => {
  await phone?.close();
  await laptop?.close();
  await server?.stop();
});

/** A JSON call from the page; anything but 2xx throws with the server's answer. */
async function call<T = Record<string, unknown>>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  const res = await apiCall<T>(page, method, path, body);
  if (res.status < 200 || res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}
const idOf = (b: unknown) => {
  const r = b as { id?: string; organization?: { id: string }; user?: { id: string } };
  return String(r.id ?? r.organization?.id ?? r.user?.id);
};
const create = async (page: Page, path: string, body: unknown) => idOf(await call(page, 'POST', path, body));
const q = (o: unknown) => encodeURIComponent(JSON.stringify(o));

/** Decimal text → cents, and back (money to the cent, no floats). */
const cents = (d: string) => {
  const [w, f = ''] = d.split('.');
  const neg = w.startsWith('-');
  const v = BigInt(w.replace('-', '') || '0') * 100n + BigInt((f + '00').slice(0, 2));
  return neg ? -v : v;
};
const dec = (c: bigint) => {
  const neg = c < 0n;
  const a = neg ? -c : c;
  return `${neg ? '-' : ''}${a / 100n}.${String(a % 100n).padStart(2, '0')}`;
};
/** rate (cents) × quantity (a decimal with up to 3 places), half away from zero, like the server. */
const timesQty = (rate: bigint, qty: string) => {
  const [w, f = ''] = qty.split('.');
  const scale = 10n ** BigInt(f.length);
  const n = rate * (BigInt(w) * scale + BigInt(f || '0'));
  return (n + scale / 2n) / scale;
};
/** What the water of one reading bills: consumption × rate, at least the minimum, plus the standing charge. */
const waterBill = (consumption: string) => {
  const byUse = timesQty(RATE, consumption);
  return (byUse < MINIMUM ? MINIMUM : byUse) + STANDING;
};
/** "Ksh 1,234.50" as the screens and PDF print it. */
const ksh = (c: bigint) => `${c < 0n ? '-' : ''}Ksh ${Number((c < 0n ? -c : c) / 100n).toLocaleString('en-US')}.${String((c < 0n ? -c : c) % 100n).padStart(2, '0')}`;
const text = (page: Page) => page.locator('body').innerText().then((t) => t.replace(/\u00a0/g, ' '));

const nairobiToday = () => new Date(Date.now() + 3 * 3600_000).toISOString().slice(0, 10);
const monthStart = (d: string, n: number) => {
  const [y, m] = d.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1 + n, 1)).toISOString().slice(0, 10);
};
/** How far a page scrolls sideways, per screen shot (reported, and none allowed on the statement). */
const sideways: Record<string, number> = {};

/** A screen at the other size: opened, settled, shot full page, its sideways scroll noted. */
async function shot(b: Chromium, name: string, path: string, ready: string) {
  await b.page.goto(`${server.url}${path}`);
  await b.page.locator(ready).first().waitFor({ timeout: 20_000 });
  await b.page.waitForTimeout(300);
  await b.page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  sideways[name] = await b.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

const plusDays = (d: string, n: number) => new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

// the water tariff: Ksh 152.50 a cubic metre, at least Ksh 300, plus Ksh 100 a reading
const RATE = 15250n;
const MINIMUM = 30000n;
const STANDING = 10000n;
const COMMISSION = '10';

const today = nairobiToday();
const lastMonth = monthStart(today, -1);
const thisMonth = monthStart(today, 0);
const email = `month-end-${Date.now()}@example.co.ke`;
const password = 'Mwisho-wa-Mwezi-2026';

// two houses: one uses 12.345 m³ (billed by use, rounded to the cent), one 1.5 m³ (the minimum)
const HOUSES = [
  { number: 'A1', rent: '18000.00', tenant: 'Wanjiru Kamau', phone: '+254711000101', meter: 'WM-A1', first: '1034.200', now: '1046.545', used: '12.345' },
  { number: 'A2', rent: '15500.00', tenant: 'Hassan Omondi', phone: '+254711000102', meter: 'WM-A2', first: '502.000', now: '503.5', used: '1.5' },
] as const;

const ids = { owner: '', property: '', charge: '', channel: '', leases: [] as string[], tenants: [] as string[], houses: [] as string[], meters: [] as string[], remittance: '' };
/** What the payout step found, for the statement step: the amount paid out and this month's opening balance. */
const found = { due: 0n, opening: 0n };

describe('month end, in Chromium (phone and laptop)', () => {
  it('sets up an organisation with a metered water charge, two let houses and their meters (API)', async () => {
    const { page } = phone;
    await page.goto(`${server.url}/`);
    await page.evaluate(() => fetch('/sanctum/csrf-cookie', { credentials: 'include' }));
    await create(page, '/register', { name: 'Njeri Mwangi', email, password, password_confirmation: password });
    await create(page, '/organisations', { name: 'Mwangi Property Managers' });
    await page.goto(`${server.url}/dashboard`);
    await expect.poll(() => text(page), { timeout: 15_000 }).toContain('Mwangi Property Managers');

    ids.owner = await create(page, '/property-owners', { kind: 'individual', name: 'Peter Kimani Njoroge', commission_rate: COMMISSION });
    ids.property = await create(page, '/properties', { name: 'Riverside Court', owner_id: ids.owner, kind: 'residential' });
    ids.charge = await create(page, '/charges', {
      name: 'Water', category: 'utility', amount: dec(RATE), billing: 'monthly', metered: true, minimum_charge: dec(MINIMUM), standing_charge: dec(STANDING),
    });
    ids.channel = await create(page, '/payment-channels', { name: 'Office cash', kind: 'cash', is_default: true });
    for (const h of HOUSES) {
      const house = await create(page, '/houses', { property_id: ids.property, owner_id: ids.owner, number: h.number, account_code: `RC-${h.number}`, rent: h.rent, status: 'vacant' });
      const tenant = await create(page, '/tenants', { kind: 'individual', name: h.tenant, phone: h.phone, sms_opt_in: false });
      // the lease from the first of last month, activated: its first month is billed at once
      const lease = await create(page, '/leases', { tenant_id: tenant, house_id: house, start_date: lastMonth, rent: h.rent });
      await call(page, 'POST', `/leases/${lease}/activate`, {});
      // the meter billed at the water rate, read when the tenant moved in
      const meter = await create(page, '/meters', { house_id: house, number: h.meter, utility: 'water', unit: 'm3', charge_id: ids.charge });
      await call(page, 'POST', '/readings', { meter_id: meter, date: plusDays(lastMonth, 1), value: h.first });
      ids.houses.push(house);
      ids.tenants.push(tenant);
      ids.leases.push(lease);
      ids.meters.push(meter);
    }
    for (const lease of ids.leases) expect((await call<{ status: string }>(page, 'GET', `/leases/${lease}`)).status).toBe('active');
    // the office's laptop, logged in as the same person
    await logIn(laptop.page, server.url, email, password);

    // A1's tenant paid last month's rent last month: the owner's opening balance this month
    await create(page, '/payments', {
      tenant_id: ids.tenants[0], channel_id: ids.channel, method: 'cash', amount: HOUSES[0].rent, paid_at: `${plusDays(lastMonth, 4)}T07:00:00.000Z`,
    });
  });

  it('on a phone, the caretaker reads both meters on the walk and saves them', async () => {
    const { page } = phone;
    await page.goto(`${server.url}/read-meters/${ids.property}`);
    const rows = page.locator('main form');
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(HOUSES.length);
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SHOTS}/01-walk-phone.png`, fullPage: true });
    for (const h of HOUSES) {
      const row = rows.filter({ hasText: h.meter });
      expect(await row.innerText()).toContain(`Last: ${Number(h.first)}`);
      await row.locator('input[inputmode="decimal"]').fill(h.now);
      // the screen works out the consumption before it is saved
      await expect.poll(() => row.innerText(), { timeout: 5_000 }).toContain(`Uses ${Number(h.used)} m³`);
    }
    await page.screenshot({ path: `${SHOTS}/02-walk-typed-phone.png`, fullPage: true });
    for (const h of HOUSES) {
      const row = rows.filter({ hasText: h.meter });
      await row.getByRole('button', { name: 'Save' }).click();
      await row.getByText('Saved', { exact: false }).waitFor({ timeout: 15_000 });
    }
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'read' }).innerText(), { timeout: 10_000 }).toBe(`${HOUSES.length} of ${HOUSES.length} read`);
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${SHOTS}/03-walk-saved-phone.png`, fullPage: true });

    // the server kept the chain: each new reading counts from the first, dated today
    for (const [i, h] of HOUSES.entries()) {
      const rs = await call<Array<{ date: string; value: string; previous_value: string | null; consumption: string | null; invoice_id: string | null }>>(
        page, 'GET', `/readings?filter=${q({ meter_id: ids.meters[i] })}&sort=${q(['date', 'DESC'])}`);
      expect(rs).toHaveLength(2);
      expect(rs[0]).toMatchObject({ date: today, invoice_id: null });
      expect(Number(rs[0].value)).toBe(Number(h.now));
      expect(Number(rs[0].previous_value)).toBe(Number(h.first));
      expect(Number(rs[0].consumption)).toBe(Number(h.used));
    }
    // the same at the other size, and the readings list at both
    // another device opened later counts both as read today
    await shot(laptop, '03-walk-saved-laptop', `/read-meters/${ids.property}`, 'text=Last: 1046.545');
    expect(await laptop.page.getByRole('status').filter({ hasText: 'read' }).innerText()).toBe(`${HOUSES.length} of ${HOUSES.length} read`);
    await shot(phone, '03b-readings-phone', '/readings', `text=${HOUSES[1].meter}`);
    await shot(laptop, '03b-readings-laptop', '/readings', `text=${HOUSES[1].meter}`);
  });

  it('on a laptop, the billing run bills each lease its rent and its water to the cent', async () => {
    const invoices: string[] = [];
    const { page } = laptop;
    await page.goto(`${server.url}/invoices`);
    await page.getByRole('button', { name: 'Run billing' }).click();
    await page.getByLabel('Month').fill(thisMonth.slice(0, 7));
    await page.screenshot({ path: `${SHOTS}/04-billing-dialog-laptop.png` });
    await page.getByRole('button', { name: 'Start' }).click();
    const summary = page.getByTestId('billing-summary');
    await summary.waitFor({ timeout: 30_000 });
    expect(await summary.innerText()).toContain('2 invoices made');
    await page.screenshot({ path: `${SHOTS}/05-billing-done-laptop.png` });
    await page.getByRole('button', { name: 'Close' }).click();

    for (const [i, h] of HOUSES.entries()) {
      const list = await call<Array<{ id: string; period_start: string }>>(page, 'GET', `/invoices?filter=${q({ lease_id: ids.leases[i] })}`);
      const mine = list.find((inv) => inv.period_start === thisMonth);
      expect(mine, `${h.number}: this month's invoice`).toBeTruthy();
      invoices.push(mine!.id);
      const inv = await call<{ total: string; lines: Array<{ kind: string; description: string; quantity: string; rate: string; amount: string; charge_id: string | null }> }>(
        page, 'GET', `/invoices/${mine!.id}`);
      const water = inv.lines.filter((l) => l.charge_id === ids.charge);
      const rent = inv.lines.filter((l) => l.charge_id !== ids.charge);
      expect(rent.reduce((s, l) => s + cents(l.amount), 0n)).toBe(cents(h.rent));
      // by use (or the minimum), then the standing charge
      expect(water).toHaveLength(2);
      const byUse = timesQty(RATE, h.used);
      expect(cents(water[0].amount)).toBe(byUse < MINIMUM ? MINIMUM : byUse);
      expect(water[0].description).toContain(`${Number(h.used)} m³`);
      expect(water[0].description).not.toMatch(/\d{4}-\d{2}-\d{2}/);
      if (byUse < MINIMUM) expect(water[0].description).toContain('minimum charge');
      expect(cents(water[1].amount)).toBe(STANDING);
      expect(water.reduce((s, l) => s + cents(l.amount), 0n)).toBe(waterBill(h.used));
      expect(cents(inv.total)).toBe(cents(h.rent) + waterBill(h.used));
      // the reading now names the invoice it was billed on
      const [reading] = await call<Array<{ invoice_id: string | null }>>(page, 'GET', `/readings?filter=${q({ meter_id: ids.meters[i] })}&sort=${q(['date', 'DESC'])}`);
      expect(reading.invoice_id).toBe(mine!.id);
    }
    // 12.345 m³ × 152.50 = 1,882.6125 → 1,882.61 + 100 standing; 1.5 m³ → the 300 minimum + 100
    expect(HOUSES.map((h) => dec(waterBill(h.used)))).toEqual(['1982.61', '400.00']);

    await page.goto(`${server.url}/invoices`);
    await expect.poll(() => text(page), { timeout: 15_000 }).toContain(HOUSES[0].tenant);
    await page.screenshot({ path: `${SHOTS}/06-invoices-laptop.png`, fullPage: true });
    await shot(phone, '06-invoices-phone', '/invoices', `text=${HOUSES[0].tenant}`);
    for (const [b, tag] of [[laptop, 'laptop'], [phone, 'phone']] as const) {
      await shot(b, `06b-invoice-water-${tag}`, `/invoice-form/${invoices[0]}`, `text=${HOUSES[0].meter}`);
    }
  });

  it('the tenants pay, and the owner is paid what the statement shows as due (a remittance saved and approved)', async () => {
    const { page } = laptop;
    // today both tenants pay everything they still owe (A2 last month's rent too)
    const paidLastMonth = cents(HOUSES[0].rent);
    let collected = 0n;
    for (const [i, h] of HOUSES.entries()) {
      const owed = cents(h.rent) * 2n + waterBill(h.used) - (i === 0 ? paidLastMonth : 0n);
      collected += owed;
      await create(page, '/payments', { tenant_id: ids.tenants[i], channel_id: ids.channel, method: 'cash', amount: dec(owed), paid_at: new Date().toISOString() });
      const invs = await call<Array<{ balance: string; status: string }>>(page, 'GET', `/invoices?filter=${q({ lease_id: ids.leases[i] })}`);
      expect(invs.map((v) => [v.status, v.balance])).toEqual(invs.map(() => ['paid', '0.00']));
    }
    // commission 10 %, rounded on everything collected to a day
    const pct = (c: bigint) => (c * 10n + 50n) / 100n;
    const opening = paidLastMonth - pct(paidLastMonth);
    const commission = pct(paidLastMonth + collected) - pct(paidLastMonth);
    const due = opening + collected - commission;

    // this month's owner statement: last month's net as the opening, this month's collections less the commission
    const period = `from=${thisMonth}&to=${today}`;
    const before = await call<{ amount_due_to_owner: string; totals: Record<string, string> }>(page, 'GET', `/statements/owner/${ids.owner}?${period}`);
    expect(before.totals).toMatchObject({ opening_balance: dec(opening), collected: dec(collected), commission: dec(commission), paid_out: '0.00', expenses: '0.00' });
    expect(before.amount_due_to_owner).toBe(dec(due));

    await page.goto(`${server.url}/statements/property?owner_id=${ids.owner}&${period}`);
    const dueFigure = page.getByTestId('due-to-owner');
    await expect.poll(() => dueFigure.innerText().then((t) => t.replace(/\u00a0/g, ' ')), { timeout: 15_000 }).toContain(ksh(due));
    await page.screenshot({ path: `${SHOTS}/07-owner-statement-before-laptop.png`, fullPage: true });
    await shot(phone, '07-owner-statement-before-phone', `/statements/property?owner_id=${ids.owner}&${period}`, '[data-testid="due-to-owner"]');
    // the amount shown, as a person would copy it
    const shown = (await dueFigure.innerText()).replace(/\u00a0/g, ' ').match(/Ksh ([\d,]+\.\d\d)/)![1].replace(/,/g, '');
    expect(shown).toBe(dec(due));
    found.due = due;
    found.opening = opening;

    // "Record a payout" opens the remittance form with the owner chosen
    await page.getByRole('link', { name: /Record a payout/i }).click();
    await page.waitForURL(`**/property-owner/${ids.owner}/remittance-form`);
    await page.locator('form').waitFor();
    await expect.poll(() => page.locator('input[name="owner_id"]').inputValue(), { timeout: 10_000 }).toContain('Peter Kimani');
    await page.locator('input[name="reference"]').fill('EFT-ME-0001');
    await page.locator('input[name="date"]').fill(today);
    const amount = page.locator('input[name="amount"]');
    await amount.click();
    await amount.press('Control+a');
    await amount.pressSequentially(shown);
    await page.locator('input[name="period_start"]').fill(thisMonth);
    await page.locator('input[name="period_end"]').fill(today);
    await page.screenshot({ path: `${SHOTS}/08-remittance-form-laptop.png`, fullPage: true });
    await page.locator('button[type="submit"]').click();
    await expect.poll(async () => (await call<Array<{ id: string }>>(page, 'GET', `/remittances?filter=${q({ owner_id: ids.owner })}`)).length, { timeout: 15_000 }).toBe(1);
    const [draft] = await call<Array<{ id: string; status: string; amount: string }>>(page, 'GET', `/remittances?filter=${q({ owner_id: ids.owner })}`);
    expect(draft).toMatchObject({ status: 'draft', amount: dec(due) });
    ids.remittance = draft.id;

    // approved on its form
    await page.goto(`${server.url}/remittance-form/${draft.id}`);
    await page.getByRole('button', { name: 'Approve' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${SHOTS}/09-approve-dialog-laptop.png` });
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(async () => (await call<{ status: string }>(page, 'GET', `/remittances/${draft.id}`)).status, { timeout: 15_000 }).toBe('approved');
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${SHOTS}/10-remittance-approved-laptop.png`, fullPage: true });
    await shot(phone, '10-remittance-approved-phone', `/remittance-form/${draft.id}`, 'form');
    await shot(phone, '10b-remittances-phone', '/remittances', 'text=EFT-ME-0001');
    await shot(laptop, '10b-remittances-laptop', '/remittances', 'text=EFT-ME-0001');

    // the statement: closing = opening + collected − commission − expenses − paid out, all of it paid
    const after = await call<{ amount_due_to_owner: string; totals: Record<string, string> }>(page, 'GET', `/statements/owner/${ids.owner}?${period}`);
    const t = after.totals;
    expect(t).toMatchObject({ opening_balance: dec(opening), collected: dec(collected), commission: dec(commission), paid_out: dec(due) });
    expect(cents(t.closing_balance)).toBe(cents(t.opening_balance) + cents(t.collected) + cents(t.other_income) - cents(t.commission) - cents(t.commission_vat) - cents(t.expenses) - cents(t.paid_out));
    expect(t.closing_balance).toBe('0.00');
    expect(after.amount_due_to_owner).toBe('0.00');
    // over both months: nothing opening, everything collected, the same payout
    const both = await call<{ totals: Record<string, string> }>(page, 'GET', `/statements/owner/${ids.owner}?from=${lastMonth}&to=${today}`);
    expect(both.totals).toMatchObject({ opening_balance: '0.00', collected: dec(paidLastMonth + collected), paid_out: dec(due), closing_balance: '0.00' });
  });

  it('the owner statement shows the payout, and its PDF says the same (laptop and phone)', async () => {
    const { due } = found;
    const url = `${server.url}/statements/property?owner_id=${ids.owner}&from=${thisMonth}&to=${today}`;
    for (const [b, tag] of [[laptop, 'laptop'], [phone, 'phone']] as const) {
      const { page } = b;
      await page.goto(url);
      const paidOut = page.getByTestId('line-paid-out');
      await expect.poll(() => paidOut.innerText().then((t) => t.replace(/\u00a0/g, ' ')), { timeout: 15_000 }).toContain(ksh(due));
      expect((await page.getByTestId('line-closing').innerText()).replace(/\u00a0/g, ' ')).toContain('Ksh 0.00');
      expect((await page.getByTestId('line-opening').innerText()).replace(/\u00a0/g, ' ')).toContain(ksh(found.opening));
      // the payout, its method as the form names it
      expect((await page.getByTestId('payout-row').innerText()).replace(/\u00a0/g, ' ')).toMatch(/Bank · EFT-ME-0001 · Whole account\s*Ksh [\d,]+\.\d\d/);
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${SHOTS}/11-owner-statement-after-${tag}.png`, fullPage: true });
      // nothing wider than the screen
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${tag}: page scrolls sideways`).toBeLessThanOrEqual(0);
    }

    const { page } = laptop;
    await page.goto(url);
    await page.getByTestId('line-paid-out').waitFor({ timeout: 15_000 });
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'PDF' }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const statementPdf = `${PDF_PAGES}/owner-statement.pdf`;
    await download.saveAs(statementPdf);
    expect(readFileSync(statementPdf).subarray(0, 5).toString('latin1')).toBe('%PDF-');

    execFileSync('pdftoppm', ['-png', '-r', '80', statementPdf, `${PDF_PAGES}/page`]);
    const pages = readdirSync(PDF_PAGES).filter((f) => f.startsWith('page') && f.endsWith('.png'));
    expect(pages.length).toBeGreaterThanOrEqual(1);
    const pdfText = execFileSync('pdftotext', ['-layout', statementPdf, '-']).toString('utf8').replace(/\u00a0/g, ' ');
    expect(pdfText).toContain('Peter Kimani Njoroge');
    expect(pdfText).toContain('Paid out to the owner');
    const amount = dec(due).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
    expect(pdfText).toContain(amount);
    // the payout itself, listed as on the screen: its day, method and reference
    expect(pdfText).toMatch(/of which \d{1,2} [A-Z][a-z]{2} \d{4} · Bank · EFT-ME-0001\s+-Ksh\s*[\d,]+\.\d{2}/);
    expect(pdfText).toMatch(/Closing balance: due to owner\s+(Ksh\s*)?0\.00/);
    // dates on paper read as on screen (27 Nov 2026), the footer in Nairobi time, no negative zero
    expect(pdfText).not.toMatch(/\b\d{4}-\d{2}-\d{2}\b|UTC|-Ksh 0\.00/);

    // what scrolls sideways (the phone's screens are reported; the statement is asserted above)
    console.log('sideways scroll (px) per screenshot:', JSON.stringify(sideways));
    expect(phone.outside).toEqual([]);
    expect(laptop.outside).toEqual([]);
  });
});
