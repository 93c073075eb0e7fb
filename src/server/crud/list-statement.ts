import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Resource } from '../../shared/resource.js';
import type { Db } from '../db/client.js';
import { daysIndexKey, type ResourceTable } from '../db/resource-tables.js';
import { placeholder, rendered, type Rendered } from '../db/statements.js';
import { counterRows, countedFilter, countersKnown, EXACT_COUNT_LIMIT, isDays, isMoney, knownTotalExpression, type Counted, type DayRange } from './count.js';
import type { Condition, ListQuery } from './query-parser.js';
import {
  conditionValues, DEFERRED_JOIN_FROM, listRecords, pageQuery, pageTotal, tableOf, whereOf, type InlineReferences, type InScope,
} from './repository.js';
import { pageWriter } from './page-json.js';
import type { Total } from './count.js';

/** Builds statements only (never connected). */
const builder = drizzle.mock() as unknown as Db;
const P = placeholder;

/** What changes a list statement's text: the area, each condition's field, kind and number of values, the sort, a deep page, a money range's cut buckets. */
function shapeOf(resource: Resource, q: ListQuery, values: unknown[][], counted: Counted | false): string {
  const condition = (c: Condition, i: number) => (c.kind === 'search' ? 's'
    : c.kind === 'eq' ? `${c.field}=${values[i].length}${c.values.includes(null) ? '+null' : ''}` : `${c.field}${c.kind}`);
  // a money range's total counts rows only of the buckets it cuts (count.ts bucketTotal)
  const cuts = counted && isMoney(counted) ? `|cut ${counted.cuts.from} ${counted.cuts.to}` : '';
  return `${resource.name}|${q.conditions.map(condition).join('&')}|${q.sort.field} ${q.sort.order}|${q.range[0] >= DEFERRED_JOIN_FROM ? 'deep' : 'top'}${cuts}`;
}

/**
 * How an area's page rows are read: they come as arrays, its columns in select order then
 * __total; `write` answers them as JSON (page-json.ts).
 */
const readers = new WeakMap<Resource, { id: number; total: number; write: (rows: unknown[][]) => string }>();
function readerOf(resource: Resource, t: ResourceTable) {
  let reader = readers.get(resource);
  if (!reader) {
    const columns = [...Object.keys(getTableColumns(t)), '__total'];
    reader = { id: columns.indexOf('id'), total: columns.length - 1, write: pageWriter(resource, t, columns) };
    readers.set(resource, reader);
  }
  return reader;
}

/** A list's answer: its records as one JSON array, how many, and the total. */
export type ServedList = { body: string; count: number } & Total;

/**
 * listRecords' page query (carrying its total), built once per shape and filled with this
 * request's values, to travel with the membership check in one round trip (tenancy.ts
 * readInTenant). `gate` keeps it from reading unless the caller may list. `finish` answers the page
 * as JSON written straight from the rows (page-json.ts) and its total, reading again
 * (`run`) only for an empty page past the start or a search past EXACT_COUNT_LIMIT matches. Null
 * when the list needs a read first (a deep page of a search through references, counters not yet
 * known): listRecords does the work.
 */
