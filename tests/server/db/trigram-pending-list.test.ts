import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../../src/server/db/client.js';
import { resources } from '../../../resources/index.js';
import { premises } from '../crud/premises.js';
import { buildTestApp, onPostgres, registeredBrowser, type Browser, type TestApp } from '../helpers.js';

// Migration 0033 and db/resource-tables.ts: every trigram index (a searchable field's) keeps its
// pending list at 64 kB, PostgreSQL's least, so a search never reads more than a few pages of rows
// not yet merged into the index (at the default 4 MB it read 231 pages of invoice numbers).

let t: TestApp;
let org: string;
let browser: Browser;
let neighbour: Browser;

beforeAll(async () => {
  t = await buildTestApp();
  const registered = await registeredBrowser(t.app, { org: 'Pending List Estates' });
  org = registered.organization!.id;
  browser = registered.browser;
  neighbour = (await registeredBrowser(t.app, { org: 'Next Door Estates' })).browser;
});
afterAll(() => t.close());

describe('trigram indexes', () => {
  it('every searchable field of a stored area has one, each with a 64 kB pending list', async () => {
    const rows = rowsOf<{ name: string; options: string[] | null }>(await t.database.db.execute(sql`
      select c.relname as name, c.reloptions as options from pg_class c
      join pg_index i on i.indexrelid = c.oid join pg_opclass o on o.oid = any (i.indclass)
      where o.opcname = 'gin_trgm_ops' order by c.relname`));
    const searchable = resources.filter((r) => r.storage !== 'custom').flatMap((r) => r.fields.filter((f) => f.search).map((f) => `${r.table}_${f.key}_trgm_idx`)).sort();
    expect(rows.map((r) => r.name)).toEqual(expect.arrayContaining(searchable));
    expect(rows.filter((r) => !(r.options ?? []).includes('gin_pending_list_limit=64'))).toEqual([]);
  });

  it.runIf(onPostgres())('keep a bulk insert\'s rows merged: 20,000 invoice numbers leave at most 8 pending pages (PostgreSQL only)', async () => {
    const db = t.database.db;
    await db.execute(sql`create extension if not exists pgstattuple`);
    await premises(db, org);
    await db.execute(sql`
      insert into invoices (organization_id, id, number, lease_id, tenant_id, house_id, property_id, period_start, period_end,
        issue_date, due_date, total, paid, balance, status)
      select ${org}, 'IN-' || lpad(g::text, 6, '0'), 'INV-' || lpad(g::text, 7, '0'), 'LE1', 'T1', 'HO1', 'PR1',
        date '1950-01-01' + g, date '1950-01-01' + g, date '1950-01-01' + g, date '1950-01-05' + g, 1000, 0, 1000, 'issued'
      from generate_series(1, 20000) g`);
    const [gin] = rowsOf<{ pending_pages: number; pending_tuples: string }>(await db.execute(sql`select * from pgstatginindex('invoices_number_trgm_idx')`));
    expect(gin.pending_pages).toBeLessThanOrEqual(8);
    // a search finds a number among them, and next door finds none of them
    const search = `/api/v1/invoices?filter=${encodeURIComponent('{"q":"INV-0012345"}')}`;
    const res = await browser.get(search);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-range']).toBe('invoices 0-0/1');
    expect(res.json().map((r: { number: string }) => r.number)).toEqual(['INV-0012345']);
    expect((await neighbour.get(search)).headers['content-range']).toBe('invoices */0');
  });
});
