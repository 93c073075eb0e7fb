// Every authenticated route of seed section 2, in Chromium against the real server with the demo
// organisation: the demo administrator sees each screen (its list rows or empty state, its form,
// or for other helpers' pages a title that is not the 404 page), and a member whose role lacks a
// permission gets the 404 page for that route. On a 390 px phone: no screen scrolls sideways
// (a wide table scrolls inside its own box), and a phone number typed the Kenyan way is kept.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openChromium, type Chromium } from './harness.js';
import { apiCall, DEMO_EMAIL, DEMO_PASSWORD, demoIds, fillRoute, logIn as logInAt, logOut, ROUTES, settle, SOURCES, startDemoServer } from './demo-app.js';

/** Dates not in the app's one format: 17/11/2026, 2026-11-17, 14:51:00, 17 November 2026, Nov 17, 2026. */
const RAW_DATE = /\b\d{1,2}\/\d{1,2}\/\d{2,4}\b|\b\d{4}-\d{2}-\d{2}\b|\b\d{1,2}:\d{2}:\d{2}\b|\b\d{1,2} (January|February|March|April|June|July|August|September|October|November|December) \d{4}\b|\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{1,2}, \d{4}\b/;

let server: { url: string; stop(): Promise<void> };
let browser: Chromium;
let ids: Record<string, string> = {};
const fill = (route: string) => fillRoute(route, ids);
const logIn = (page: Page, email: string, password: string) => logInAt(page, server.url, email, password);

