// Screenshots of the owner-side screens for a person to look at (not a test): the remittance
// form (a draft with its Approve and Void actions, the overpayment confirmation), the owner
// statement with payouts and VAT on commission, the Monthly Rental Income tax report and the
// dashboard's Due to owners, at 1280 and 390 px.
//   KEJA_URL=http://127.0.0.1:8123 npx tsx tests/e2e/owners-shots.mts   (a running demo server)
// or without KEJA_URL it starts a demo server of its own (npm run build first).
import { openChromium, startServer, type KejaServer } from './harness.ts';
import { logIn } from './demo-app.ts';

const email = process.env.DEMO_EMAIL ?? 'admin@demo.keja.co.ke';
const password = process.env.DEMO_PASSWORD ?? 'Demo-Pass-2026';
let server: KejaServer | null = null;
const url = process.env.KEJA_URL ?? (server = await startServer({ DEMO: '1', DEMO_EMAIL: email, DEMO_PASSWORD: password })).url;
const out = process.env.SHOTS ?? '/tmp/owners-shots';
const only = process.env.ONLY?.split(',');

for (const [w, h, tag] of [[1280, 800, 'laptop'], [390, 844, 'phone']] as const) {
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
  const q = (o: object) => encodeURIComponent(JSON.stringify(o));
  const [draft] = await get(`/remittances?filter=${q({ status: ['draft'] })}&range=${q([0, 0])}`) as Array<{ id: string; owner_id: string }>;
  const [paid] = await get(`/remittances?filter=${q({ status: ['approved'] })}&range=${q([0, 0])}`) as Array<{ id: string; owner_id: string; date: string }>;
  const lastMonth = paid.date.slice(0, 7);
  const from = `${paid.date.slice(0, 4)}-01-01`;
  const shots: Array<[string, string, boolean, string]> = [
    ['remittances', '/remittances', false, 'text=CHQ'],
    ['remittance-draft', `/remittance-form/${draft.id}`, true, 'form'],
    ['remittance-new', '/remittance-form', true, 'form'],
    ['owner-statement', `/statements/property?owner_id=${paid.owner_id}&from=${from}&to=${paid.date}`, true, '[data-testid="owner-account"]'],
    ['tax', `/reports/rental-income-tax?month=${lastMonth}`, true, '[data-testid="tax-due"]'],
    ['tax-owner', `/reports/rental-income-tax?month=${lastMonth}&owner_id=${paid.owner_id}`, true, '[data-testid="tax-due"]'],
    ['dashboard', '/dashboard', true, '[data-testid="tile-due-to-owners"]'],
  ];
  for (const [name, path, full, ready] of shots) {
    if (only && !only.includes(name)) continue;
    await page.goto(`${url}${path}`, { waitUntil: 'domcontentloaded' });
    await page.locator(ready).first().waitFor();
    await page.waitForTimeout(1000);
    await page.screenshot({ path: `${out}/${name}-${tag}.png`, fullPage: full });
  }
  if (!only || only.includes('account')) {
    // the owner's account alone, readable at phone size
    await page.goto(`${url}/statements/property?owner_id=${paid.owner_id}&from=${from}&to=${paid.date}`, { waitUntil: 'domcontentloaded' });
    await page.getByTestId('owner-account').waitFor();
    await page.waitForTimeout(800);
    await page.getByTestId('owner-account').screenshot({ path: `${out}/owner-account-${tag}.png` });
  }
  if (!only || only.includes('approve')) {
    // approving this month's cheque: the dialog, and (when it is more than is due) the confirmation
    await page.goto(`${url}/remittance-form/${draft.id}`, { waitUntil: 'domcontentloaded' });
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${out}/approve-dialog-${tag}.png` });
    await page.keyboard.press('Escape');
    // more than is due: saving is refused, and the form says so by the box to tick
    await page.getByLabel('Amount').click();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('999999');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForTimeout(3000);
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${out}/overpayment-${tag}.png`, fullPage: true });
    // a new payout of more than is due: the form says so by the box to tick
    await page.goto(`${url}/remittance-form`, { waitUntil: 'domcontentloaded' });
    await page.locator('form').waitFor();
    await page.screenshot({ path: `${out}/remittance-form-empty-${tag}.png`, fullPage: true });
  }
  await b.close();
}
await server?.stop();
console.log(`screenshots in ${out}`);
