// axe-core over every authenticated route of the demo organisation (lists, forms, records shown in
// their form, statements and the other pages), in light and dark mode, on a 1280 px laptop and a
// 390 px phone: no critical or serious finding. One page load per route: axe runs at 1280 px and,
// the window narrowed, at 390 px; then the theme turns dark as the app bar's toggle does (the
// stored choice changes, the page re-renders) and the colour rules run again at both widths (the
// other rules read the document, which the theme does not change).
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { AxeResults, Result } from 'axe-core';
import { openChromium, type Chromium } from './harness.js';
import { DEMO_EMAIL, DEMO_PASSWORD, demoIds, fillRoute, logIn, ROUTES, settle, startDemoServer } from './demo-app.js';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/** WCAG 2.x A and AA, and axe's best practices (headings, landmarks); only critical and serious fail. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];
const FAILING = new Set(['critical', 'serious']);
const THEME_KEY = 'RaStore.keja.theme';

let server: { url: string; stop(): Promise<void> };
let browser: Chromium;
let ids: Record<string, string> = {};
/** Every finding, for the summary by rule printed at the end. */
const found: Array<{ rule: string; impact: string; where: string }> = [];

interface Finding { rule: string; impact: string; help: string; targets: string[] }

async function axe(page: Page, only: 'all' | 'colour'): Promise<Finding[]> {
  const runOnly = only === 'all' ? { type: 'tag', values: TAGS } : { type: 'rule', values: COLOUR_RULES };
  const results = await page.evaluate(async (runOnly) => {
    const w = window as unknown as { axe: { run(ctx: Document, o: object): Promise<AxeResults> } };
    return w.axe.run(document, { runOnly, resultTypes: ['violations'] });
  }, runOnly);
  return results.violations
    .filter((v: Result) => FAILING.has(v.impact ?? ''))
    .map((v: Result) => ({ rule: v.id, impact: v.impact ?? '', help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
}

/** The theme as the app bar's toggle sets it: react-admin's store hears the change and re-renders. */
async function setTheme(page: Page, mode: 'light' | 'dark') {
  await page.evaluate(({ key, mode }) => {
    const value = JSON.stringify(mode);
    localStorage.setItem(key, value);
    window.dispatchEvent(new StorageEvent('storage', { key, newValue: value, storageArea: localStorage }));
  }, { key: THEME_KEY, mode });
  await page.waitForFunction((dark) => document.documentElement.classList.contains('app-dark') === dark, mode === 'dark', { timeout: 10_000 });
}

/** The page once what loads after its title (panels, charts, pickers) has settled. */
async function quiet(page: Page) {
  await page.waitForFunction(() => !document.querySelector('.MuiLinearProgress-indeterminate, .MuiSkeleton-root, .MuiCircularProgress-indeterminate'), undefined, { timeout: 10_000 }).catch(() => undefined);
  // transitions (drawer, ripples, fades) end before colours are measured
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
}

beforeAll(async () => {
  server = await startDemoServer();
  browser = await openChromium({ width: 1280, height: 800 });
  await browser.context.addInitScript(AXE_SOURCE);
  await logIn(browser.page, server.url, DEMO_EMAIL, DEMO_PASSWORD);
  ids = await demoIds(browser.page);
}, 240_000);

afterAll(async () => {
  if (found.length) {
    const byRule = new Map<string, number>();
    for (const f of found) byRule.set(`${f.rule} (${f.impact})`, (byRule.get(`${f.rule} (${f.impact})`) ?? 0) + 1);
    console.log(`axe findings by rule (elements, all routes, modes and widths):\n${[...byRule].map(([r, n]) => `  ${r}: ${n}`).join('\n')}`);
  }
  await browser?.close();
  await server?.stop();
});

describe('every seed route', () => {
  it.each(ROUTES)('%s has no critical or serious axe finding (light and dark, 1280 and 390 px)', async (route, kind) => {
    const { page } = browser;
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.evaluate((key) => localStorage.setItem(key, JSON.stringify('light')), THEME_KEY);
    await page.goto(`${server.url}${fillRoute(route, ids)}`);
    const seen = await settle(page, kind);
    expect(seen.notFound, `${route} shows the 404 page`).toBe(false);
    const problems: string[] = [];
    const check = async (mode: 'light' | 'dark', width: number) => {
      if (page.viewportSize()?.width !== width) await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
      await quiet(page);
      for (const f of await axe(page, mode === 'light' ? 'all' : 'colour')) {
        found.push(...f.targets.map(() => ({ rule: f.rule, impact: f.impact, where: `${route} ${mode} ${width}` })));
        problems.push(`${mode} ${width}px ${f.impact} ${f.rule}: ${f.help}\n    ${f.targets.slice(0, 8).join('\n    ')}${f.targets.length > 8 ? `\n    … and ${f.targets.length - 8} more` : ''}`);
      }
    };
    await check('light', 1280);
    await check('light', 390);
    await setTheme(page, 'dark');
    await check('dark', 390);
    await check('dark', 1280);
    expect(problems, `${route}:\n  ${problems.join('\n  ')}`).toEqual([]);
  }, 90_000);
});
