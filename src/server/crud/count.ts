import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { rowsOf, type Db } from '../db/client.js';
import type { ResourceTable } from '../db/resource-tables.js';
import { fieldOf, type Resource } from '../../shared/resource.js';
import { centsToDecimal } from '../../shared/resource-values.js';
import { bucketBounds } from './money-buckets.js';
import type { Condition } from './query-parser.js';

/** Totals are exact up to this many matches; past it a filtered list may report an estimate. */
export const EXACT_COUNT_LIMIT = 10_000;

export interface CountOptions {
  /** The organisation whose unfiltered total is read from its counters (default: app.tenant). */
  organizationId?: string;
  /** A lower bound the caller already knows (start + rows on a full page): never answer less. */
  atLeast?: number;
  /**
   * A filter the counters answer (countedFilter): a choice filter or range of days, counted exactly
   * at any size (read from its per-value counters when they are kept, count(*) otherwise); a money
   * range, from its bucket counters (bounded as any filter where they are not kept); `true`: count(*).
   */
  exact?: Exact;
}

/**
 * A list total. `estimated`: the planner's guess, not a count (a filtered list past
 * EXACT_COUNT_LIMIT); the list route still sends it in Content-Range and adds
 * `X-Total-Estimated: true`, and the screen shows it as "about 38,900".
 */
export interface Total {
  total: number;
  estimated: boolean;
}

/** One equality or one-of list on a declared choice field (`{"status": ["sent", null]}`), or days of a date field. */
export interface ChoiceFilter {
  field: string;
  values: readonly unknown[];
}

/** A range of days of a filterable date field, `from` and `to` included ('YYYY-MM-DD'); either may be open. */
export interface DayRange {
  field: string;
  from?: unknown;
  to?: unknown;
}

/**
 * A range of a filterable money field, either bound open: counted from its per-bucket counters
 * (migration 0027, bucketTotal), exact up to EXACT_COUNT_LIMIT and an estimate past it, as any
 * filter, but with no scan of the matches.
 */
export interface MoneyRange {
  field: string;
  /** The bounds as the column holds them ('16000.00'), or placeholders for them. */
  from?: unknown;
  to?: unknown;
  money: true;
  /** What its total reads (money-buckets.ts bucketBounds' values), or placeholders for them. */
  buckets: Record<string, unknown>;
  /** Which ends' buckets the range cuts (bucketBounds): those it counts rows of. */
  cuts: { from: boolean; to: boolean };
}

/** A filter whose total the per-value counters give. */
export type Counted = ChoiceFilter | DayRange | MoneyRange;

/** How a filtered total is counted: from counters (exact at any size but for a money range), or `true` (count(*)). */
export type Exact = Counted | boolean;

export const isMoney = (c: Counted): c is MoneyRange => 'money' in c;
export const isDays = (c: Counted): c is DayRange => 'from' in c && !isMoney(c);

/** Whether a total counted this way is exact at any size (a money range's is exact only to EXACT_COUNT_LIMIT). */
const exactly = (how: Exact) => how === true || (typeof how === 'object' && !isMoney(how));

/**
 * The field of `key` when it has per-value counters: a filterable choice, date or money field, not
 * unique (the fields migrations 0023, 0026 and 0027 track; tests/server/crud/choice-counts.test.ts checks).
 */
function countedField(resource: Resource, key: string) {
  const field = key === 'id' ? undefined : fieldOf(resource, key);
  return field && field.filter && !field.unique && (field.kind === 'choice' || field.kind === 'date' || field.kind === 'money') ? field : undefined;
}

/**
 * Whether a filtered list's total is counted exactly at any size, and if so the filter (truthy;
 * false otherwise): nothing else but the organisation and
 * - one equality or one-of list (`{"status": "overdue"}`, `{"status": ["sent", "overdue"]}`, null
 *   allowed) on a declared choice field of the area, or one day (or days) of a filterable date field;
 * - or a range of days of a filterable date field (`issue_date_gte` and/or `issue_date_lte`).
 * Its total is the sum of the field's per-value counters (migrations 0023_list_choice_counts and
 * 0026_list_day_counts: a ledger of deltas kept by statement-level triggers, like the unfiltered
 * list_counts), an index range over a few rows a value (a row or so a day of the range) whatever
 * the number of matches; where they are not kept, count(*) over the field's index (an index-only
 * scan that reads every match: 157,000 paid invoices cost 6 ms). A reference (tenant_id) or search
 * filter is usually small and stays bounded; an amount range is counted per bucket but exact only
 * to EXACT_COUNT_LIMIT (countedFilter).
 */
