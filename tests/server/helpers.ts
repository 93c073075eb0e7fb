import { readFileSync } from 'node:fs';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { ulid } from 'ulid';
import { buildApp } from '../../src/server/app.js';
import { loadConfig, type Config } from '../../src/server/config.js';
import { openDatabase, type Database } from '../../src/server/db/client.js';
import type { Mail, Mailer } from '../../src/server/mail/mailer.js';
import { todayIn } from '../../src/server/domain/billing/scheduler.js';

export const onPostgres = () => !!inject('databaseUrl');

/**
 * PostgreSQL runs only: a new database beside the run's, migrated, for a test that must not share
 * the run's (its own schema, an empty one, a server whose workers take any job); close() drops it.
 */
export async function ownPostgresDatabase(prefix: string): Promise<Database> {
  const url = inject('databaseUrl');
  if (!url) throw new Error('ownPostgresDatabase: not a PostgreSQL run');
  const name = `keja_${prefix}_${Date.now()}_${process.pid}_${Math.floor(performance.now())}`;
  const admin = async (statement: string) => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      await c.query(statement);
    } finally {
      await c.end();
    }
  };
  await admin(`create database ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: target.toString() });
  return {
    ...database,
    close: async () => {
      await database.close();
      // a pool's end() returns before its connections have hung up: a forced drop then ended a
      // backend mid-goodbye, and its client threw "terminating connection" uncaught (a CI failure)
      await admin(`do $$ begin for i in 1..100 loop exit when not exists (select 1 from pg_stat_activity where datname = '${name}'); perform pg_sleep(0.05); end loop; end $$`);
      await admin(`drop database if exists ${name} with (force)`);
    },
  };
}

/** A migrated database no other test file writes to: a fresh PGlite from the template, or on PostgreSQL one of its own (ownPostgresDatabase). */
export const ownDatabase = (prefix: string): Promise<Database> => (onPostgres() ? ownPostgresDatabase(prefix) : testDatabase());

/** The migrated test database: the run's PostgreSQL database, or a fresh PGlite from the template. */
export async function testDatabase(): Promise<Database> {
  const url = inject('databaseUrl');
  if (url) return openDatabase({ databaseUrl: url, migrate: false });
  const dump = readFileSync(inject('pgliteDump'));
  return openDatabase({ loadDataDir: new Blob([dump]), migrate: false });
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  mails: Mail[];
  /** The app's calendar: a day set here is the server's today (the day a lease is activated on); null is the wall clock. */
  clock: { today: string | null };
  close(): Promise<void>;
}

/** Mail the tests can read. */
export function memoryMailer(mails: Mail[]): Mailer {
  return { send: async (mail) => void mails.push(mail) };
}

/** The test app's APP_KEY: a server started as its own process on the same database needs it to read the keys the tests saved. */
export const TEST_APP_KEY = 'test-app-key-0123456789';

export async function buildTestApp(overrides: Partial<Config> = {}, database?: Database): Promise<TestApp> {
  const db = database ?? (await testDatabase());
  const mails: Mail[] = [];
  const config = loadConfig({}, { memory: true, appKey: TEST_APP_KEY, logLevel: 'silent', appUrl: 'http://keja.test', webDir: '/nonexistent', ...overrides });
  const clock: TestApp['clock'] = { today: null };
  const app = await buildApp({ config, database: db, mailer: memoryMailer(mails), today: () => clock.today ?? todayIn(), checkAnswers: true }, { logger: false });
  return {
    app, database: db, mails, clock,
    close: async () => {
      await app.close();
      if (!database) await db.close();
    },
  };
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/** A browser: keeps cookies, reads XSRF-TOKEN before each write, as the web app does. */
export class Browser {
  cookies = new Map<string, string>();
  tenant: string | null = null;
  headers: Record<string, string> = {};

  constructor(private readonly app: FastifyInstance, public ip = '10.0.0.1') {}

  async request(method: Method, url: string, body?: unknown, extra: Record<string, string> = {}): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { accept: 'application/json', ...this.headers };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const xsrf = this.cookies.get('XSRF-TOKEN');
    if (method !== 'GET' && xsrf) headers['x-xsrf-token'] = decodeURIComponent(xsrf);
    if (this.tenant) headers['x-tenant-id'] = this.tenant;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await this.app.inject({
      method, url, headers: { ...headers, ...extra }, remoteAddress: this.ip,
      ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
    });
    for (const c of res.cookies as Array<{ name: string; value: string; maxAge?: number; expires?: Date }>) {
      if (c.value === '' || (c.maxAge !== undefined && c.maxAge <= 0)) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return res;
  }

  get = (url: string, extra?: Record<string, string>) => this.request('GET', url, undefined, extra);
  post = (url: string, body?: unknown, extra?: Record<string, string>) => this.request('POST', url, body, extra);
  put = (url: string, body?: unknown, extra?: Record<string, string>) => this.request('PUT', url, body, extra);
  delete = (url: string, extra?: Record<string, string>) => this.request('DELETE', url, undefined, extra);

  csrfCookie = () => this.get('/sanctum/csrf-cookie');
}

export const uniqueEmail = (prefix = 'user') => `${prefix}-${ulid().toLowerCase()}@example.co.ke`;
export const PASSWORD = 'Nyumba-ya-Kwanza-2026';

/** A new user, registered and logged in through the API, optionally with an organisation. */
export async function registeredBrowser(app: FastifyInstance, opts: { org?: string; email?: string; ip?: string } = {}) {
  const browser = new Browser(app, opts.ip);
  await browser.csrfCookie();
  const email = opts.email ?? uniqueEmail();
  const res = await browser.post('/api/v1/register', { name: 'Achieng Otieno', email, password: PASSWORD, password_confirmation: PASSWORD });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  const user = res.json().user as { id: string; email: string };
  let organization: { id: string; name: string } | null = null;
  if (opts.org) {
    const created = await browser.post('/api/v1/organisations', { name: opts.org });
    if (created.statusCode !== 201) throw new Error(`organisation failed: ${created.statusCode} ${created.body}`);
    organization = created.json().organization;
  }
  return { browser, user, email, organization };
}
