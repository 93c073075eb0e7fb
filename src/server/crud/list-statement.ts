import { Column, getTableColumns, is, sql, type SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { Resource } from '../../shared/resource.js';
import type { Db } from '../db/client.js';
import type { ResourceTable } from '../db/resource-tables.js';
import { rendered, type Rendered } from '../db/statements.js';
import { countersKnown, exactAtAnySize, knownTotalExpression } from './count.js';
import type { Condition, ListQuery } from './query-parser.js';
import {
  conditionValues, DEFERRED_JOIN_FROM, finishList, pageQuery, tableOf, whereOf, type InScope, type PageRow,
} from './repository.js';

/** Builds statements only (never connected). */
const builder = drizzle.mock() as unknown as Db;
const P = (name: string) => sql.placeholder(name);

/** What changes a list statement's text: the area, each condition's field, kind and number of values, the sort, a deep page. */
function shapeOf(resource: Resource, q: ListQuery, values: unknown[][]): string {
  const condition = (c: Condition, i: number) => (c.kind === 'search' ? 's'
    : c.kind === 'eq' ? `${c.field}=${values[i].length}${c.values.includes(null) ? '+null' : ''}` : `${c.field}${c.kind}`);
  return `${resource.name}|${q.conditions.map(condition).join('&')}|${q.sort.field} ${q.sort.order}|${q.range[0] >= DEFERRED_JOIN_FROM ? 'deep' : 'top'}`;
}

/** The page's columns in select order (then __total), for reading rows that come as arrays. */
const columnsOf = new WeakMap<ResourceTable, Array<[string, unknown]>>();
function selectOrder(t: ResourceTable): Array<[string, unknown]> {
  let order = columnsOf.get(t);
  if (!order) {
    order = [...Object.entries(getTableColumns(t)), ['__total', null]];
    columnsOf.set(t, order);
  }
  return order;
}

/**
 * listRecords' page query (carrying its total), built once per shape and filled with this
 * request's values, to travel with the membership check in one round trip (tenancy.ts
 * readInTenant). `gate` keeps it from reading unless the caller may list. `finish` reads the rows
 * as drizzle would (each column's driver value) and answers the page and its total, reading again
 * only for an empty page past the start (`run`). Null when the list needs a read
 * first (a search through references, counters not yet known): listRecords does the work.
 */
export function listStatement(resource: Resource, organizationId: string, q: ListQuery, gate: SQL): (Rendered & { finish(raw: unknown[][], run: InScope): ReturnType<typeof finishList> }) | null {
  if (resource.searchThrough.length && q.conditions.some((c) => c.kind === 'search')) return null;
  const t = tableOf(resource);
  const unfiltered = q.conditions.length === 0;
  const choice = exactAtAnySize(resource, q.conditions);
  if (!countersKnown(t, unfiltered, choice)) return null;
  const values = q.conditions.map((c) => conditionValues(resource, c));
  const bound: Record<string, unknown> = { org: organizationId, size: q.range[1] - q.range[0] + 1, start: q.range[0] };
  values.forEach((vs, i) => vs.forEach((v, j) => { bound[`c${i}_${j}`] = v; }));
  const statement = rendered(shapeOf(resource, q, values), () => {
    const org = P('org') as unknown as string;
    // each value as its column encodes it when filled (drizzle's Param over a placeholder)
    const placeholders: unknown[][] = [];
    const where = whereOf(resource, t, org, q.conditions, (i, vs, column) => (placeholders[i] = vs.map((_, j) => sql.param(P(`c${i}_${j}`), column))));
    // a choice filter's total reads its counters by the same placeholders
    const exact = choice && { field: choice.field, values: [...placeholders[0], ...(choice.values.includes(null) ? [null] : [])] };
    const total = knownTotalExpression(t, where, unfiltered, org, exact)!;
    return pageQuery(builder, resource, org, q, total, { gate, where, size: P('size'), start: P('start') }).getSQL();
  }, bound);
  const order = selectOrder(t);
  const read = (raw: unknown[][]): PageRow[] => raw.map((row) => {
    const out: Record<string, unknown> = {};
    for (let i = 0; i < order.length; i++) {
      const [key, column] = order[i];
      const v = row[i];
      out[key] = v === null || !is(column, Column) ? v : column.mapFromDriverValue(v);
    }
    return out as PageRow;
  });
  return { ...statement, finish: (raw, run) => finishList(run, resource, organizationId, q, read(raw)) };
}
