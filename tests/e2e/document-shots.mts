// Screenshots of the document buttons (invoice, payment, tenant statement) and the PDFs they
// download, for a person to look at (not a test):
//   KEJA_URL=http://127.0.0.1:8123 npx tsx tests/e2e/document-shots.mts   (a running demo server)
// or without KEJA_URL it starts a demo server of its own (run `npm run build` first).
// The downloaded PDFs land beside the shots; turn them into images with `pdftoppm -png -r 80`.
import { mkdirSync } from 'node:fs';
import { openChromium, startServer, type KejaServer } from './harness.ts';
import { logIn } from './demo-app.ts';

const email = process.env.DEMO_EMAIL ?? 'admin@demo.keja.co.ke';
const password = process.env.DEMO_PASSWORD ?? 'Demo-Pass-2026';
let server: KejaServer | null = null;
const url = process.env.KEJA_URL ?? (server = await startServer({ DEMO: '1', DEMO_EMAIL: email, DEMO_PASSWORD: password })).url;
const out = process.env.SHOTS ?? '/tmp/document-shots';
mkdirSync(out, { recursive: true });

for (const [w, h, tag] of [[1280, 800, 'laptop'], [390, 844, 'phone']] as const) {
  const b = await openChromium({ width: w, height: h });
  const { page } = b;
  page.setDefaultTimeout(120_000);
  await logIn(page, url, email, password);
  const get = (path: string) => page.evaluate(async (p) => {
    const org = JSON.parse(localStorage.getItem('keja.organization') ?? 'null') as { id: string } | null;
    const r = await fetch(`/api/v1${p}`, { headers: { Accept: 'application/json', ...(org ? { 'X-Tenant-Id': org.id } : {}) } });
    return r.json();
  }, path);
  // LOGO=/path/to/logo.png: chosen on the settings screen first, so the PDFs carry it
  if (process.env.LOGO) {
    await page.goto(`${url}/settings`, { waitUntil: 'domcontentloaded' });
    await page.getByTestId('logo-file').waitFor({ state: 'attached' });
    if (tag === 'laptop') {
      await page.getByTestId('logo-file').setInputFiles(process.env.LOGO);
      await page.getByTestId('logo-preview').waitFor();
      await page.getByRole('button', { name: 'Save' }).click();
      await page.waitForTimeout(1000);
    }
    await page.screenshot({ path: `${out}/settings-logo-${tag}.png` });
  }
  const [invoice] = await get('/invoices?filter=%7B%22status%22%3A%22partially_paid%22%7D&range=%5B0%2C0%5D') as Array<{ id: string; tenant_id: string }>;
  const [payment] = await get('/payments?filter=%7B%22status%22%3A%22allocated%22%7D&range=%5B0%2C0%5D') as Array<{ id: string }>;

  const shoot = async (name: string, path: string, ready: string, download: boolean) => {
    await page.goto(`${url}${path}`, { waitUntil: 'domcontentloaded' });
    await page.locator(ready).first().waitFor();
    await page.waitForTimeout(600);
    await page.screenshot({ path: `${out}/${name}-${tag}.png` });
    if (download && tag === 'laptop') {
      const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('document-pdf').first().click()]);
      await file.saveAs(`${out}/${name}.pdf`);
    }
  };
  await shoot('invoice', `/invoice-form/${invoice.id}`, '[data-testid="document-pdf"]', true);
  await page.getByTestId('document-email').click();
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${out}/invoice-email-dialog-${tag}.png` });
  await page.keyboard.press('Escape');
  await page.waitForTimeout(400);
  await page.getByTestId('invoice-credit').click();
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${out}/invoice-credit-dialog-${tag}.png` });
  await page.keyboard.press('Escape');

  await shoot('payment', `/payment-form/${payment.id}`, '[data-testid="document-pdf"]', true);
  await shoot('statement', `/statements/user/${invoice.tenant_id}?from=2025-01-01`, '[data-testid="document-email"]', false);
  if (tag === 'laptop') {
    const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'PDF' }).first().click()]);
    await file.saveAs(`${out}/statement.pdf`);
  }
  if (b.outside.length) console.log('requests that left the machine:', b.outside);
  await b.close();
}
await server?.stop();
console.log(`shots in ${out}`);
