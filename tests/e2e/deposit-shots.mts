// Screenshots of the move-out with deductions and the deposit refund, for a person to look at (not
// a test): the dialog filled (two deductions, the refund payout), the ended lease's settlement and
// the tenant statement's deposit ledger. Needs `npm run build`; starts a demo server of its own
// (or KEJA_URL=… a running one). SHOTS=dir for the PNGs.
import { openChromium, startServer, type KejaServer } from './harness.ts';

const email = process.env.DEMO_EMAIL ?? 'admin@demo.keja.co.ke';
const password = process.env.DEMO_PASSWORD ?? 'Demo-Pass-2026';
let server: KejaServer | null = null;
const url = process.env.KEJA_URL ?? (server = await startServer({ DEMO: '1', DEMO_EMAIL: email, DEMO_PASSWORD: password })).url;
const out = process.env.SHOTS ?? '/tmp/deposit-shots';

// the laptop ends a lease; the phone ends another one, so each sees the dialog before and after
for (const [w, h, tag] of [[1366, 768, 'laptop'], [390, 844, 'phone']] as const) {
  const b = await openChromium({ width: w, height: h });
  const { page } = b;
  page.setDefaultTimeout(180_000);
  page.setDefaultNavigationTimeout(180_000);
  await page.goto(`${url}/auth/login`);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('button[type="submit"]').click();
  await page.waitForURL('**/dashboard');
  const get = (path: string) => page.evaluate(async (p) => {
    const org = JSON.parse(localStorage.getItem('keja.organization') ?? 'null') as { id: string } | null;
    const r = await fetch(`/api/v1${p}`, { headers: { Accept: 'application/json', ...(org ? { 'X-Tenant-Id': org.id } : {}) } });
    return r.json();
  }, path);
  const [lease] = await get('/leases?filter=%7B%22status%22%3A%22active%22%7D&range=%5B0%2C0%5D') as Array<{ id: string; tenant_id: string }>;
  await page.goto(`${url}/lease-form/${lease.id}`, { waitUntil: 'domcontentloaded' });
  await page.getByRole('button', { name: 'End lease' }).click();
  await page.getByTestId('settlement-preview').waitFor();
  const dialog = page.getByRole('dialog');
  for (const [i, [what, amount]] of [['Broken kitchen window', '3500'], ['Deep clean after move-out', '1500']].entries()) {
    await dialog.getByRole('button', { name: 'Add a deduction' }).click();
    const row = dialog.getByTestId('deduction-row').nth(i);
    if (i === 1) {
      await row.getByLabel('For').click();
      await page.getByRole('option', { name: 'Cleaning' }).click();
    }
    await row.getByLabel('Description').fill(what);
    await row.getByLabel('Amount').fill(amount);
  }
  await dialog.getByLabel('Record the refund paid to the tenant now').check();
  await dialog.getByLabel('Reference').fill('QK12AB34CD');
  // paid on the move-out day (a notice may have set it after today)
  await dialog.getByLabel('Paid on').fill(await dialog.getByLabel('Move-out date').inputValue());
  await page.waitForTimeout(1500);
  await dialog.getByTestId('settlement-preview').waitFor();
  await page.screenshot({ path: `${out}/moveout-deductions-${tag}.png` });
  await dialog.getByTestId('settlement-preview').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${out}/moveout-deductions-preview-${tag}.png` });
  // a negative amount: the row says so and the dialog cannot be accepted
  await dialog.getByTestId('deduction-row').nth(1).getByLabel('Amount').fill('-50');
  await dialog.getByTestId('deduction-row').nth(1).scrollIntoViewIfNeeded();
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${out}/moveout-deductions-invalid-${tag}.png` });
  await dialog.getByTestId('deduction-row').nth(1).getByLabel('Amount').fill('1500');
  await page.waitForTimeout(1200);
  await dialog.getByRole('button', { name: 'End lease' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await page.getByTestId('lease-settlement').waitFor({ timeout: 60_000 });
  await page.getByTestId('lease-settlement').scrollIntoViewIfNeeded();
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${out}/ended-lease-settlement-${tag}.png` });
  await page.goto(`${url}/statements/user/${lease.tenant_id}?lease_id=${lease.id}`, { waitUntil: 'domcontentloaded' });
  await page.getByTestId('deposit-ledger').waitFor();
  await page.screenshot({ path: `${out}/tenant-statement-deposit-${tag}.png`, fullPage: true });
  console.log(tag, 'outside requests:', b.outside, 'console errors:', b.consoleErrors.slice(0, 5));
  await b.close();
}
await server?.stop();
