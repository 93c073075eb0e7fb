import { getTableName, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client.js';
import type { ResourceTable } from '../db/resource-tables.js';

/** Totals are exact up to this many matches; past it a filtered list may report an estimate. */
export const EXACT_COUNT_LIMIT = 10_000;

export interface CountOptions {
  /** The organisation whose unfiltered total is read from its counters (default: app.tenant). */
  organizationId?: string;
  /** A lower bound the caller already knows (start + rows on a full page): never answer less. */
  atLeast?: number;
}

/**
 * The total behind a list page. `where` already holds the organisation; `unfiltered` says it
 * holds nothing else.
 *
 * An exact count(*) reads every matching row on every call: 200,000 invoices cost tens of
 * milliseconds a page, far more than the page itself. The rule instead:
 *
 * - Unfiltered: exact at any size, from the per-organisation row counters of migration
 *   0003_list_counts (a ledger of deltas kept by statement-level triggers; the deltas commit with
 *   the rows, so the sum is exactly the count this transaction would see). One index probe over
 *   a handful of ledger rows, whatever the table's size. A table without the triggers (added
 *   after the migration and not yet installed), or a call with no organisation (neither given
 *   nor app.tenant set), falls back to count(*).
 * - Filtered (filters, q search): counted exactly but never past EXACT_COUNT_LIMIT + 1 rows
 *   (`LIMIT` in a subquery: bounded work, usually an index-only scan). At or below the limit the
 *   total is exact; past it the answer is the planner's estimate of the matches (EXPLAIN, no rows
 *   read), never less than EXACT_COUNT_LIMIT + 1 nor `atLeast`.
 */
export async function countRecords(
  tx: Db, t: ResourceTable, where: SQL, unfiltered: boolean, options: CountOptions = {},
): Promise<number> {
  const atLeast = options.atLeast ?? 0;
  if (unfiltered) {
    const name = getTableName(t);
    if (await isCounted(tx, name)) {
      const org = options.organizationId === undefined ? sql`nullif(current_setting('app.tenant', true), '')` : sql`${options.organizationId}::text`;
      const [row] = rowsOf<{ n: string | number | null }>(await tx.execute(sql`
        select case when ${org} is null then null else (
          select coalesce(sum(n), 0) from list_counts where organization_id = ${org} and table_name = ${name}) end as n`));
      if (row.n !== null) return Math.max(Number(row.n), atLeast);
    }
    // not tracked, or no organisation to read the counters of: count the rows
    const [row] = rowsOf<{ n: string | number }>(await tx.execute(sql`select count(*) as n from ${t} where ${where}`));
    return Math.max(Number(row.n), atLeast);
  }
  const [row] = rowsOf<{ n: number }>(await tx.execute(
    sql`select count(*)::int as n from (select 1 from ${t} where ${where} limit ${EXACT_COUNT_LIMIT + 1}) s`,
  ));
  if (row.n <= EXACT_COUNT_LIMIT) return Math.max(row.n, atLeast);
  return Math.max(await estimateRows(tx, t, where), EXACT_COUNT_LIMIT + 1, atLeast);
}

/**
 * The exact unfiltered total of an organisation's rows as a scalar subquery, to ride along with
 * the page query (`select …, <this> as __total`: one round trip instead of two); null when the
 * table has no counters (then use countRecords).
 */
export async function counterTotal(tx: Db, t: ResourceTable, organizationId: string): Promise<SQL<string> | null> {
  const name = getTableName(t);
  if (!(await isCounted(tx, name))) return null;
  return sql<string>`(select coalesce(sum(n), 0) from list_counts where organization_id = ${organizationId} and table_name = ${name})`;
}

/**
 * The list total as a scalar subquery for the page query to carry (listRecords: the page and its
 * total in one statement, one round trip), with the same rule as countRecords: unfiltered, the
 * counters (count(*) for a table without them); filtered, a count bounded at EXACT_COUNT_LIMIT + 1.
 * Read the answer with totalFrom.
 */
export async function totalExpression(tx: Db, t: ResourceTable, where: SQL, unfiltered: boolean, organizationId: string): Promise<SQL<string>> {
  if (unfiltered) return (await counterTotal(tx, t, organizationId)) ?? sql<string>`(select count(*) from ${t} where ${where})`;
  return sql<string>`(select count(*) from (select 1 from ${t} where ${where} limit ${EXACT_COUNT_LIMIT + 1}) s)`;
}

/**
 * The total from what totalExpression answered: exact when unfiltered or at most
 * EXACT_COUNT_LIMIT; past it (filtered), the planner's estimate, never below EXACT_COUNT_LIMIT + 1
 * nor `atLeast`.
 */
export async function totalFrom(tx: Db, t: ResourceTable, where: SQL, unfiltered: boolean, carried: string | number, atLeast = 0): Promise<number> {
  const n = Number(carried);
  if (unfiltered || n <= EXACT_COUNT_LIMIT) return Math.max(n, atLeast);
  return Math.max(await estimateRows(tx, t, where), EXACT_COUNT_LIMIT + 1, atLeast);
}

/**
 * Tables known to have the counter triggers (migration 0003 installs them on every tenant table
 * but memberships; list_counts_install() on tables added later). Only positive answers are kept:
 * a table installed while the process runs is picked up on its next count.
 */
const counted = new Set<string>();

async function isCounted(tx: Db, name: string): Promise<boolean> {
  if (counted.has(name)) return true;
  const [row] = rowsOf<{ yes: boolean }>(await tx.execute(sql`
    select exists (select 1 from pg_trigger where tgrelid = to_regclass(quote_ident(${name})) and tgname = 'list_counts_insert') as yes`));
  if (row?.yes) counted.add(name);
  return !!row?.yes;
}

/** The planner's estimate of the rows matching `where` (row-level security included). */
export async function estimateRows(tx: Db, t: ResourceTable, where: SQL): Promise<number> {
  const [row] = rowsOf<Record<string, unknown>>(await tx.execute(sql`explain (format json) select 1 from ${t} where ${where}`));
  const raw = row ? Object.values(row)[0] : undefined;
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan?: { 'Plan Rows'?: number } }> | undefined;
  const estimate = plan?.[0]?.Plan?.['Plan Rows'];
  return typeof estimate === 'number' && Number.isFinite(estimate) ? Math.round(estimate) : 0;
}