beforeAll(async () => {
  server = await startDemoServer();
  browser = await openChromium();
  await logIn(browser.page, DEMO_EMAIL, DEMO_PASSWORD);
  ids = await demoIds(browser.page);
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('every seed route, as the demo administrator', () => {
  it('has demo data for every id the routes need', () => {
    for (const key of [...Object.keys(SOURCES), 'lease']) expect(ids[key], key).toBeTruthy();
  });

  it.each(ROUTES)('%s shows its screen', async (route, kind) => {
    const { page } = browser;
    await page.goto(`${server.url}${fill(route)}`);
    const seen = await settle(page, kind);
    expect(seen.notFound, `${route} shows the 404 page`).toBe(false);
    expect(seen.title, `${route} has a title`).not.toBe('');
    if (kind === 'list' && !['/outbox', '/sent'].includes(route)) expect(seen.rows, `${route} lists the demo records`).toBeGreaterThan(0);
    // every date reads one way (17 Nov 2026; with a time 17 Nov 2026, 14:51), once what loads after the title has come
    await page.waitForFunction(() => !document.querySelector('.MuiLinearProgress-indeterminate, .MuiSkeleton-root, .MuiCircularProgress-indeterminate'), undefined, { timeout: 10_000 }).catch(() => undefined);
    const raw = (await page.locator('#main-content, main').first().innerText()).match(RAW_DATE);
    expect(raw, `${route} shows a date as ${raw?.[0]}`).toBeNull();
    if (kind === 'form' && /\/[0-9A-Z]{26}$/.test(fill(route))) {
      // an existing record: its title is in the app bar
      expect(seen.title).toMatch(/^Edit /);
    }
  }, 90_000);

  it('keeps every request on this machine', () => {
    expect(browser.outside).toEqual([]);
  });
});

/**
 * How far the page itself scrolls sideways, and the widest elements that stick out (not counting
 * those inside a box that scrolls or clips on its own, like a wide table's container).
 */
async function sideways(page: Page) {
  return page.evaluate(() => {
    const se = document.scrollingElement ?? document.documentElement;
    const over = se.scrollWidth - window.innerWidth;
    const clipped = (el: Element) => {
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        const x = getComputedStyle(a).overflowX;
        if (x === 'auto' || x === 'scroll' || x === 'hidden' || x === 'clip') return true;
      }
      return false;
    };
    const culprits = over > 0
      ? [...document.querySelectorAll('body *')]
        .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1 && !clipped(el))
        .slice(-4)
        .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).split(' ').slice(0, 2).join('.')} (${Math.round(el.getBoundingClientRect().right)}px)`)
      : [];
    return { over, culprits };
  });
}

// One browser at phone size for every route; each route is loaded once.
describe('on a 390 px phone', () => {
  let phone: Chromium;
  beforeAll(async () => {
    phone = await openChromium({ width: 390, height: 844 });
    await logIn(phone.page, DEMO_EMAIL, DEMO_PASSWORD);
  }, 120_000);
  afterAll(async () => {
    await phone?.close();
  });

  it.each(ROUTES)('%s does not scroll sideways', async (route, kind) => {
    const { page } = phone;
    await page.goto(`${server.url}${fill(route)}`);
    const seen = await settle(page, kind);
    expect(seen.notFound, `${route} shows the 404 page`).toBe(false);
    // what loads after the title (panels, charts) settles too: no progress bar or placeholder left
    // (indeterminate ones only: an occupancy bar is a determinate LinearProgress that stays)
    await page.waitForFunction(() => !document.querySelector('.MuiLinearProgress-indeterminate, .MuiSkeleton-root, .MuiCircularProgress-indeterminate'), undefined, { timeout: 10_000 }).catch(() => undefined);
    const { over, culprits } = await sideways(page);
    expect(over, `${route} is ${over}px wider than the phone: ${culprits.join(', ')}`).toBeLessThanOrEqual(0);
  }, 90_000);

  it('takes a phone number typed the Kenyan way (0712 345 678) and stores +254712345678', async () => {
    const { page } = phone;
    await page.goto(`${server.url}/tenant-form`);
    await settle(page, 'form');
    const name = `Wanjiku Local ${Date.now()}`;
    await page.locator('input[name="name"]').fill(name);
    const input = page.locator('input[name="phone"]');
    await input.click();
    await input.press('Control+a');
    await input.press('Backspace');
    await input.pressSequentially('0712 345 678');
    expect(await input.inputValue()).toBe('+254 712 345678');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((u) => !u.pathname.startsWith('/tenant-form'), { timeout: 30_000 });
    const found = await apiCall<Array<{ name: string; phone: string }>>(page, 'GET', `/tenants?filter=${encodeURIComponent(JSON.stringify({ q: name }))}`);
    expect(found.body.map((t) => [t.name, t.phone])).toEqual([[name, '+254712345678']]);
  }, 90_000);
});

describe('a member whose role lacks a permission', () => {
  it('sees the 404 page on that route and the screens the role allows', async () => {
    const { page } = browser;
    const email = `caretaker-${Date.now()}@example.co.ke`;
    const password = 'Nyumba-Safi-2026';
    // the person registers…
    await logOut(page);
    await page.goto(`${server.url}/auth/login`);
    const reg = await apiCall<{ user: { id: string } }>(page, 'POST', '/register', { name: 'Juma Caretaker', email, password, password_confirmation: password });
    expect(reg.status).toBe(201);
    await logOut(page);
    // …the administrator gives them a role that may only list houses…
    await logIn(page, DEMO_EMAIL, DEMO_PASSWORD);
    const role = await apiCall<{ id: string }>(page, 'POST', '/roles', { name: `Houses only ${Date.now()}`, permissions: ['list.house', 'show.house'] });
    expect(role.status).toBe(201);
    const member = await apiCall(page, 'POST', '/users', { name: 'Juma Caretaker', email, role_ids: [role.body.id] });
    expect(member.status).toBe(201);
    const org = await page.evaluate(() => JSON.parse(localStorage.getItem('keja.organization') ?? 'null').id as string);
    await logOut(page);
    // …and works in that organisation.
    await logIn(page, email, password);
    // the invitation is pending until the person accepts it
    expect((await apiCall(page, 'POST', `/user/invitations/${(member.body as { id: string }).id}/accept`)).status).toBe(200);
    await apiCall(page, 'POST', `/organisations/${org}/switch`);
    await page.goto(`${server.url}/houses`);
    const houses = await settle(page, 'list');
    expect(houses.notFound).toBe(false);
    expect(houses.rows).toBeGreaterThan(0);
    expect(await page.getByRole('link', { name: 'Create' }).count()).toBe(0);

    // every module the seed guards (section 6), and other areas the role does not have
    const refused = [
      '/charges', `/charge-form/${ids.charge}`, '/invoices', '/invoice-form', '/expenses', '/incomes',
      '/service-providers', '/service-provider-form', '/house-form', `/house-form/${ids.house}`, '/tenants', '/settings',
    ];
    for (const route of refused) {
      await page.goto(`${server.url}${route}`);
      const seen = await settle(page, 'other');
      expect(seen.notFound, `${route} is refused`).toBe(true);
    }
  }, 180_000);
});

/**
 * A new person, invited by the demo administrator with one built-in role, logged in on `page`
 * and working in the demo organisation.
 */
async function memberWith(page: Page, roleName: string) {
  const email = `${roleName.toLowerCase()}-${Date.now()}@example.co.ke`;
  const password = 'Nyumba-Safi-2026';
  await logOut(page);
  await page.goto(`${server.url}/auth/login`);
  expect((await apiCall(page, 'POST', '/register', { name: `Juma ${roleName}`, email, password, password_confirmation: password })).status).toBe(201);
  await logOut(page);
  await logIn(page, DEMO_EMAIL, DEMO_PASSWORD);
  const roles = await apiCall<Array<{ id: string; name: string; built_in: boolean }>>(page, 'GET', '/roles');
  const role = roles.body.find((r) => r.name === roleName && r.built_in);
  expect(role, roleName).toBeTruthy();
  const member = await apiCall<{ id: string }>(page, 'POST', '/users', { name: `Juma ${roleName}`, email, role_ids: [role!.id] });
  expect(member.status).toBe(201);
  const org = await page.evaluate(() => JSON.parse(localStorage.getItem('keja.organization') ?? 'null').id as string);
  await logOut(page);
  await logIn(page, email, password);
  expect((await apiCall(page, 'POST', `/user/invitations/${member.body.id}/accept`)).status).toBe(200);
  await apiCall(page, 'POST', `/organisations/${org}/switch`);
}

/** The dashboard's money tiles (view.financials) are drawn, or not. */
async function dashboardMoney(page: Page) {
  await page.goto(`${server.url}/dashboard`);
  await page.getByTestId('tile-occupancy').waitFor({ timeout: 45_000 });
  return (await page.getByTestId('tile-collected').count()) + (await page.getByTestId('tile-billed').count()) > 0;
}

// product.md: each built-in role's day on the screens (the API side: tests/server/domain/built-in-roles.test.ts)
describe('a built-in role’s day on the screens', () => {
  it('the Caretaker takes a cash receipt, logs a ticket and sees no money figures', async () => {
    const { page } = browser;
    await memberWith(page, 'Caretaker');
    expect(await dashboardMoney(page)).toBe(false);

    await page.goto(`${server.url}/payment-form`);
    await page.getByRole('heading', { name: 'Record a payment' }).waitFor({ timeout: 45_000 });
    await page.getByLabel(/Amount/).fill('1500');
    expect(await page.getByRole('radio', { name: 'Cash' }).isChecked()).toBe(true);
    await page.getByRole('combobox', { name: /Channel/ }).click();
    await page.getByRole('option', { name: 'Office cash' }).click();
    const payer = `Mama Cash ${Date.now()}`;
    await page.getByLabel(/Payer name/).fill(payer);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((u) => u.pathname === '/payments', { timeout: 30_000 });
    const paid = await apiCall<Array<{ payer_name: string; amount: string; method: string }>>(page, 'GET', `/payments?filter=${encodeURIComponent(JSON.stringify({ q: payer }))}`);
    expect(paid.body.map((p) => [p.payer_name, p.amount, p.method])).toEqual([[payer, '1500.00', 'cash']]);

    await page.goto(`${server.url}/ticket-form`);
    await settle(page, 'form');
    const subject = `Tap leaking in the courtyard ${Date.now()}`;
    await page.locator('input[name="subject"]').fill(subject);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((u) => !u.pathname.startsWith('/ticket-form') || /\/ticket-form\/\w+/.test(u.pathname), { timeout: 30_000 });
    const tickets = await apiCall<Array<{ subject: string; status: string }>>(page, 'GET', `/tickets?filter=${encodeURIComponent(JSON.stringify({ q: subject }))}`);
    expect(tickets.body.map((t) => [t.subject, t.status])).toEqual([[subject, 'open']]);

    // no reports, no members, no roles
    for (const route of ['/statements/aging-balances', '/users', '/roles']) {
      await page.goto(`${server.url}${route}`);
      expect((await settle(page, 'other')).notFound, `${route} is refused`).toBe(true);
    }
  }, 180_000);

  it('the Accountant sees the money, takes receipts, runs the aging report and exports; opens no ticket or lease', async () => {
    const { page } = browser;
    await memberWith(page, 'Accountant');
    expect(await dashboardMoney(page)).toBe(true);

    await page.goto(`${server.url}/payments`);
    expect((await settle(page, 'list')).rows).toBeGreaterThan(0);
    expect(await page.getByRole('button', { name: 'Export' }).count()).toBe(1);

    await page.goto(`${server.url}/statements/aging-balances`);
    expect((await settle(page, 'other')).notFound).toBe(false);
    await expect.poll(() => page.locator('body').innerText(), { timeout: 30_000 }).toMatch(/Ksh/);

    await page.goto(`${server.url}/payment-form`);
    await page.getByRole('heading', { name: 'Record a payment' }).waitFor({ timeout: 45_000 });

    for (const route of ['/ticket-form', '/users', `/tenant-form/${ids.tenant}`]) {
      await page.goto(`${server.url}${route}`);
      expect((await settle(page, 'other')).notFound, `${route} is refused`).toBe(true);
    }
  }, 180_000);
});
