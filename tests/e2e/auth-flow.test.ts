import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openChromium, startServer, type Chromium, type KejaServer } from './harness.js';

let server: KejaServer;
let browser: Chromium;

beforeAll(async () => {
  server = await startServer();
  browser = await openChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const email = `e2e-${Date.now()}@example.co.ke`;
const password = 'Nyumba-Safi-2026';

describe('a new landlord, in Chromium, against the real server', () => {
  it('registers, creates an organisation, reaches the dashboard, logs out and back in', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/`);
    await expect.poll(() => page.url()).toBe(`${server.url}/`);
    await page.goto(`${server.url}/auth/register`);
    await page.locator('input[name="name"]').fill('Njeri Wanjiku');
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill(password);
    await page.locator('input[name="password_confirmation"]').fill(password);
    await page.locator('button[type="submit"]').click();
    await page.waitForURL('**/auth/create-organization');
    await page.locator('input[name="kra_pin"]').waitFor();

    await page.locator('input[name="name"]').fill('Njeri Homes');
    await page.locator('button[type="submit"]').click();
    await page.waitForURL('**/dashboard');
    await expect.poll(() => page.locator('body').innerText(), { timeout: 10_000 }).toContain('Njeri Homes');
    await page.screenshot({ path: '/tmp/e2e-dashboard.png' });

    // the session survives a reload
    await page.reload();
    await expect.poll(() => page.locator('body').innerText()).toContain('Njeri Homes');

    // the user menu is named by the user once the identity has loaded ("Profile" until then)
    await page.getByRole('button', { name: /^(profile|Njeri Wanjiku)$/i }).click();
    await page.getByRole('menuitem', { name: /log ?out/i }).click();
    await page.waitForURL('**/auth/login');

    // a route that needs a user sends a guest to the login page
    await page.goto(`${server.url}/dashboard`);
    await page.waitForURL('**/auth/login');

    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill(password);
    await page.locator('button[type="submit"]').click();
    await page.waitForURL('**/dashboard');

    // a guest route sends a logged-in user to the dashboard
    await page.goto(`${server.url}/auth/login`);
    await page.waitForURL('**/dashboard');

    // an unknown path shows the 404 page
    await page.goto(`${server.url}/no/such/page`);
    await expect.poll(() => page.locator('body').innerText()).toMatch(/404|not found/i);
    expect(browser.outside).toEqual([]);
  });
});
