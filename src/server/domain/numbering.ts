import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client.js';

export type Series = 'invoice' | 'receipt' | 'ticket' | 'work_order';

/**
 * The next number of a gapless series, inside the caller's transaction: the row lock makes
 * concurrent writers queue, and a rollback returns the number (no gaps, no repeats).
 */
export async function nextNumber(tx: Db, organizationId: string, series: Series): Promise<number> {
  const [row] = rowsOf<{ value: number }>(await tx.execute(sql`
    insert into number_series (organization_id, name, next_value) values (${organizationId}, ${series}, 2)
    on conflict (organization_id, name) do update set next_value = number_series.next_value + 1
    returning next_value - 1 as value`));
  return Number(row.value);
}

/** INV-000123: the organisation's prefix and six digits. */
export const formatNumber = (prefix: string, n: number) => `${prefix}${String(n).padStart(6, '0')}`;

/** formatNumber in SQL, for numbers made inside a statement: `n` is an integer expression. */
export const formatNumberSql = (prefix: SQL, n: SQL) => sql`(${prefix} || lpad((${n})::text, greatest(6, length((${n})::text)), '0'))`;
