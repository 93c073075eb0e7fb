import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers.js';

const web = mkdtempSync(path.join(os.tmpdir(), 'keja-web-'));
let t: TestApp;

beforeAll(async () => {
  mkdirSync(path.join(web, 'assets'));
  writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>Keja</title><div id="root"></div>');
  writeFileSync(path.join(web, 'assets', 'app.js'), 'console.log(1)');
  t = await buildTestApp({ webDir: web });
});
afterAll(async () => {
  await t.close();
  rmSync(web, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it('answers index.html for every app path (real browser paths, no #)', async () => {
    for (const url of ['/', '/dashboard', '/auth/login', '/property/01H/house-form/02J', '/pages/notfound', '/anything/unknown']) {
      const res = await t.app.inject({ url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('serves assets, and 404s a missing asset or API path instead of the app', async () => {
    expect((await t.app.inject({ url: '/assets/app.js' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/assets/missing.js' })).statusCode).toBe(404);
    const api = await t.app.inject({ url: '/api/v1/missing' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ message: 'Not found.' });
  });
});
