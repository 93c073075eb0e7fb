import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { inScope, rowsOf } from '../../../src/server/db/client.js';
import { buildTestApp, registeredBrowser, type TestApp } from '../helpers.js';

// Migration 0024_numeric_leakproof: money comparisons under row-level security may use the
// column's statistics and its index, as they do for the owner (a money range was estimated at one
// row and scanned in full).

let t: TestApp;
let org: string;

beforeAll(async () => {
  t = await buildTestApp();
  org = (await registeredBrowser(t.app, { org: 'Leakproof' })).organization!.id;
});
afterAll(() => t.close());

/**
 * The plan's text for a money range as the app role sees it, read in the total's order (its sort
 * index, whatever the table's size): the range is that index's condition only where it is leakproof.
 */
async function rangePlan(): Promise<string> {
  return inScope(t.database.db, { tenant: org }, async (tx) => {
    await tx.execute(sql`select set_config('enable_seqscan', 'off', true), set_config('enable_sort', 'off', true)`);
    const rows = rowsOf<Record<string, string>>(await tx.execute(sql`
      explain select 1 from invoices where organization_id = ${org} and total >= 18500 and total <= 26000 order by organization_id, total`));
    return rows.map((r) => Object.values(r)[0]).join('\n');
  });
}

describe('money comparisons under row-level security', () => {
  it('are leakproof (the test databases are migrated by a superuser)', async () => {
    const rows = rowsOf<{ proname: string; proleakproof: boolean }>(await t.database.db.execute(sql`
      select proname, proleakproof from pg_proc
      where proname in ('numeric_eq', 'numeric_ne', 'numeric_lt', 'numeric_le', 'numeric_gt', 'numeric_ge') order by proname`));
    expect(rows).toEqual(['numeric_eq', 'numeric_ge', 'numeric_gt', 'numeric_le', 'numeric_lt', 'numeric_ne'].map((proname) => ({ proname, proleakproof: true })));
  });

  it('a money range is an index condition for the app role, not a filter over every row of the organisation', async () => {
    const plan = await rangePlan();
    expect(plan).toMatch(/Index Cond: .*total >= /);
    expect(plan).not.toMatch(/Filter: .*total >= /);
  });
});