export function listStatement(resource: Resource, organizationId: string, q: ListQuery, gate: SQL): (Rendered & { finish(raw: unknown[][], run: InScope): Promise<ServedList> }) | null {
  // a search's first pages read its matches once for page and total (sharedScanPage); a deep one
  // through references is left to listRecords, which reads the references first
  const searching = q.conditions.some((c) => c.kind === 'search');
  const shared = searching && q.range[0] < DEFERRED_JOIN_FROM;
  if (resource.searchThrough.length && searching && !shared) return null;
  const t = tableOf(resource);
  const unfiltered = q.conditions.length === 0;
  const choice = countedFilter(resource, q.conditions);
  // the range of days gathered (gatheredPage), weighed by the organisation's row count (its counters)
  const gathering = gatheredDays(resource, choice, q);
  if (!countersKnown(t, unfiltered, choice) || (gathering && !countersKnown(t, true))) return null;
  const values = q.conditions.map((c) => conditionValues(resource, c));
  const bound: Record<string, unknown> = { org: organizationId, size: q.range[1] - q.range[0] + 1, start: q.range[0] };
  values.forEach((vs, i) => vs.forEach((v, j) => { bound[`c${i}_${j}`] = v; }));
  const buckets = choice && isMoney(choice) ? choice.buckets : {};
  for (const [k, v] of Object.entries(buckets)) bound[`b_${k}`] = v;
  const statement = rendered(`${shapeOf(resource, q, values, choice)}${gathering ? `|${gathering.way}` : ''}`, () => {
    const org = P('org');
    // each value as its column encodes it when filled (drizzle's Param over a placeholder)
    const placeholders: unknown[][] = [];
    const refs: InlineReferences | undefined = shared ? { ctes: [], overflowed: [] } : undefined;
    const where = whereOf(resource, t, org, q.conditions, (i, vs, column) => (placeholders[i] = vs.map((_, j) => sql.param(P(`c${i}_${j}`), column))), refs);
    if (refs) return sharedScanPage(t, q, org, where, gate, refs);
    // a counted filter's total reads its counters by the same placeholders
    const rangeEnd = (kind: 'gte' | 'lte') => {
      const i = q.conditions.findIndex((c) => c.kind === kind);
      return i < 0 ? undefined : placeholders[i][0];
    };
    const exact = choice && ('values' in choice
      ? { field: choice.field, values: [...placeholders[0], ...(choice.values.includes(null) ? [null] : [])] }
      : { ...choice, from: rangeEnd('gte'), to: rangeEnd('lte'), ...(isMoney(choice) ? { buckets: Object.fromEntries(Object.keys(buckets).map((k) => [k, P(`b_${k}`)])) } : {}) });
    const rows = () => knownTotalExpression(t, sql`true`, true, org)!;
    // a probed page's total is its days' (probedPage): the same counter rows, read once
    if (gathering?.way === 'probe') return probedPage(t, q, org, where, gate, rows(), exact as DayRange);
    const total = knownTotalExpression(t, where, unfiltered, org, exact)!;
    if (gathering) return gatheredPage(t, q, org, where, gate, total, rows(), gathering.field);
    return pageQuery(builder, resource, org, q, total, { gate, where, size: P('size'), start: P('start') }).getSQL();
  }, bound);
  return {
    ...statement,
    finish: async (raw, run) => {
      // a search past the limit, or matching too many references (sharedScanPage's marker row): its page is read as listRecords reads it
      const reader = readerOf(resource, t);
      if (shared && raw.length === 1 && raw[0][reader.id] === null) {
        const { rows, ...total } = await run((tx) => listRecords(tx, resource, organizationId, q));
        return { body: JSON.stringify(rows), count: rows.length, ...total };
      }
      const total = await pageTotal(run, resource, organizationId, q, raw.length, raw[0]?.[reader.total] as string | number | undefined);
      return { body: reader.write(raw), count: raw.length, ...total };
    },
  };
}

/**
 * How a first page of a range of days sorted by another column may be read instead of walking the
 * sort order: each day's first page from the days index when it is sorted by the column that index
 * carries (probedPage), its matches gathered otherwise (gatheredPage); null for any other list.
 */
function gatheredDays(resource: Resource, choice: Counted | false, q: ListQuery): { field: string; way: 'probe' | 'gather' } | null {
  if (!choice || !isDays(choice) || choice.field === q.sort.field || q.range[0] >= DEFERRED_JOIN_FROM) return null;
  return { field: choice.field, way: q.sort.field === daysIndexKey(resource.defaultSort.field) ? 'probe' : 'gather' };
}

/** Whether a list's first page may be read from its days (probedPage, gatheredPage) rather than by walking its sort order. */
export const gathersDays = (resource: Resource, q: ListQuery): boolean => gatheredDays(resource, countedFilter(resource, q.conditions), q) !== null;

const col = (t: ResourceTable, key: string) => getTableColumns(t)[key] as AnyPgColumn;

/** What a page statement of its own (gatheredPage, sharedScanPage) is written from: its key columns, order, columns and range placeholders. */
function pageParts(t: ResourceTable, q: ListQuery) {
  const all = Object.values(getTableColumns(t)) as AnyPgColumn[];
  return {
    id: col(t, 'id'), key: col(t, q.sort.field), dir: q.sort.order === 'ASC' ? sql`asc` : sql`desc`,
    all, columns: sql.join(all.map((c) => sql`${c}`), sql`, `), size: P('size'), start: P('start'),
  };
}