export function exactAtAnySize(resource: Resource, conditions: readonly Condition[]): ChoiceFilter | DayRange | false {
  const counted = countedFilter(resource, conditions);
  return counted && !isMoney(counted) ? counted : false;
}

/**
 * The filter a list's total is read from counters for: exactAtAnySize's, or a range of a filterable
 * money field (`total_gte` and/or `total_lte`, nothing else), counted per bucket (bucketTotal).
 */
export function countedFilter(resource: Resource, conditions: readonly Condition[]): Counted | false {
  const [c, d] = conditions;
  if (!c || conditions.length > 2 || !('field' in c)) return false;
  const field = countedField(resource, c.field);
  if (!field) return false;
  if (c.kind === 'eq') return conditions.length === 1 && field.kind !== 'money' ? { field: c.field, values: c.values } : false;
  if (field.kind !== 'date' && field.kind !== 'money') return false;
  let from: Condition | undefined = c.kind === 'gte' ? c : undefined;
  let to: Condition | undefined = c.kind === 'lte' ? c : undefined;
  if (d) {
    if (d.kind === c.kind || (d.kind !== 'gte' && d.kind !== 'lte') || d.field !== c.field) return false;
    [from, to] = c.kind === 'gte' ? [c, d] : [d, c];
  }
  const value = (end: Condition | undefined) => (end && 'value' in end ? end.value : undefined);
  if (field.kind === 'date') return { field: c.field, from: value(from), to: value(to) };
  // a null bound matches nothing (`total >= null`): the bounded count says so
  if (value(from) === null || value(to) === null) return false;
  // a filter's money is cents; the column holds '16000.00'
  const cents = (end: Condition | undefined) => value(end) as bigint | undefined;
  const column = (v: bigint | undefined) => (v === undefined ? undefined : centsToDecimal(v));
  const { values, cuts } = bucketBounds(cents(from), cents(to));
  return { field: c.field, from: column(cents(from)), to: column(cents(to)), money: true, buckets: values, cuts };
}

/**
 * The total behind a list page. `where` already holds the organisation; `unfiltered` says it
 * holds nothing else.
 *
 * An exact count(*) reads every matching row on every call: 200,000 invoices cost tens of
 * milliseconds a page, far more than the page itself. The rule instead:
 *
 * - Unfiltered: exact at any size, from the per-organisation row counters of migration
 *   0003_list_counts (a ledger of deltas kept by statement-level triggers, and since 0022 by a
 *   row trigger when a row changes organisation; the deltas commit with the rows, so the sum is
 *   exactly the count this transaction would see). One index probe over
 *   a handful of ledger rows, whatever the table's size. A table without the triggers (added
 *   after the migration and not yet installed), or a call with no organisation (neither given
 *   nor app.tenant set), falls back to count(*).
 * - One choice-field filter, or one range of days of a date field (`exact`, see exactAtAnySize):
 *   exact at any size, from the per-value counters of migrations 0023_list_choice_counts and
 *   0026_list_day_counts (kept like list_counts; an UPDATE that changes the value or the
 *   organisation moves a count). A field without them, or no organisation: count(*), an index-only scan.
 * - One range of a money field (`exact` a MoneyRange, see countedFilter): from its per-bucket
 *   counters (migration 0027, bucketTotal), with the rule below but no scan past what the buckets
 *   tell. Without them, as below.
 * - Filtered otherwise (other filters, several, q search): counted exactly but never past
 *   EXACT_COUNT_LIMIT + 1 rows (`LIMIT` in a subquery: bounded work, usually an index-only scan).
 *   At or below the limit the total is exact; past it the answer is the planner's estimate of the
 *   matches (EXPLAIN, no rows read), never less than EXACT_COUNT_LIMIT + 1 nor `atLeast`, and
 *   marked `estimated`.
 */
