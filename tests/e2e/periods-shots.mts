// Screenshots of the month-close screen for a person to look at (not a test): the months with
// their state, the close confirmation, the books closed through a month, and the reopen dialog
// asking for a reason, at 1366×768 and 390×844.
//   KEJA_URL=http://127.0.0.1:8123 npx tsx tests/e2e/periods-shots.mts   (a running demo server)
// or without KEJA_URL it starts a demo server of its own (npm run build first). REGISTER=1 registers
// a new user and organisation on the server instead of logging in to the demo.
import { mkdirSync } from 'node:fs';
import { openChromium, startServer, type KejaServer } from './harness.ts';

const email = process.env.DEMO_EMAIL ?? 'admin@demo.keja.co.ke';
const password = process.env.DEMO_PASSWORD ?? 'Demo-Pass-2026';
let server: KejaServer | null = null;
const url = process.env.KEJA_URL ?? (server = await startServer({ DEMO: '1', DEMO_EMAIL: email, DEMO_PASSWORD: password })).url;
const out = process.env.SHOTS ?? '/tmp/periods-shots';
mkdirSync(out, { recursive: true });

let registered = !process.env.REGISTER;
for (const [w, h, tag] of [[1366, 768, 'laptop'], [390, 844, 'phone']] as const) {
  const b = await openChromium({ width: w, height: h });
  const { page } = b;
  page.setDefaultTimeout(120_000);
  if (!registered) {
    await page.goto(`${url}/auth/login`);
    // a string, not a function: tsx's helpers (__name) do not exist in the page
    await page.evaluate(`(async () => {
      await fetch('/sanctum/csrf-cookie');
      const token = () => decodeURIComponent(document.cookie.split('; ').find((c) => c.startsWith('XSRF-TOKEN=')).split('=')[1]);
      const post = (p, body) => fetch(p, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json', 'x-xsrf-token': token() }, body: JSON.stringify(body) });
      await post('/api/v1/register', { name: 'Faith Wambui Njoroge', email: ${JSON.stringify(email)}, password: ${JSON.stringify(password)}, password_confirmation: ${JSON.stringify(password)} });
      await post('/api/v1/organisations', { name: 'Jirani Letting Agents' });
      await fetch('/sanctum/csrf-cookie');
      await post('/api/v1/logout', {});
    })()`);
    registered = true;
  }
  await page.goto(`${url}/auth/login`);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('button[type="submit"]').click();
  await page.waitForURL('**/dashboard');
  await page.goto(`${url}/periods`, { waitUntil: 'domcontentloaded' });
  await page.getByTestId('periods-summary').waitFor();
  await page.waitForTimeout(800);
  await page.screenshot({ path: `${out}/periods-${tag}.png`, fullPage: true });
  // close the next month (the laptop run closes two months back, the phone run the month after)
  await page.getByRole('button', { name: 'Close month' }).nth(tag === 'laptop' ? 1 : 0).click();
  await page.getByRole('dialog').waitFor();
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${out}/periods-confirm-${tag}.png` });
  await page.getByRole('dialog').getByRole('button', { name: 'Close month' }).click();
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  await page.getByText(/The books are closed up to/).waitFor();
  await page.waitForTimeout(800);
  await page.screenshot({ path: `${out}/periods-closed-${tag}.png`, fullPage: true });
  await page.getByRole('button', { name: 'Reopen' }).click();
  await page.getByTestId('reopen-reason').fill('A payment banked in the wrong month');
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${out}/periods-reopen-${tag}.png` });
  await page.keyboard.press('Escape');
  await b.close();
}
await server?.stop();
