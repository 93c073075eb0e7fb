import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { keja } from '../../../src/server/app.js';
import { roles } from '../../../src/server/db/schema.js';
import { conflict } from '../../../src/server/errors.js';
import { withTenant } from '../../../src/server/tenancy.js';
import { Browser, buildTestApp, registeredBrowser, type TestApp } from '../helpers.js';

let t: TestApp;
let app: FastifyInstance;
const logged: string[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  app = Fastify({ logger: { level: 'error', stream: { write: (line: string) => void logged.push(line) } } });
  await app.register(keja, { config: t.app.config, database: t.database, mailer: t.app.mailer });
  app.after(() => {
    app.get('/api/v1/boom', async () => {
      throw new Error('secret detail: connection string postgres://admin:hunter2@db');
    });
    // writes, then meets a rule: the write must not survive
    app.post('/api/v1/half-done', (req) => withTenant(req, 'create.role', async (tx, ctx) => {
      await tx.insert(roles).values({ organization_id: ctx.organizationId, id: 'HALF-DONE', name: 'Half done' });
      throw conflict('This role conflicts with another one.');
    }));
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await t.close();
});

describe('the error contract (docs/api.md "Errors")', () => {
  it('400 for malformed JSON', async () => {
    const b = new Browser(t.app);
    await b.csrfCookie();
    const bad = await t.app.inject({
      method: 'POST', url: '/api/v1/login', payload: '{"email": ', headers: {
        'content-type': 'application/json', cookie: [...b.cookies].map(([k, v]) => `${k}=${v}`).join('; '), 'x-xsrf-token': decodeURIComponent(b.cookies.get('XSRF-TOKEN')!),
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: expect.any(String) });
  });

  it('404 {message} for an unknown API path, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: '/api/v1/no-such-thing' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Not found.' });
    }
  });

  it('422 {message, errors:{field:[…]}} for validation', async () => {
    const { browser } = await registeredBrowser(t.app);
    const res = await browser.post('/api/v1/organisations', { name: 'x'.repeat(300) });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: expect.any(String), errors: { name: [expect.any(String)] } });
  });

  it('409 {message} for a conflict, and the failed request changed nothing', async () => {
    const { browser } = await registeredBrowser(t.app, { org: 'Conflicted' });
    const cookie = [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await app.inject({ method: 'POST', url: '/api/v1/half-done', headers: { cookie, 'x-xsrf-token': decodeURIComponent(browser.cookies.get('XSRF-TOKEN')!) } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'This role conflicts with another one.' });
    const left = (await t.database.db.execute(sql`select count(*)::int as n from roles where id = 'HALF-DONE'`) as unknown as { rows: { n: number }[] }).rows;
    expect(left[0].n).toBe(0);
  });

  it('500 {"message":"Server Error"} with the details only in the log', async () => {
    const res = await app.inject({ url: '/api/v1/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Server Error' });
    expect(res.body).not.toContain('hunter2');
    expect(logged.join('')).toContain('secret detail');
  });

  it('security headers: a content security policy, no sniffing, no framing', async () => {
    const res = await t.app.inject({ url: '/sanctum/csrf-cookie' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('OpenAPI', () => {
  it('is generated from the route schemas and browsable at /api/docs', async () => {
    const spec = await t.app.inject({ url: '/api/docs/json' });
    expect(spec.statusCode).toBe(200);
    const paths = Object.keys(spec.json().paths);
    for (const p of ['/api/v1/login', '/api/v1/register', '/api/v1/user', '/api/v1/organisations', '/api/v1/organisations/{id}/switch', '/api/v1/forgot-password', '/api/v1/reset-password', '/api/v1/user/password', '/api/v1/user/tokens', '/sanctum/csrf-cookie']) {
      expect(paths).toContain(p);
    }
    const ui = await t.app.inject({ url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });
});