export async function countTotal(
  tx: Db, t: ResourceTable, where: SQL, unfiltered: boolean, options: CountOptions = {},
): Promise<Total> {
  const atLeast = options.atLeast ?? 0;
  const exact = (n: string | number) => ({ total: Math.max(Number(n), atLeast), estimated: false });
  const name = getTableName(t);
  const choice = unfiltered || typeof options.exact !== 'object' ? null : options.exact;
  if (unfiltered ? await isCounted(tx, name) : choice && (await isChoiceCounted(tx, name, choice.field))) {
    const org = options.organizationId === undefined ? sql`nullif(current_setting('app.tenant', true), '')` : sql`${options.organizationId}::text`;
    const counters = !choice ? sql`(select coalesce(sum(n), 0) from list_counts where organization_id = ${org} and table_name = ${name})`
      : isMoney(choice) ? bucketTotal(org, t, choice) : counterSum(org, name, choice);
    const [row] = rowsOf<{ n: string | number | null }>(await tx.execute(sql`select case when ${org} is null then null else ${counters} end as n`));
    if (row.n !== null) return carriedTotal(row.n, unfiltered, atLeast, choice ?? false);
  }
  if (unfiltered || exactly(options.exact ?? false)) {
    // not tracked, no organisation to read the counters of, or a choice filter without counters: count
    const [row] = rowsOf<{ n: string | number }>(await tx.execute(sql`select count(*) as n from ${t} where ${where}`));
    return exact(row.n);
  }
  const [row] = rowsOf<{ n: number }>(await tx.execute(
    sql`select count(*)::int as n from (select 1 from ${t} where ${where} limit ${EXACT_COUNT_LIMIT + 1}) s`,
  ));
  if (row.n <= EXACT_COUNT_LIMIT) return exact(row.n);
  return { total: Math.max(await estimateRows(tx, t, where), EXACT_COUNT_LIMIT + 1, atLeast), estimated: true };
}

/**
 * The exact unfiltered total of an organisation's rows as a scalar subquery, to ride along with
 * the page query (`select …, <this> as __total`: one round trip instead of two); null when the
 * table has no counters (then use countRecords).
 */
export async function counterTotal(tx: Db, t: ResourceTable, organizationId: string): Promise<SQL<string> | null> {
  if (!(await isCounted(tx, getTableName(t)))) return null;
  return knownTotalExpression(t, sql`true`, true, organizationId);
}

/**
 * The list total as a scalar subquery for the page query to carry (listRecords: the page and its
 * total in one statement, one round trip), with the same rule as countTotal: unfiltered, the
 * counters (count(*) for a table without them); one choice-field filter or range of days (`exact`),
 * its per-value counters (count(*) for a field without them); otherwise a count bounded at
 * EXACT_COUNT_LIMIT + 1 that, when it reaches the bound, answers the planner's estimate instead
 * (boundedOrEstimate). Read the answer with carriedTotal.
 */
export async function totalExpression(tx: Db, t: ResourceTable, where: SQL, unfiltered: boolean, organizationId: string, exact: Exact = false): Promise<SQL<string>> {
  const name = getTableName(t);
  // a counted filter's list may weigh its total against the organisation's rows (list-statement.ts gatheredPage)
  if (unfiltered || typeof exact === 'object') await isCounted(tx, name);
  if (!unfiltered && typeof exact === 'object') await isChoiceCounted(tx, name, exact.field);
  return knownTotalExpression(t, where, unfiltered, organizationId, exact)
    ?? (unfiltered || exactly(exact) ? sql<string>`(select count(*) from ${t} where ${where})` : boundedOrEstimate(t, where));
}

/**
 * totalExpression without a round trip: null when the counters it would read are not yet known to
 * this process (countersKnown; totalExpression finds out).
 */
export function knownTotalExpression(t: ResourceTable, where: SQL, unfiltered: boolean, organizationId: string, exact: Exact = false): SQL<string> | null {
  const name = getTableName(t);
  if (!countersKnown(t, unfiltered, exact)) return null;
  if (unfiltered) return sql<string>`(select coalesce(sum(n), 0) from list_counts where organization_id = ${organizationId} and table_name = ${name})`;
  if (typeof exact === 'object') return isMoney(exact) ? bucketTotal(sql`${organizationId}::text`, t, exact) : counterSum(sql`${organizationId}::text`, name, exact);
  if (exact) return sql<string>`(select count(*) from ${t} where ${where})`;
  return boundedOrEstimate(t, where);
}

const dialect = new PgDialect();