/**
 * How much more than walking the sort order a first page may cost gathering its matches instead:
 * gathered when the matches (n, at most EXACT_COUNT_LIMIT) are at most this many times the rows
 * the walk reads if they lie evenly along the sort order, (start + size) × rows ÷ n.
 */
export const GATHER_FACTOR = 16;

/** Whether a first page is gathered (gatheredPage): the rule its statement applies, for tests. */
export const gathers = (matches: number, start: number, size: number, rows: number): boolean =>
  matches <= EXACT_COUNT_LIMIT && matches * matches <= GATHER_FACTOR * (start + size) * rows;

/**
 * The page of a statement whose CTEs decided (way: the total n, and whether to `gather`) and, when
 * gathering, found the page's candidates (m: id k, sort key s): read by id from them, or by walking
 * the sort order; the way not taken reads nothing (a one-time filter on the decision).
 */
function matchedOrWalked(t: ResourceTable, q: ListQuery, org: string, where: SQL, gate: SQL): SQL {
  const { id, key, dir, columns, size, start } = pageParts(t, q);
  return sql`select * from (
      select ${columns}, (select way.n from way) as "__total" from ${t}
      where ${col(t, 'organization_id')} = ${org} and ${gate}
        and ${id} in (select m.k from m order by m.s ${dir}, m.k ${dir} limit ${size} offset ${start})
      union all
      (select ${columns}, (select way.n from way) from ${t} where ${where} and ${gate} and not (select way.gather from way)
        order by ${key} ${dir}, ${id} ${dir} limit ${size} offset ${start})
    ) page
    order by ${sql.identifier(key.name)} ${dir}, ${sql.identifier(id.name)} ${dir}`;
}

/**
 * A range of days sorted by another column: its first page from its matches or by walking the sort
 * order, whichever its total says. The planner walks the sort column's index, filtering, expecting
 * the matches spread along it; but a record's dates (and its number, its id) move together, so a
 * range of days bunches along any of them: a month of due dates lies among the same month's issue
 * dates, far down the newest-first order, and the walk read 197,000 invoices for 25 of 7,694
 * matches (88 ms). Its total is known before any row is read (the day counters, count.ts), and
 * with the organisation's rows (its list counters) it decides: when the matches are few
 * (`gathers`: at most 10,000 and at most GATHER_FACTOR times an even walk), their ids and sort keys
 * are read (the date's index, then their rows), sorted, and the page read by id: bounded work
 * whatever their order. Sorted by the column the days index carries, probedPage reads less. Past that,
 * the walk as before. The branch not taken reads nothing (a one-time filter on the decision), and
 * a shut gate reads neither. Only here: the
 * second branch's planning (~0.2 ms) cost more than the walk wherever matches do not bunch.
 */
function gatheredPage(t: ResourceTable, q: ListQuery, org: string, where: SQL, gate: SQL, total: SQL, rows: SQL, days: string): SQL {
  const { id, key, dir, size, start } = pageParts(t, q);
  // the matches come in the days' order, the page's way: as the days move with the sort key, the
  // first come near the top of the page's order, and keeping the best (start + size) of them
  // compares most of the rest once (read in the index's ascending order, a newest-first page took
  // each one into its heap: 3.1 of 4.4 ms for a month of invoices); and read as they are sorted,
  // not stored first (materialized, storing and reading back 7,694 matches took 1.2 ms more)
  return sql`with n as materialized (select ${total} as n where ${gate}),
    way as (select n.n, n.n <= ${EXACT_COUNT_LIMIT} and n.n * n.n <= ${GATHER_FACTOR} * (${start}::bigint + ${size}::bigint) * ${rows} as gather from n),
    m as not materialized (select ${id} as k, ${key} as s from ${t} where ${where} and ${gate} and (select way.gather from way)
      order by ${col(t, days)} ${dir}, ${id} ${dir} limit ${EXACT_COUNT_LIMIT})
    ${matchedOrWalked(t, q, org, where, gate)}`;
}

/** Whether a first page is read from its days (probedPage): the rule its statement applies, for tests. */
export const probes = (matches: number, days: number, start: number, size: number, rows: number): boolean => {
  const read = Math.min(matches, days * (start + size));
  return read <= EXACT_COUNT_LIMIT && read * matches <= GATHER_FACTOR * (start + size) * rows;
};

