import pg from 'pg';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { secureSql } from '../../../src/server/db/secure.js';
import { onPostgres } from '../helpers.js';

// Row-level security is applied at every start (db/secure.ts). A server starting beside running
// ones (a rolling deploy; a test's child server on the shared test database) must not lock the
// tables in use: on an already secured database it takes no table lock at all. Seen before: a
// billing run deadlocked with a starting server's ALTER TABLE … ENABLE ROW LEVEL SECURITY.

let reader: pg.Client;
let starter: pg.Client;

beforeAll(async () => {
  if (!onPostgres()) return;
  reader = new pg.Client({ connectionString: inject('databaseUrl') });
  starter = new pg.Client({ connectionString: inject('databaseUrl') });
  await Promise.all([reader.connect(), starter.connect()]);
});
afterAll(async () => {
  await reader?.end();
  await starter?.end();
});

/** Runs the start's security text while another transaction has read `tables`: a table lock it needs times out in 2 s. */
async function secureWhileReading(tables: string[]) {
  await reader.query('begin');
  for (const table of tables) await reader.query(`select count(*) from ${table}`);
  try {
    await starter.query("set lock_timeout = '2s'");
    await starter.query(secureSql());
  } finally {
    await reader.query('rollback');
    await starter.query('reset lock_timeout');
  }
}

describe.skipIf(!onPostgres())('applying row-level security again (PostgreSQL only: two connections)', () => {
  it('on a secured database, waits for no lock while another transaction is reading tenant tables', async () => {
    await secureWhileReading(['leases', 'organizations', 'houses']);
    const { rows } = await starter.query<{ n: number }>(`
      select count(*)::int as n from pg_policy p
      where p.polname = 'tenant_isolation' and coalesce(obj_description(p.oid, 'pg_policy'), '') = ''`);
    expect(rows[0].n).toBe(0);
  });

  it('secures a tenant table that has no policy yet, and marks it so the next start leaves it alone', async () => {
    const table = `secure_scratch_${ulid().toLowerCase()}`;
    // created with row-level security forced in its own transaction: other test files never see it open
    await starter.query('begin');
    await starter.query(`create table ${table} (organization_id text not null, id text not null, primary key (organization_id, id))`);
    await starter.query(`alter table ${table} enable row level security`);
    await starter.query(`alter table ${table} force row level security`);
    await starter.query('commit');
    try {
      await starter.query(secureSql());
      const policy = async () => (await starter.query<{ qual: string; note: string | null }>(`
        select pg_get_expr(p.polqual, p.polrelid) as qual, obj_description(p.oid, 'pg_policy') as note
        from pg_policy p where p.polrelid = $1::regclass and p.polname = 'tenant_isolation'`, [table])).rows;
      const [made] = await policy();
      expect(made.qual).toContain("current_setting('app.tenant'");
      expect(made.note).toMatch(/^[0-9a-f]{32}$/);
      // the next start, with a reader on this table, passes it by
      await secureWhileReading([table]);
      expect(await policy()).toEqual([made]);
    } finally {
      await starter.query(`drop table if exists ${table}`);
    }
  });
});