/**
 * The matches of `where` counted up to EXACT_COUNT_LIMIT + 1; when the count reaches it, the
 * planner's estimate (never below the limit + 1) in its place, from the same statement: migration
 * 0025's list_estimate EXPLAINs the count's SELECT, its values passed apart and quoted as literals
 * there. So an answer above EXACT_COUNT_LIMIT is an estimate (carriedTotal), and a list past the
 * limit costs no second scope (a membership check and an EXPLAIN, a round trip each way). The
 * estimate is in the select list: like the count, it is worked out only when a row is read, so
 * never when the caller's gate (tenancy.ts PERMITTED) lets nothing through.
 */
function boundedOrEstimate(t: ResourceTable, where: SQL): SQL<string> {
  return sql<string>`(select ${pastLimitEstimated(sql`c.n`, t, where)}
    from (select count(*) as n from (select 1 from ${t} where ${where} limit ${EXACT_COUNT_LIMIT + 1}) s) c)`;
}

/**
 * `bounded`, the matches of `where` counted up to EXACT_COUNT_LIMIT + 1, as the total: itself up to
 * the limit, the planner's estimate past it (boundedOrEstimate).
 */
function pastLimitEstimated(bounded: SQL, t: ResourceTable, where: SQL): SQL<string> {
  const count = dialect.sqlToQuery(sql`select 1 from ${t} where ${where}`);
  // $n (drizzle's numbering, its only dollar signs) becomes format()'s n-th literal; a literal % stays one
  const template = count.sql.replace(/%/g, '%%').replace(/\$(\d+)/g, '%$1$$L');
  // each value again, as what it is here (a placeholder, or a value with its column's encoding), as text
  const values = count.params.map((p) => sql`${p}::text`);
  const params = values.length ? sql`array[${sql.join(values, sql`, `)}]` : sql`array[]::text[]`;
  return sql<string>`case when ${bounded} > ${EXACT_COUNT_LIMIT} then greatest(list_estimate(${template}, ${params}), ${EXACT_COUNT_LIMIT + 1}) else ${bounded} end`;
}

/**
 * The organisation's rows whose `filter.field` is one of `filter.values` (null: the rows without a
 * value) or within its range of days, as the sum of their ledger rows: an index range per value, or
 * one over the days, over list_choice_counts_key_idx, a few rows a value (folded past 32).
 */
function counterSum(org: SQL, name: string, filter: ChoiceFilter | DayRange): SQL<string> {
  return sql<string>`(select coalesce(sum(n), 0) from list_choice_counts where ${counterRows(org, name, filter)})`;
}

/** The ledger rows (list_choice_counts) of the organisation's `filter.field` values that `filter` holds: its values, or its range of days. */
export function counterRows(org: SQL, name: string, filter: ChoiceFilter | DayRange): SQL {
  const parts: SQL[] = [];
  if ('values' in filter) {
    // strings, or placeholders for them (list-statement.ts)
    const values = filter.values.filter((v) => v !== null);
    if (values.length) parts.push(sql`value in (${sql.join(values.map((v) => sql`${v}`), sql`, `)})`);
    if (filter.values.includes(null)) parts.push(sql`value is null`);
  } else {
    // a day 'YYYY-MM-DD' (migration 0026): the range's days are a range of values
    const bounds = [filter.from === undefined ? null : sql`value >= ${filter.from}`, filter.to === undefined ? null : sql`value <= ${filter.to}`].filter((x) => x !== null);
    parts.push(bounds.length ? sql.join(bounds, sql` and `) : sql`value is not null`);
  }
  const which = parts.length ? sql.join(parts, sql` or `) : sql`false`;
  return sql`organization_id = ${org} and table_name = ${name} and field = ${filter.field} and (${which})`;
}

/**
 * The organisation's rows matching `where`, a range of a money field (`range`, the same bounds), as
 * its per-bucket counters tell (migration 0027: a bucket is a value's three leading digits, zero and
 * the negatives a bucket each, list_money_bucket). The buckets the range holds whole are summed
 * from the ledger: a bucket strictly between the ends' buckets, and an end's own when the end is its
 * first value (`from`) or last (`to`: money is to the cent, so its end less a cent); round bounds and
 * "zero", "at most zero", "at least a cent" read no row at all. Past EXACT_COUNT_LIMIT that sum is the
 * answer's floor, and the answer an estimate: it and half the buckets cut at the range's ends (greater
 * than the limit, so carriedTotal marks it). Otherwise the rows of the cut buckets are counted from
 * the field's index, never past what is left to EXACT_COUNT_LIMIT + 1: exact to the limit, the same
 * estimate past it. So never more rows read than boundedOrEstimate's count, and usually none.
 */
