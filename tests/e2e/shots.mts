// Screenshots for a person to look at (not a test): npx tsx tests/e2e/shots.mts
import { openChromium, startServer } from './harness.ts';
const server = await startServer({ DEMO: '1', DEMO_EMAIL: 'admin@demo.keja.co.ke', DEMO_PASSWORD: 'Demo-Pass-2026' });
const out = process.env.SHOTS ?? '/tmp/shots';
for (const [w, h, tag] of [[1366, 800, 'laptop'], [390, 844, 'phone']] as const) {
  const b = await openChromium({ width: w, height: h });
  const { page } = b;
  await page.goto(`${server.url}/`);
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `${out}/landing-${tag}.png`, fullPage: false });
  await page.goto(`${server.url}/auth/login`);
  await page.waitForTimeout(800);
  await page.screenshot({ path: `${out}/login-${tag}.png` });
  await page.locator('input[name="email"]').fill('admin@demo.keja.co.ke');
  await page.locator('input[name="password"]').fill('Demo-Pass-2026');
  await page.locator('button[type="submit"]').click();
  await page.waitForURL('**/dashboard');
  await page.waitForTimeout(2000);
  await page.screenshot({ path: `${out}/dashboard-${tag}.png` });
  console.log(tag, 'outside requests:', b.outside, 'console errors:', b.consoleErrors.slice(0, 5));
  await b.close();
}
await server.stop();
