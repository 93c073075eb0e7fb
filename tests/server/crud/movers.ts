import { sql } from 'drizzle-orm';
import type { Db } from '../../../src/server/db/client.js';

/**
 * The owner moving tenants between two organisations, a few rows at a time, both ways, some
 * transactions rolled back: the writer the ledger tests run beside their inserters and deleters.
 */
export async function moveTenantsBackAndForth(db: Db, a: string, b: string, rounds: number): Promise<void> {
  for (let i = 0; i < rounds; i++) {
    const [from, to] = i % 2 ? [b, a] : [a, b];
    await db.transaction(async (tx) => {
      await tx.execute(sql`update tenants set organization_id = ${to}
        where organization_id = ${from} and id in (select id from tenants where organization_id = ${from} order by id limit ${1 + (i % 5)})`);
      if (i % 6 === 5) tx.rollback();
    }).catch((err: unknown) => {
      if (!(err instanceof Error) || !/rollback/i.test(err.message)) throw err;
    });
  }
}