function bucketTotal(org: SQL, t: ResourceTable, range: MoneyRange): SQL<string> {
  const columns = getTableColumns(t);
  const column = columns[range.field];
  const b = range.buckets;
  const from = range.from !== undefined;
  const to = range.to !== undefined;
  const both = (x: SQL | false, y: SQL | false) => sql.join([x, y].filter((z) => z !== false), sql` and `);
  const whole = both(
    from && sql`(value > ${b.fromKey} or value = ${b.fromKey} and ${b.fromWhole}::boolean)`,
    to && sql`(value < ${b.toKey} or value = ${b.toKey} and ${b.toWhole}::boolean)`,
  );
  const touched = both(from && sql`value >= ${b.fromKey}`, to && sql`value <= ${b.toKey}`);
  const ledger = sql`(select coalesce(sum(n) filter (where ${whole}), 0) as whole, coalesce(sum(n) filter (where not (${whole})), 0) as cut
      from list_choice_counts where organization_id = ${org} and table_name = ${getTableName(t)} and field = ${range.field} and ${touched}) b`;
  const estimate = sql`greatest(round(b.whole + b.cut / 2), ${EXACT_COUNT_LIMIT + 1})`;
  // the rows of the cut buckets, each part of the range its own (a statement only has the parts it cuts: planning each costs)
  const rows = (low: unknown, high: unknown) => sql`select 1 from ${t} where ${columns.organization_id} = ${org} and ${column} >= ${low}::numeric and ${column} <= ${high}::numeric`;
  const cut = [range.cuts.from && rows(range.from, b.fromCutTo), range.cuts.to && rows(b.toCutFrom, range.to)].filter((x) => x !== false);
  if (!cut.length) return sql<string>`(select case when b.whole > ${EXACT_COUNT_LIMIT} then ${estimate} else b.whole end from ${ledger})`;
  return sql<string>`(select case when b.whole > ${EXACT_COUNT_LIMIT} then ${estimate}
      else (select case when b.whole + c.n > ${EXACT_COUNT_LIMIT} then ${estimate} else b.whole + c.n end
        from (select count(*) as n from (${sql.join(cut, sql` union all `)} limit greatest(${EXACT_COUNT_LIMIT + 1} - b.whole, 0)) s) c)
      end
    from ${ledger})`;
}

/**
 * The total from what totalExpression answered (never below `atLeast`): exact when unfiltered,
 * `exact` or at most EXACT_COUNT_LIMIT; otherwise the planner's estimate it carried, marked
 * `estimated`.
 */
export function carriedTotal(carried: string | number, unfiltered: boolean, atLeast = 0, exact: Exact = false): Total {
  const n = Number(carried);
  if (unfiltered || exactly(exact) || n <= EXACT_COUNT_LIMIT) return { total: Math.max(n, atLeast), estimated: false };
  return { total: Math.max(n, EXACT_COUNT_LIMIT + 1, atLeast), estimated: true };
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

/**
 * (table, field) pairs known to have per-value counters: the fields migration 0023's
 * list_choice_counts_install() put in the arguments of the table's triggers. Only positive answers
 * are kept, as for `counted`.
 */
const choiceCounted = new Set<string>();

/** Whether this process knows the counters a total would read (unfiltered, or a counted filter's), so knownTotalExpression needs no read. */
export function countersKnown(t: ResourceTable, unfiltered: boolean, exact: Exact = false): boolean {
  const name = getTableName(t);
  if (unfiltered) return counted.has(name);
  return typeof exact === 'object' ? choiceCounted.has(`${name}.${exact.field}`) : true;
}

async function isChoiceCounted(tx: Db, name: string, field: string): Promise<boolean> {
  const key = `${name}.${field}`;
  if (choiceCounted.has(key)) return true;
  const [row] = rowsOf<{ yes: boolean }>(await tx.execute(sql`
    select exists (select 1 from pg_trigger where tgrelid = to_regclass(quote_ident(${name})) and tgname = 'list_choice_counts_update'
      and ${field} = any ((string_to_array(encode(tgargs, 'escape'), '\\000'))[1:tgnargs])) as yes`));
  if (row?.yes) choiceCounted.add(key);
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
