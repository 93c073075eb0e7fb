// Screenshots of the money screens for a person to look at (not a test):
//   KEJA_URL=http://127.0.0.1:8123 npx tsx tests/e2e/money-shots.mts   (a running demo server)
// or without KEJA_URL it starts a demo server of its own.
import { openChromium, startServer, type KejaServer } from './harness.ts';
import { logIn } from './demo-app.ts';

const email = process.env.DEMO_EMAIL ?? 'admin@demo.keja.co.ke';
const password = process.env.DEMO_PASSWORD ?? 'Demo-Pass-2026';
let server: KejaServer | null = null;
const url = process.env.KEJA_URL ?? (server = await startServer({ DEMO: '1', DEMO_EMAIL: email, DEMO_PASSWORD: password })).url;
const out = process.env.SHOTS ?? '/tmp/money-shots';
const only = process.env.ONLY?.split(',');

for (const [w, h, tag] of [[1366, 800, 'laptop'], [390, 844, 'phone']] as const) {
  const b = await openChromium({ width: w, height: h });
  const { page } = b;
  page.setDefaultTimeout(180_000);
  page.setDefaultNavigationTimeout(180_000);
  await logIn(page, url, email, password);
  const get = (path: string) => page.evaluate(async (p) => {
    const org = JSON.parse(localStorage.getItem('keja.organization') ?? 'null') as { id: string } | null;
    const r = await fetch(`/api/v1${p}`, { headers: { Accept: 'application/json', ...(org ? { 'X-Tenant-Id': org.id } : {}) } });
    return r.json();
  }, path);
  page.setDefaultTimeout(180_000);
  const aging = await get('/reports/aging-balances') as { rows: Array<{ tenant_id: string; balance: string }> };
  const debtor = aging.rows.find((r) => Number(r.balance) > 0)?.tenant_id ?? aging.rows[0]?.tenant_id;
  const props = await get('/properties?range=%5B0%2C0%5D') as Array<{ id: string; owner_id: string }>;
  const [payment] = await get('/payments?filter=%7B%22status%22%3A%22allocated%22%7D&range=%5B0%2C0%5D') as Array<{ id: string }>;
  // what shows once a screen has its figures (the reports can be slow on a busy machine)
  const shots: Array<[string, string, boolean, string]> = [
    ['dashboard', '/dashboard', true, '[data-testid="tile-occupancy"]'],
    ['tenant-statement', `/statements/user/${debtor}`, true, '[data-testid="closing-balance"]'],
    ['tenant-statement-empty', '/statements/user', false, 'h1'],
    ['property-statement', `/statements/property/${props[0].id}`, true, '[data-testid="owner-account"]'],
    ['owner-statement', `/statements/property?owner_id=${props[0].owner_id}`, true, '[data-testid="owner-account"]'],
    ['aging', '/statements/aging-balances', true, '[data-testid="aging-grand-total"]'],
    ['payment', `/payment-form/${payment.id}`, true, '[data-testid="payment-unallocated"]'],
  ];
  page.setDefaultTimeout(180_000);
  for (const [name, path, full, ready] of shots) {
    if (only && !only.includes(name)) continue;
    await page.goto(`${url}${path}`, { waitUntil: 'domcontentloaded' });
    await page.locator(ready).first().waitFor();
    await page.waitForTimeout(800);
    await page.screenshot({ path: `${out}/${name}-${tag}.png`, fullPage: full });
  }
  if (!only || only.includes('print')) {
    await page.goto(`${url}/statements/user/${debtor}`, { waitUntil: 'domcontentloaded' });
    await page.getByTestId('closing-balance').waitFor();
    await page.emulateMedia({ media: 'print' });
    await page.screenshot({ path: `${out}/tenant-statement-print-${tag}.png`, fullPage: true });
    await page.emulateMedia({ media: 'screen' });
  }
  if (!only || only.includes('billing')) {
    await page.goto(`${url}/invoices`, { waitUntil: 'domcontentloaded' });
    await page.getByRole('button', { name: 'Run billing' }).waitFor({ timeout: 30_000 }).catch(() => undefined);
    await page.screenshot({ path: `${out}/invoices-${tag}.png` });
    const run = page.getByRole('button', { name: 'Run billing' });
    if (await run.count()) {
      await run.click();
      await page.waitForTimeout(500);
      await page.screenshot({ path: `${out}/billing-dialog-${tag}.png` });
      await page.getByRole('button', { name: 'Start' }).click();
      await page.getByTestId('billing-summary').waitFor({ timeout: 30_000 });
      await page.screenshot({ path: `${out}/billing-summary-${tag}.png` });
    }
  }
  if (!only || only.includes('moveout')) {
    // the move-out dialog's settlement preview (nothing is ended), and an ended lease's settlement
    const [active] = await get('/leases?filter=%7B%22status%22%3A%22active%22%7D&range=%5B0%2C0%5D') as Array<{ id: string }>;
    await page.goto(`${url}/lease-form/${active.id}`, { waitUntil: 'domcontentloaded' });
    await page.getByRole('button', { name: 'End lease' }).click();
    await page.getByTestId('settlement-preview').waitFor();
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${out}/moveout-dialog-${tag}.png` });
    const [ended] = await get('/leases?filter=%7B%22status%22%3A%22ended%22%7D&range=%5B0%2C0%5D') as Array<{ id: string }>;
    if (ended) {
      await page.goto(`${url}/lease-form/${ended.id}`, { waitUntil: 'domcontentloaded' });
      await page.getByTestId('lease-settlement').waitFor({ timeout: 30_000 }).catch(() => undefined);
      await page.getByTestId('lease-settlement').scrollIntoViewIfNeeded().catch(() => undefined);
      await page.screenshot({ path: `${out}/ended-lease-${tag}.png` });
    }
  }
  console.log(tag, 'outside requests:', b.outside, 'console errors:', b.consoleErrors.slice(0, 5));
  await b.close();
}
await server?.stop();
