// Screenshots of the screens issue 15 changed, for a person to look at (not a test), and each
// page's sideways overflow at the size shot:
// npm run build && npx tsx tests/e2e/daily-use-shots.mts [name …]   (PNGs in SHOTS, default /tmp/shots)
import { openChromium, startServer } from './harness.ts';
import { logIn } from './demo-app.ts';

const server = process.env.KEJA_URL
  ? { url: process.env.KEJA_URL, stop: async () => undefined }
  : await startServer({ DEMO: '1', DEMO_EMAIL: 'admin@demo.keja.co.ke', DEMO_PASSWORD: 'Demo-Pass-2026', DEMO_HISTORY_MONTHS: process.env.DEMO_HISTORY_MONTHS ?? '3' });
const out = process.env.SHOTS ?? '/tmp/shots';

/** The page's controls (buttons, links, inputs) that a toast on screen lies over. */
const toastCovers = (page: import('playwright-core').Page) => page.evaluate(() => {
  // no named functions in here: tsx would wrap them in a helper the page does not have
  const toasts = [...document.querySelectorAll('[data-testid="toasts"] .MuiAlert-root, .MuiSnackbar-root')].map((t) => t.getBoundingClientRect());
  return [...document.querySelectorAll('button, a[href], input, [role="button"], [role="combobox"]')]
    .filter((el) => !el.closest('[data-testid="toasts"], .MuiSnackbar-root'))
    .filter((el) => {
      const r = el.getBoundingClientRect();
      if (!r.width || !r.height) return false;
      return toasts.some((t) => r.left < t.right && r.right > t.left && r.top < t.bottom && r.bottom > t.top);
    })
    .map((el) => (el.getAttribute('aria-label') || (el as HTMLElement).innerText || el.tagName).trim().slice(0, 30));
});
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
        return rows[0] as Record<string, string>;
      }, resource);
    const lease = await first('leases');
    const property = await first('properties');
    const payment = await first('payments');
    const shots: Array<[string, string, ((p: typeof page) => Promise<void>)?]> = [
      ['compose', `/send-message/${lease.tenant_id}`, async (p) => {
        await p.getByLabel(/^Message/).fill('Habari {tenant_name}, salio la {house_number} ni KES {balance}, tangu {due_date}. Paybill {paybill}.');
        await p.waitForTimeout(1500);
      }],
      ['compose-gaps', '/send-message', async (p) => {
        await p.getByLabel('A property’s tenants').check();
        await p.getByLabel(/^Property/).click();
        await p.getByRole('option').first().click();
        await p.getByLabel(/^Message/).fill('Habari {tenant_name}, kodi ya {house_number} inadaiwa {due_date}.');
        await p.waitForTimeout(2000);
      }],
      ['outbox', '/outbox'],
      ['sent', '/sent'],
      ['settings', '/settings'],
      ['property', `/property-form/${property.id}`],
      ['statement', `/statements/user/${lease.tenant_id}`],
      ['tenant-new', '/tenant-form', async (p) => {
        const input = p.locator('input[name="phone"]');
        await input.click();
        await input.press('Control+a');
        await input.press('Backspace');
        await input.pressSequentially('0712 345 678');
      }],
      ['properties', '/properties'],
      ['invoices', '/invoices'],
      ['payments', '/payments'],
      ['payment', `/payment-form/${payment.id}`],
      ['remittances', '/remittances'],
      ['sms-credits', '/sms-credits'],
      ['tax', '/reports/rental-income-tax'],
      // a save's toast, shot while it shows (its overlap with the page's controls is printed)
      ['toast-property', '/property-form', async (p) => {
        await p.locator('input[name="name"]').fill(`Jirani Heights ${Date.now() % 10000}`);
        await p.getByRole('combobox', { name: /Owner/ }).click();
        await p.getByRole('option').first().click();
        await p.getByRole('button', { name: 'Save' }).click();
      }],
      ['toast-payment', '/payment-form', async (p) => {
        await p.getByLabel(/Amount/).fill('1500');
        await p.getByRole('combobox', { name: /Channel/ }).click();
        await p.getByRole('option').first().click();
        await p.getByLabel(/Payer name/).fill('Mama Shots');
        await p.getByRole('button', { name: 'Save' }).click();
      }],
      ['toast-message', `/send-message/${lease.tenant_id}`, async (p) => {
        await p.getByLabel(/^Message/).fill('Habari {tenant_name}, the water will be off on Saturday morning.');
        await p.waitForTimeout(1500);
        await p.getByRole('button', { name: /^Send/ }).last().click();
        await p.getByRole('dialog').getByRole('button', { name: /^Send/ }).click();
      }],
    ];
    for (const [name, path, act] of shots) {
      if (only.length && !only.includes(name)) continue;
      await page.goto(`${server.url}${path}`);
      await page.waitForTimeout(2500);
      // what loads after the title (lists, panels, pickers) has come
      await page.waitForFunction(() => !document.querySelector('.MuiLinearProgress-indeterminate, .MuiSkeleton-root, .MuiCircularProgress-indeterminate'), undefined, { timeout: 30_000 }).catch(() => undefined);
      if (act) await act(page);
      if (name.startsWith('toast-')) {
        await page.locator('[data-testid="toasts"] .MuiAlert-root, .MuiSnackbar-root').first().waitFor({ timeout: 30_000 });
        await page.waitForTimeout(1200);
        console.log(tag, name, 'toast covers', await toastCovers(page));
      }
      const over = await page.evaluate(() => (document.scrollingElement ?? document.documentElement).scrollWidth - window.innerWidth);
      await page.screenshot({ path: `${out}/${name}-${tag}.png`, fullPage: ['property', 'compose', 'compose-gaps', 'settings'].includes(name) });
      console.log(tag, name, 'sideways overflow', over, 'px');
    }
    console.log(tag, 'outside requests:', b.outside, 'console errors:', b.consoleErrors.slice(0, 8));
    await b.close();
  }
} finally {
  await server.stop();
}