/**
 * A range of days sorted by the column the days index carries (the default sort: a month of
 * invoices newest first): its first page from each non-empty day's own first page, or by walking
 * the sort order, whichever the counters say. Gathered (gatheredPage), the page read and sorted
 * every match: a billing run issues a month's invoices on one day, so the 7,694 of May 2023 tied
 * on the issue date and were ordered by their ids (3.7 ms of PostgreSQL's time). Here the days come
 * from the day counters (the days with a row, n > 0), and each one's best start + size are read
 * from the days index (org, date, key, id: resource-tables.ts), in its order: at most that many a
 * day, whatever the matches (0.6 ms there). Read as a walk would be when even that is more than
 * GATHER_FACTOR times an even walk (`probes`). The days are a materialized CTE: a counter's value
 * is text, and its cast to a date is not leak-proof, so under row-level security the planner kept
 * it from the index condition and filtered the whole organisation (189 ms); stored first, each day
 * reaches the probe as a date.
 */
function probedPage(t: ResourceTable, q: ListQuery, org: string, where: SQL, gate: SQL, rows: SQL, days: DayRange): SQL {
  const { id, key, dir, size, start } = pageParts(t, q);
  const date = col(t, days.field);
  const top = sql`(${start}::bigint + ${size}::bigint)`;
  // the total is the days' matches, from the counter rows the days are read from (count.ts counterSum's)
  return sql`with days as materialized (select value::date as d, sum(n) as n from list_choice_counts
      where ${counterRows(sql`${org}::text`, getTableName(t), days)} and ${gate} group by value having sum(n) > 0),
    n as (select (select coalesce(sum(days.n), 0) from days) as n where ${gate}),
    way as (select n.n, r.read <= ${EXACT_COUNT_LIMIT} and r.read * n.n <= ${GATHER_FACTOR} * ${top} * ${rows} as gather
      from n cross join lateral (select least(n.n, (select count(*) from days) * ${top}) as read) r),
    m as (select p.k, p.s from days cross join lateral (select ${id} as k, ${key} as s from ${t}
        where ${where} and ${date} = days.d and ${gate} order by ${key} ${dir}, ${id} ${dir} limit ${top}) p
      where (select way.gather from way))
    ${matchedOrWalked(t, q, org, where, gate)}`;
}

/**
 * A search's first page and its total from one scan of its matches. A trigram search costs its
 * index scan (5 ms for a number prefix over 220,000 invoices), and the page and the bounded count
 * each did it; here its matches, at most EXACT_COUNT_LIMIT + 1 (id and sort key), are read once
 * into a CTE, counted there, and the page is sorted from them and read by id. Past the limit the
 * CTE holds an arbitrary part of the matches, so it answers one marker row instead (every column
 * null): listStatement's finish then reads the page as listRecords does. So it does, scanning
 * nothing here, when a reference matched too many records (repository.ts inlineSearchSql). A second branch reading
 * the page from the table in the statement would be right too, but its planning (its own dozen
 * trigram conditions) cost every search 2-4 ms for the rare one that matches more than 10,000. The
 * gate guards the CTE too: nothing is scanned for a caller who may not list.
 */
function sharedScanPage(t: ResourceTable, q: ListQuery, org: string, where: SQL, gate: SQL, refs: InlineReferences): SQL {
  const { id, key, dir, all, columns, size, start } = pageParts(t, q);
  const nulls = sql.join(all.map((c) => sql`null as ${sql.identifier(c.name)}`), sql`, `);
  const overflowed = refs.overflowed.length ? sql.join(refs.overflowed, sql` or `) : sql`false`;
  const ctes = refs.ctes.map((c) => sql`${c}, `);
  return sql`with ${sql.join(ctes)}m as materialized (select ${id} as k, ${key} as s from ${t} where ${where} and ${gate} and not (${overflowed}) limit ${EXACT_COUNT_LIMIT + 1}),
    n as (select count(*) as n from m)
    select * from (
      select ${columns}, (select n.n from n) as "__total" from ${t}
      where ${col(t, 'organization_id')} = ${org} and ${gate}
        and ${id} in (select m.k from m where (select n.n from n) <= ${EXACT_COUNT_LIMIT} order by m.s ${dir}, m.k ${dir} limit ${size} offset ${start})
      union all
      select ${nulls}, n.n from n where n.n > ${EXACT_COUNT_LIMIT} or ${gate} and (${overflowed})
    ) page
    order by ${sql.identifier(key.name)} ${dir}, ${sql.identifier(id.name)} ${dir}`;
}
