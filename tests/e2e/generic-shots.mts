// Screenshots of the generic screens for a person to look at (not a test):
// npm run build && npx tsx tests/e2e/generic-shots.mts [name …]
// KEJA_URL=http://127.0.0.1:8080 uses a running server (started with that demo login) instead.
import { openChromium, startServer } from './harness.ts';
import { logIn } from './demo-app.ts';

const server = process.env.KEJA_URL
  ? { url: process.env.KEJA_URL, stop: async () => undefined }
  : await startServer({ DEMO: '1', DEMO_EMAIL: 'admin@demo.keja.co.ke', DEMO_PASSWORD: 'Demo-Pass-2026' });
const out = process.env.SHOTS ?? '/tmp/shots';
const only = process.argv.slice(2);
try {
  for (const [w, h, tag] of [[1366, 800, 'laptop'], [390, 844, 'phone']] as const) {
    const b = await openChromium({ width: w, height: h });
    const { page } = b;
    await logIn(page, server.url, 'admin@demo.keja.co.ke', 'Demo-Pass-2026');
    const first = async (resource: string) =>
      page.evaluate(async (r) => {
        const org = JSON.parse(localStorage.getItem('keja.organization') ?? 'null');
        const res = await fetch(`/api/v1/${r}?range=[0,0]`, { headers: { Accept: 'application/json', 'X-Tenant-Id': org?.id ?? '' } });
        const rows = await res.json();
        return rows[0]?.id as string;
      }, resource);
    const house = await first('houses');
    const tenant = await first('tenants');
    const property = await first('properties');
    const invoice = await first('invoices');
    const shots: Array<[string, string]> = [
      ['houses', '/houses'],
      ['invoices', '/invoices'],
      ['house-form', `/house-form/${house}`],
      ['house-new', '/house-form'],
      ['tenant-form', `/tenant-form/${tenant}`],
      ['property-form', `/property-form/${property}`],
      ['invoice-form', `/invoice-form/${invoice}`],
      ['outbox', '/outbox'],
      ['settings', '/settings'],
    ];
    for (const [name, path] of shots) {
      if (only.length && !only.includes(name)) continue;
      await page.goto(`${server.url}${path}`);
      await page.waitForTimeout(2500);
      await page.screenshot({ path: `${out}/${name}-${tag}.png`, fullPage: name.endsWith('form') });
    }
    console.log(tag, 'outside requests:', b.outside, 'console errors:', b.consoleErrors.slice(0, 8));
    await b.close();
  }
} finally {
  await server.stop();
}
