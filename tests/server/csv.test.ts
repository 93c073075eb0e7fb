// One CSV writer for every download: a list's export and each report's CSV (aging, tenant
// statement, rent roll, property and owner statements). Text a spreadsheet would run as a formula
// is written with a leading apostrophe; an amount keeps its sign and stays a number.
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../resources/index.js';
import { writeCsv } from '../../src/server/csv.js';
import { inScope, rowsOf } from '../../src/server/db/client.js';
import { buildTestApp, registeredBrowser, type TestApp } from './helpers.js';
import { activate, agency, draftLease, pay, type Agency } from './domain/reports/money-fixtures.js';

const DANGEROUS = ['=', '+', '-', '@', '\t', '\r'];
const risky = (cell: string) => /^[=+\-@\t\r]/.test(cell) && !/^[+-]?\d+(\.\d+)?$/.test(cell);

describe('the CSV writer', () => {
  it('neutralises text starting with each dangerous character and leaves numbers as numbers', () => {
    for (const c of DANGEROUS) {
      const [[cell]] = parse(writeCsv([[`${c}HYPERLINK("http://x.test")`]]), { relax_quotes: true }) as string[][];
      expect(cell).toBe(`'${c}HYPERLINK("http://x.test")`);
    }
    const [row] = parse(writeCsv([['-500.00', '+254712345678', '12', '-1+1', '-', 'Kamau', null, 1500n]])) as string[][];
    expect(row).toEqual(['-500.00', '+254712345678', '12', "'-1+1", "'-", 'Kamau', '', '1500']);
  });
});

describe('every export and report, fed text that starts with each dangerous character', () => {
  let t: TestApp;
  let a: Agency;
  let tenantId: string;
  const stranger = { orgId: '' };

  /** Every text column of this organisation's records: [table, column]. */
  const textColumns = () => {
    const out: Array<[string, string]> = [];
    for (const r of resources) {
      if (r.storage !== 'table') continue;
      const table = r.table;
      for (const f of r.fields) if (['text', 'long_text', 'email'].includes(f.kind)) out.push([table, f.key]);
      for (const c of r.children) for (const f of c.fields) if (['text', 'long_text'].includes(f.kind)) out.push([c.table, f.key]);
    }
    return out;
  };

  /** Every non-empty text of the organisation (and its name, its members' names) now starts with `c`. */
  async function poison(c: string, first: boolean) {
    await inScope(t.database.db, { tenant: a.orgId }, async (tx) => {
      const value = (col: string) => (first ? sql`${c} || ${sql.identifier(col)}` : sql`${c} || substr(${sql.identifier(col)}, 2)`);
      for (const [table, col] of textColumns()) {
        await tx.execute(sql`update ${sql.identifier(table)} set ${sql.identifier(col)} = ${value(col)}
          where organization_id = ${a.orgId} and ${sql.identifier(col)} is not null and ${sql.identifier(col)} <> ''`);
      }
      await tx.execute(sql`update organizations set name = ${value('name')} where id = ${a.orgId}`);
      await tx.execute(sql`update users set name = ${value('name')} where id = ${a.userId}`);
    });
  }

  beforeAll(async () => {
    t = await buildTestApp();
    a = await agency(t, 'Formula Estates');
    const lease = await draftLease(a, { start_date: '2026-03-01', rent: '20000.00', deposit: '20000.00' });
    tenantId = lease.tenant_id;
    await activate(a, lease.id, '2026-03-01');
    // more than billed: the statement's balance goes below zero, an amount that must stay a number
    await pay(a, tenantId, '45000.00', '2026-03-02');
    const other = await registeredBrowser(t.app, { org: 'Untouched Lettings' });
    stranger.orgId = other.organization!.id;
  }, 120_000);
  afterAll(async () => t?.close());

  it('writes none of it raw, in every list export and every report CSV', async () => {
    const downloads = [
      ...resources.filter((r) => r.storage === 'table' || r.name === 'users').map((r) => `/api/v1/${r.name}/export.csv`),
      '/api/v1/reports/aging-balances?as_of=2026-03-31&format=csv',
      `/api/v1/statements/user/${tenantId}?from=2026-03-01&to=2026-03-31&format=csv`,
      `/api/v1/statements/property/${a.propertyId}?from=2026-03-01&to=2026-03-31&format=csv`,
      `/api/v1/statements/owner/${a.ownerId}?from=2026-03-01&to=2026-03-31&format=csv`,
      `/api/v1/properties/${a.propertyId}/rent-roll?format=csv`,
    ];
    const reports = downloads.filter((u) => !u.includes('/export.csv'));
    for (const [i, c] of DANGEROUS.entries()) {
      await poison(c, i === 0);
      const neutralised = new Map<string, number>();
      for (const url of downloads) {
        const res = await a.browser.get(url);
        expect(res.statusCode, `${url} ${res.body.slice(0, 200)}`).toBe(200);
        expect(res.headers['content-type']).toMatch(/^text\/csv/);
        const cells = (parse(res.body.replace(/^\uFEFF/, ''), { relax_column_count: true }) as string[][]).flat();
        expect(cells.filter(risky), `${JSON.stringify(c)} in ${url}`).toEqual([]);
        neutralised.set(url, cells.filter((x) => x.startsWith(`'${c}`)).length);
        // amounts keep their sign and stay numbers
        if (url.includes('/statements/user/')) expect(cells).toContain('-5000.00');
      }
      // the poisoned text reached every report and the lists that hold it
      for (const url of reports) expect(neutralised.get(url), `${JSON.stringify(c)} in ${url}`).toBeGreaterThan(0);
      for (const area of ['tenants', 'properties', 'property-owners', 'houses', 'invoices', 'leases', 'users']) {
        expect(neutralised.get(`/api/v1/${area}/export.csv`), `${JSON.stringify(c)} in ${area}`).toBeGreaterThan(0);
      }
    }
    // another organisation's text was never touched (the poisoning was scoped, as every query is)
    const [org] = rowsOf<{ name: string }>(await t.database.db.execute(sql`select name from organizations where id = ${stranger.orgId}`));
    expect(org.name).toBe('Untouched Lettings');
  });
});
