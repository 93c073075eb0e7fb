import { writeFileSync, mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, registeredBrowser, type TestApp } from '../helpers.js';
import { memberWith } from '../members.js';
import { pdfPages } from '../pdf-text.js';
import { issue, ledger, pay, type Ledger } from '../domain/payments/fixtures.js';

let t: TestApp;
beforeAll(async () => { t = await buildTestApp(); });
afterAll(() => t.close());

// a 1×1 PNG: the logo as the data URL the settings hold
const LOGO = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** KEEP_PDFS=dir writes each PDF there, to turn into images and look at. */
function keep(name: string, pdf: Buffer) {
  const dir = process.env.KEEP_PDFS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  writeFileSync(`${dir}/${name}.pdf`, pdf);
}

async function organization(name: string): Promise<Ledger> {
  const l = await ledger(t.app, name);
  const settings = (await l.browser.get('/api/v1/settings')).json();
  const saved = await l.browser.put('/api/v1/settings', {
    ...settings, name, kra_pin: 'P051234567Z', address: 'Kimathi Street, Nairobi', phone: '+254712345678', logo: LOGO,
    statement_footer: 'Asante kwa kulipa kwa wakati.', default_payment_channel_id: l.channelId,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const tenant = (await l.browser.get(`/api/v1/tenants/${l.lease.tenant_id}`)).json();
  expect((await l.browser.put(`/api/v1/tenants/${l.lease.tenant_id}`, { ...tenant, name: 'Wanjiru Kamau', email: 'wanjiru@example.co.ke', kra_pin: 'A001234567B' })).statusCode).toBe(200);
  return l;
}

const binary = { 'accept': 'application/pdf' };

/** A member of the organisation whose one role holds exactly these permissions. */
describe('invoice, receipt and statement PDFs', () => {
  it('an invoice PDF carries the letterhead, the tenant, the account code and paybill, lines, totals and due date', async () => {
    const l = await organization('Nyumba Bora Agencies');
    const house = (await l.browser.get(`/api/v1/houses/${l.lease.house_id}`)).json();
    const channel = (await l.browser.get(`/api/v1/payment-channels/${l.channelId}`)).json();
    const inv = await issue(l, { due: '2026-03-05', issue: '2026-03-01', amounts: ['25000.00', '1500.50'] });
    const res = await l.browser.get(`/api/v1/invoices/${inv.id}/pdf`, binary);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="invoice-${String(inv.number)}.pdf"`);
    keep('invoice', res.rawPayload);
    const [page] = await pdfPages(res.rawPayload);
    for (const text of ['Nyumba Bora Agencies', 'KRA PIN: P051234567Z', 'Kimathi Street, Nairobi', 'INVOICE', String(inv.number), 'Wanjiru Kamau',
      'wanjiru@example.co.ke', `Account code: ${house.account_code}`, '1 Mar 2026', '5 Mar 2026', 'Line 1', 'KES 25,000.00', 'KES 1,500.50',
      'KES 26,500.50', 'Balance due', 'Asante kwa kulipa kwa wakati.', 'Page 1 of 1']) {
      expect(page).toContain(text);
    }
    if (channel.kind === 'mpesa_paybill') expect(page).toContain(`M-Pesa Paybill ${channel.number}`);
  });

  it('a report PDF (the rent roll) carries the organisation\'s address and KRA PIN from its own record', async () => {
    const l = await organization('Rent Roll Agencies');
    const house = (await l.browser.get(`/api/v1/houses/${l.lease.house_id}`)).json();
    const res = await l.browser.get(`/api/v1/properties/${house.property_id}/rent-roll?format=pdf`, binary);
    expect(res.statusCode).toBe(200);
    const [page] = await pdfPages(res.rawPayload);
    for (const text of ['Rent Roll Agencies', 'Kimathi Street, Nairobi', 'KRA PIN P051234567Z']) expect(page).toContain(text);
  });

  it('a long invoice goes on to page 2 with its header repeated', async () => {
    const l = await organization('Long Lines Ltd');
    const amounts = Array.from({ length: 60 }, (_, i) => `${100 + i}.00`);
    const inv = await issue(l, { due: '2026-04-05', amounts });
    const res = await l.browser.get(`/api/v1/invoices/${inv.id}/pdf`);
    expect(res.statusCode).toBe(200);
    keep('invoice-long', res.rawPayload);
    const pages = await pdfPages(res.rawPayload);
    expect(pages.length).toBe(2);
    expect(pages[1]).toContain(`Long Lines Ltd — Invoice ${String(inv.number)}`);
    expect(pages[1]).toContain('Description');
    expect(pages[1]).toContain('Line 60');
    expect(pages[1]).toContain('Page 2 of 2');
    // every line once, in order, across the pages
    const all = pages.join('\n');
    for (let i = 1; i <= 60; i++) expect(all).toContain(`Line ${i} `);
  });

  it('a receipt shows the amount, the M-Pesa code, what it paid and the balance after', async () => {
    const l = await organization('Receipt Homes');
    const a = await issue(l, { due: '2026-01-05', issue: '2026-01-01', amounts: ['8000.00'] });
    const b = await issue(l, { due: '2026-02-05', issue: '2026-01-01', amounts: ['10000.00'] });
    const p = await pay(l, '9000.00', { method: 'mpesa', external_reference: 'SLK4H7QX2B', payer_name: 'WANJIRU KAMAU' });
    const res = await l.browser.get(`/api/v1/payments/${p.id}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="receipt-${String(p.receipt_number)}.pdf"`);
    keep('receipt', res.rawPayload);
    const [page] = await pdfPages(res.rawPayload);
    for (const text of ['RECEIPT', String(p.receipt_number), 'SLK4H7QX2B', 'M-Pesa', 'KES 9,000.00', String(a.number), String(b.number),
      'KES 8,000.00', 'KES 1,000.00', 'KES 9,000.00', 'Balance after payment (end of 10 Jan 2026)', 'Wanjiru Kamau']) {
      expect(page).toContain(text);
    }
    // 18,000 billed, 9,000 paid
    expect(page).toMatch(/Balance after payment \(end of 10 Jan 2026\)\s*KES 9,000\.00/);
  });

  it('a statement with many entries: opening, every entry, closing; header on each page; the same figures as the screen', async () => {
    const l = await organization('Statement Estates');
    for (let m = 1; m <= 12; m++) {
      const mm = String(m).padStart(2, '0');
      await issue(l, { due: `2025-${mm}-05`, issue: `2025-${mm}-01`, amounts: ['12000.00', '800.00', '350.00'] });
      await pay(l, '12500.00', { paid_at: `2025-${mm}-04T09:00:00.000Z`, method: 'mpesa', external_reference: `QX${mm}ABCDE` });
    }
    const url = `/api/v1/statements/user/${l.lease.tenant_id}`;
    const json = (await l.browser.get(`${url}?from=2025-01-01&to=2025-12-31`)).json();
    const res = await l.browser.get(`${url}/pdf?from=2025-01-01&to=2025-12-31`);
    expect(res.statusCode, res.body).toBe(200);
    keep('statement', res.rawPayload);
    const pages = await pdfPages(res.rawPayload);
    expect(pages.length).toBeGreaterThan(1);
    const all = pages.join('\n');
    expect(all).toContain('Opening balance');
    expect(all).toContain('QX12ABCDE');
    expect(all).toContain(`KES ${Number(json.closing_balance).toLocaleString('en-KE', { minimumFractionDigits: 2 })}`);
    pages.slice(1).forEach((p) => expect(p).toContain('Statement Estates — Tenant statement'));
    // ?format=pdf on the statement serves the same document
    const same = await l.browser.get(`${url}?from=2025-01-01&to=2025-12-31&format=pdf`);
    expect(same.headers['content-type']).toBe('application/pdf');
    expect((await pdfPages(same.rawPayload)).length).toBe(pages.length);
  });

  it('another organisation gets 404; a role without the permission gets 403; a bad period 422', async () => {
    const l = await organization('Private Lettings');
    const inv = await issue(l, { due: '2026-03-05', amounts: ['100.00'] });
    const p = await pay(l, '100.00');
    const other = await registeredBrowser(t.app, { org: 'Nosy Agency' });
    for (const url of [`/api/v1/invoices/${inv.id}/pdf`, `/api/v1/payments/${p.id}/pdf`, `/api/v1/statements/user/${l.lease.tenant_id}/pdf`]) {
      const res = await other.browser.get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
      // naming the first organisation without being a member is 404 too
      expect((await other.browser.get(url, { 'x-tenant-id': l.orgId })).statusCode).toBe(404);
    }
    expect((await l.browser.get('/api/v1/invoices/01NOTANINVOICE/pdf')).statusCode).toBe(404);
    expect((await l.browser.get(`/api/v1/statements/user/${l.lease.tenant_id}/pdf?from=2026-13-01`)).statusCode).toBe(422);

    // a member whose role may see tenants but not invoices, payments or statements: 403
    const clerk = (await memberWith(t.app, l.browser, l.orgId, ['list.tenant', 'show.tenant'])).browser;
    expect((await clerk.get(`/api/v1/invoices/${inv.id}/pdf`)).statusCode).toBe(403);
    expect((await clerk.get(`/api/v1/payments/${p.id}/pdf`)).statusCode).toBe(403);
    expect((await clerk.get(`/api/v1/statements/user/${l.lease.tenant_id}/pdf`)).statusCode).toBe(403);
    // reading statements is not enough to take one away as a file: export.statement too
    const reader = (await memberWith(t.app, l.browser, l.orgId, ['list.statement', 'show.invoice'])).browser;
    expect((await reader.get(`/api/v1/statements/user/${l.lease.tenant_id}/pdf`)).statusCode).toBe(403);
    expect((await reader.get(`/api/v1/invoices/${inv.id}/pdf`)).statusCode).toBe(200);
    // viewing is not sending: emailing needs send.message
    expect((await reader.post(`/api/v1/invoices/${inv.id}/email`, {})).statusCode).toBe(403);
  });

  it('emails the PDF to the tenant after the read, and records the email; 422 without an address', async () => {
    const l = await organization('Mail Homes');
    const inv = await issue(l, { due: '2026-03-05', amounts: ['4200.00'] });
    const before = t.mails.length;
    const res = await l.browser.post(`/api/v1/invoices/${inv.id}/email`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'sent', to: 'wanjiru@example.co.ke' });
    const mail = t.mails[before];
    expect(mail.to).toBe('wanjiru@example.co.ke');
    expect(mail.subject).toBe(`Invoice ${String(inv.number)} from Mail Homes`);
    expect(mail.attachments?.[0]).toMatchObject({ filename: `invoice-${String(inv.number)}.pdf`, contentType: 'application/pdf' });
    expect((await pdfPages(mail.attachments![0].content))[0]).toContain('KES 4,200.00');
    const message = (await l.browser.get(`/api/v1/messages/${res.json().id}`)).json();
    expect(message).toMatchObject({ channel: 'email', status: 'sent', to: 'wanjiru@example.co.ke', tenant_id: l.lease.tenant_id });

    const p = await pay(l, '4200.00');
    expect((await l.browser.post(`/api/v1/payments/${p.id}/email`, { to: 'accounts@example.co.ke' })).json()).toMatchObject({ status: 'sent', to: 'accounts@example.co.ke' });
    expect(t.mails.at(-1)!.attachments![0].filename).toBe(`receipt-${String(p.receipt_number)}.pdf`);
    expect((await l.browser.post(`/api/v1/statements/user/${l.lease.tenant_id}/email?from=2026-01-01&to=2026-03-31`, {})).statusCode).toBe(200);

    expect((await l.browser.post(`/api/v1/invoices/${inv.id}/email`, { to: 'not an address' })).statusCode).toBe(422);
    const tenant = (await l.browser.get(`/api/v1/tenants/${l.lease.tenant_id}`)).json();
    await l.browser.put(`/api/v1/tenants/${l.lease.tenant_id}`, { ...tenant, email: null });
    const none = await l.browser.post(`/api/v1/invoices/${inv.id}/email`, {});
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.to[0]).toContain('no email address');
    const other = await registeredBrowser(t.app, { org: 'Other Mailer' });
    expect((await other.browser.post(`/api/v1/invoices/${inv.id}/email`, { to: 'x@example.co.ke' })).statusCode).toBe(404);
  });
});
