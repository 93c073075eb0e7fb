// Screenshots of this session's screens for a person to look at (not a test), at 1440×900 and
// 390×844: dashboard, settings (SMS), outbox, an invoice (Request payment, PDF, Credit), a payment,
// remittances, a remittance, the tax report, a tenant statement.
//   KEJA_URL=http://127.0.0.1:8181 DEMO_PASSWORD=… npx tsx tests/e2e/session-shots.mts
import { openChromium } from './harness.ts';
import { logIn } from './demo-app.ts';

const url = process.env.KEJA_URL ?? 'http://127.0.0.1:8181';
const email = process.env.DEMO_EMAIL ?? 'admin@demo.keja.co.ke';
const password = process.env.DEMO_PASSWORD ?? '';
const out = process.env.SHOTS ?? '/tmp/session-shots';

for (const [w, h, tag] of [[1440, 900, 'laptop'], [390, 844, 'phone']] as const) {
  const { page, close } = await openChromium({ width: w, height: h });
  page.setDefaultTimeout(120_000);
  await logIn(page, url, email, password);
  const get = (p: string) => page.evaluate(async (path) => {
    const org = JSON.parse(localStorage.getItem('keja.organization') ?? 'null') as { id: string } | null;
    return (await fetch(`/api/v1${path}`, { headers: { Accept: 'application/json', ...(org ? { 'X-Tenant-Id': org.id } : {}) } })).json();
  }, p);
  const q = (o: object) => encodeURIComponent(JSON.stringify(o));
  const [invoice] = await get(`/invoices?filter=${q({ status: ['issued', 'partially_paid'] })}&range=${q([0, 0])}`) as Array<{ id: string; tenant_id: string }>;
  const [payment] = await get(`/payments?range=${q([0, 0])}`) as Array<{ id: string }>;
  const [remittance] = await get(`/remittances?range=${q([0, 0])}`) as Array<{ id: string }>;
  const shots: Array<[string, string]> = [
    ['dashboard', '/dashboard'],
    ['settings', '/settings'],
    ['outbox', '/outbox'],
    ['invoice', `/invoice-form/${invoice.id}`],
    ['payment', `/payment-form/${payment.id}`],
    ['remittances', '/remittances'],
    ['remittance', `/remittance-form/${remittance.id}`],
    ['tax', '/reports/rental-income-tax'],
    ['statement', `/statements/user/${invoice.tenant_id}`],
  ];
  for (const [name, path] of shots) {
    await page.goto(`${url}${path}`);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1500);
    if (name === 'settings') {
      const sms = page.getByRole('tab', { name: /SMS/ });
      if (await sms.count()) { await sms.click(); await page.waitForTimeout(800); }
    }
    await page.screenshot({ path: `${out}/${name}-${tag}.png`, fullPage: name !== 'dashboard' });
  }
  await close();
}
