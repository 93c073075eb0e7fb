// Screenshots of the caretaker's meter walk for a person to look at (not a test): a property's
// meters with their last readings, a normal reading typed, an unusual one, a lower one (with the
// "New meter" box), one saved; then the readings list. At 1366x768 and 390x844.
//   KEJA_URL=http://127.0.0.1:8123 npx tsx tests/e2e/meters-shots.mts   (a running demo server)
// or without KEJA_URL it starts a demo server of its own (npm run build first).
import { mkdirSync } from 'node:fs';
import { openChromium, startServer, type KejaServer } from './harness.ts';
import { apiCall } from './demo-app.ts';

const email = process.env.DEMO_EMAIL ?? 'admin@demo.keja.co.ke';
const password = process.env.DEMO_PASSWORD ?? 'Demo-Pass-2026';
let server: KejaServer | null = null;
const url = process.env.KEJA_URL ?? (server = await startServer({ DEMO: '1', DEMO_EMAIL: email, DEMO_PASSWORD: password, DEMO_HISTORY_MONTHS: '2' })).url;
const out = process.env.SHOTS ?? '/tmp/meters-shots';
mkdirSync(out, { recursive: true });

const day = (ago: number) => new Date(Date.now() + 3 * 3600_000 - ago * 86_400_000).toISOString().slice(0, 10);
let propertyId = '';

for (const [w, h, tag] of [[1366, 768, 'laptop'], [390, 844, 'phone']] as const) {
  const b = await openChromium({ width: w, height: h });
  const { page } = b;
  page.setDefaultTimeout(180_000);
  await page.goto(`${url}/auth/login`);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('button[type="submit"]').click();
  await page.waitForURL('**/dashboard');
  const call = async <T,>(method: string, path: string, body?: unknown) => {
    const r = await apiCall<T>(page, method, path, body);
    if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body;
  };
  if (!propertyId && (await call<unknown[]>('GET', '/meters?range=[0,0]')).length) {
    propertyId = (await call<Array<{ property_id: string }>>('GET', '/meters?range=[0,0]'))[0].property_id;
  }
  if (!propertyId) {
    // a water tariff and a meter on each house of the first property, with two months of readings
    const [property] = await call<Array<{ id: string }>>('GET', `/properties?sort=${encodeURIComponent('["name","ASC"]')}&range=[0,0]`);
    propertyId = property.id;
    const houses = await call<Array<{ id: string; number: string }>>('GET', `/houses?filter=${encodeURIComponent(JSON.stringify({ property_id: propertyId }))}&range=[0,5]`);
    const charge = await call<{ id: string }>('POST', '/charges', { name: 'Water', category: 'utility', amount: '150.00', billing: 'monthly', metered: true, minimum_charge: '300.00', standing_charge: '100.00' });
    let n = 0;
    for (const house of houses) {
      n++;
      const meter = await call<{ id: string }>('POST', '/meters', { house_id: house.id, number: `WM-${1000 + n}`, utility: 'water', unit: 'm3', charge_id: charge.id });
      const base = 100 * n;
      await call('POST', '/readings', { meter_id: meter.id, date: day(62), value: String(base) });
      await call('POST', '/readings', { meter_id: meter.id, date: day(31), value: String(base + 8 + n) });
      await call('POST', '/readings', { meter_id: meter.id, date: day(3), value: String(base + 17 + 2 * n) + '.5' });
    }
  }
  await page.goto(`${url}/read-meters/${propertyId}`, { waitUntil: 'domcontentloaded' });
  await page.locator('input[inputmode="decimal"]').first().waitFor();
  await page.waitForTimeout(800);
  await page.screenshot({ path: `${out}/walk-${tag}.png`, fullPage: false });
  const inputs = page.locator('input[inputmode="decimal"]');
  const lasts = await page.locator('li p').allInnerTexts();
  const lastOf = (i: number) => Number((lasts.filter((t) => t.startsWith('Last:'))[i] ?? '0').replace(/^Last: ([\d.]+).*$/, '$1'));
  await inputs.nth(0).fill(String(lastOf(0) + 9));        // ordinary
  await inputs.nth(1).fill(String(lastOf(1) + 60));       // unusual: far above the average
  await inputs.nth(2).fill(String(lastOf(2) - 40));       // lower than the last
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${out}/walk-typed-${tag}.png`, fullPage: true });
  if (tag === 'laptop') {
    const rows = page.locator('main form');
    await rows.nth(0).getByRole('button', { name: 'Save' }).click();
    await rows.nth(0).getByText('Saved', { exact: false }).waitFor();
    await rows.nth(2).getByRole('button', { name: 'Save' }).click();
    await rows.nth(2).locator('.MuiAlert-standardError').waitFor();
    await page.waitForTimeout(800);
    await page.screenshot({ path: `${out}/walk-saved-${tag}.png`, fullPage: true });
  }
  await page.goto(`${url}/readings`, { waitUntil: 'domcontentloaded' });
  await page.getByText('WM-1001').first().waitFor();
  await page.waitForTimeout(800);
  await page.screenshot({ path: `${out}/readings-${tag}.png`, fullPage: false });
  if (b.consoleErrors.length) console.log(tag, 'console errors:', b.consoleErrors);
  await b.close();
}
console.log(`shots in ${out}`);
await server?.stop();
