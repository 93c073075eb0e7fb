import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { executePrepared, inScope, rowsOf, type Database } from '../../../src/server/db/client.js';
import { rendered } from '../../../src/server/db/statements.js';
import { onPostgres, testDatabase } from '../helpers.js';

// executePrepared's generic option (the report statements): the same rows as an ordinary execute,
// under the scope's row-level security, and the transaction's settings as they were afterwards
// (with hashJoins, enable_mergejoin too).

let database: Database;
const orgs = ['CLIENT-TEST-ORG-A', 'CLIENT-TEST-ORG-B'];

beforeAll(async () => {
  database = await testDatabase();
  await database.db.execute(sql`insert into organizations (id, name) values (${orgs[0]}, 'Client A'), (${orgs[1]}, 'Client B')`);
  for (const org of orgs) {
    await inScope(database.db, { tenant: org }, (tx) => tx.execute(sql`
      insert into tenants (organization_id, id, name, kind, phone) values
        (${org}, ${`${org}-T1`}, ${"O'Brien \\ Wanjiru"}, 'individual', '+254712345678'), (${org}, ${`${org}-T2`}, 'Achieng', 'company', '+254712345679')`));
  }
});
afterAll(() => database.close());

const statement = (org: string, name: string) => sql`
  select (select json_agg(t order by t.id) from (select id, name from tenants where organization_id = ${org} and name = ${name}) t) as found,
         (select count(*)::int from tenants) as visible`;

describe('executePrepared with a generic plan', () => {
  it('answers as an ordinary execute, run after run, sees only the scope’s organisation, and leaves the settings as they were', async () => {
    for (let run = 0; run < 3; run++) {
      for (const org of orgs) {
        await inScope(database.app, { tenant: org }, async (tx) => {
          const before = rowsOf<Record<string, string>>(await tx.execute(sql`select current_setting('plan_cache_mode') as mode, current_setting('max_parallel_workers_per_gather') as workers, current_setting('enable_mergejoin') as merge, current_setting('enable_nestloop') as nestloop`))[0];
          const plain = rowsOf(await tx.execute(statement(org, "O'Brien \\ Wanjiru")));
          const generic = rowsOf(await executePrepared(tx, statement(org, "O'Brien \\ Wanjiru"), { generic: true }));
          expect(generic).toEqual(plain);
          expect(generic).toEqual([{ found: [{ id: `${org}-T1`, name: "O'Brien \\ Wanjiru" }], visible: 2 }]);
          // rendered once with placeholders and filled per call (on PGlite back into SQL: statements.ts
          // asSql): the same rows, a value holding "$1" and quotes staying a value
          for (const name of ["O'Brien \\ Wanjiru", 'Achieng', '$1 $2']) {
            const once = rendered('client.test|statement', () => statement(sql.placeholder('org') as unknown as string, sql.placeholder('name') as unknown as string), { org, name });
            expect(rowsOf(await executePrepared(tx, once, { generic: true }))).toEqual(rowsOf(await tx.execute(statement(org, name))));
          }
          // planned without merge joins or nested loops: the same rows, and both settings put back as well
          expect(rowsOf(await executePrepared(tx, statement(org, "O'Brien \\ Wanjiru"), { generic: true, hashJoins: true, noNestedLoops: true }))).toEqual(plain);
          // another organisation's id finds nothing: row-level security holds whatever the plan
          const other = orgs.find((o) => o !== org)!;
          expect(rowsOf(await executePrepared(tx, statement(other, 'Achieng'), { generic: true }))).toEqual([{ found: null, visible: 2 }]);
          const after = rowsOf<Record<string, string>>(await tx.execute(sql`select current_setting('plan_cache_mode') as mode, current_setting('max_parallel_workers_per_gather') as workers, current_setting('enable_mergejoin') as merge, current_setting('enable_nestloop') as nestloop`))[0];
          expect(after).toEqual(before);
        });
      }
    }
  });

  it.runIf(onPostgres())('plans it once per connection, generic from the first run (PostgreSQL)', async () => {
    const plans = await inScope(database.app, { tenant: orgs[0] }, async (tx) => {
      await executePrepared(tx, statement(orgs[0], 'Achieng'), { generic: true });
      return rowsOf<{ generic: string; custom: string }>(await tx.execute(sql`
        select generic_plans::text as generic, custom_plans::text as custom from pg_prepared_statements where name like 'keja_generic_%'`));
    });
    expect(plans.length).toBeGreaterThan(0);
    for (const p of plans) expect(p.custom).toBe('0');
  });
});
