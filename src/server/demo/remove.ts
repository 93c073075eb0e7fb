// Undoing a failed seed.
import { eq, sql } from 'drizzle-orm';
import { inScope, rowsOf, type Db } from '../db/client.js';
import { memberships, organizations, users } from '../db/schema.js';

/**
 * Undoes a failed seed. The history is written in many transactions (billing runs commit batch by
 * batch, as in production), so a failure leaves rows behind: delete the organisation's rows table
 * by table in its scope (several passes: foreign keys decide the order), then its users.
 */
export async function removeDemo(db: Db, organizationId: string, adminId: string) {
  const members = (await db.select({ id: memberships.user_id }).from(memberships).where(eq(memberships.organization_id, organizationId))).map((m) => m.id);
  let tables = rowsOf<{ name: string }>(await db.execute(sql`
    select c.table_name as name from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
    where c.table_schema = current_schema() and c.column_name = 'organization_id' and c.table_name not in ('memberships', 'roles', 'user_roles')
    order by 1`)).map((r) => r.name);
  for (let pass = 0; pass < 8 && tables.length; pass++) {
    const left: string[] = [];
    for (const table of tables) {
      await inScope(db, { tenant: organizationId }, (tx) => tx.execute(sql`delete from ${sql.identifier(table)} where organization_id = ${organizationId}`))
        .catch(() => left.push(table));
    }
    tables = left;
  }
  await db.delete(organizations).where(eq(organizations.id, organizationId));
  for (const user of new Set([...members, adminId])) await db.delete(users).where(eq(users.id, user)).catch(() => undefined);
}
