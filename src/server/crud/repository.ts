import {
  and, arrayOverlaps, asc, desc, eq, getTableColumns, gte, ilike, inArray, isNull, lte, ne, or, sql, type SQL,
} from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { ulid } from 'ulid';
import { resourceByName } from '../../../resources/index.js';
import {
  fieldOf, parentKey, referenceFields, type Field, type RecordValues, type Resource,
} from '../../shared/resource.js';
import { serializeRecord, toColumns, validateRecord, type FieldErrors } from '../../shared/resource-validate.js';
import type { Db } from '../db/client.js';
import { childTables, constraints, resourceTables, type ResourceTable } from '../db/resource-tables.js';
import { memberships } from '../db/schema.js';
import { conflict, HttpError, invalid, notFound } from '../errors.js';
import type { Condition, ListQuery } from './query-parser.js';
import { resourceHooks, type Actor } from './hooks.js';
import { carriedTotal, countedFilter, countTotal, totalExpression, type Total } from './count.js';
import { isAudited, recordAudit, writeAction } from '../domain/audit.js';
import { assertOpen, closedThrough } from '../domain/closed-months.js';

const col = (t: ResourceTable, key: string) => (t as unknown as Record<string, AnyPgColumn>)[key];

export function tableOf(resource: Resource): ResourceTable {
  const t = resourceHooks[resource.name]?.table ?? resourceTables[resource.name];
  if (!t) throw new Error(`${resource.name} has no generated table`);
  return t;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** References followed at most this deep (payment → lease → house → property). */
const SEARCH_DEPTH = 3;
/** More matching referenced records than this are searched by a subquery instead of a list. */
const THROUGH_LIMIT = 500;

type Through = Record<string, string[] | null>;

function throughTarget(resource: Resource, key: string) {
  const target = resourceByName(fieldOf(resource, key)?.reference ?? '');
  const tt = target && (resourceHooks[target.name]?.table ?? resourceTables[target.name]);
  return target && tt ? { target, tt } : null;
}

/**
 * `q`: the area's own search fields (trigram indexes), or a reference whose record matches its
 * own area's search (resource.searchThrough). With `through` (resolveSearch: the matching ids,
 * read first from the small referenced tables) each reference is `tenant_id in ('…', …)` or left
 * out when nothing matched, so the planner sees real sizes and keeps the trigram bitmap scan;
 * without it, a scoped subquery (correct, but the planner may then walk the sort index: the
 * bench's invoice search went 34 → 435 ms that way).
 */
function searchSql(resource: Resource, t: ResourceTable, organizationId: string, pattern: string, depth = 0, through?: Through): SQL {
  const parts: SQL[] = resource.searchFields.map((f) => ilike(col(t, f), pattern));
  if (depth < SEARCH_DEPTH) {
    for (const key of resource.searchThrough) {
      const ids = through?.[key];
      if (ids) {
        if (ids.length) parts.push(inArray(col(t, key), ids));
        continue;
      }
      const ref = throughTarget(resource, key);
      if (!ref) continue;
      const inner = searchSql(ref.target, ref.tt, organizationId, pattern, depth + 1);
      parts.push(sql`${col(t, key)} in (select ${col(ref.tt, 'id')} from ${ref.tt} where ${col(ref.tt, 'organization_id')} = ${organizationId} and ${inner})`);
    }
  }
  return parts.length ? or(...parts)! : sql`false`;
}

/**
 * The CTEs a search in one statement reads its references from (inlineSearchSql), and whether any
 * of them overflowed: list-statement.ts puts them in its WITH.
 */
export interface InlineReferences {
  ctes: SQL[];
  /** True when a reference matched more than THROUGH_LIMIT records: the statement then reads nothing, and listRecords answers. */
  overflowed: SQL[];
}

/**
 * `q` in one statement (list-statement.ts): each reference as `tenant_id = any(<the matching ids>)`,
 * the ids read by a CTE of the same statement (at most THROUGH_LIMIT + 1 of them) rather than a
 * read before it, so the OR stays a bitmap OR of the trigram and reference indexes. Read the page
 * from these matches, never by walking the sort index (the trap searchSql describes):
 * list-statement.ts's shared scan. More matching references than THROUGH_LIMIT (a one-letter
 * search: 20,000 tenants) would make every row test a long array: `overflowed` then says so, and
 * listRecords searches them by subquery, as before.
 */
function inlineSearchSql(resource: Resource, t: ResourceTable, organizationId: string, pattern: string, refs: InlineReferences): SQL {
  const parts: SQL[] = resource.searchFields.map((f) => ilike(col(t, f), pattern));
  for (const key of resource.searchThrough) {
    const ref = throughTarget(resource, key);
    if (!ref) continue;
    const name = sql.identifier(`through_${refs.ctes.length}`);
    refs.ctes.push(sql`${name} as (select array(${matchingIds(ref.target, ref.tt, organizationId, pattern, 1)} limit ${THROUGH_LIMIT + 1}) as ids)`);
    refs.overflowed.push(sql`(select cardinality(ids) from ${name}) > ${THROUGH_LIMIT}`);
    // the cast makes it an array expression, not ANY (subquery)
    parts.push(sql`${col(t, key)} = any((select ids from ${name})::text[])`);
  }
  return parts.length ? or(...parts)! : sql`false`;
}

/**
 * The ids of a referenced area's rows matching `q`: its own fields, and each of its references,
 * as selects united. One OR across its own trigram columns and a reference's `= any(…)` would keep
 * the planner from the trigram indexes (houses: every house's four ILIKEs, 8 ms, against 1 ms).
 */
function matchingIds(resource: Resource, t: ResourceTable, organizationId: string, pattern: string, depth: number): SQL {
  const scoped = (condition: SQL) => sql`select ${col(t, 'id')} from ${t} where ${col(t, 'organization_id')} = ${organizationId} and ${condition}`;
  const selects: SQL[] = [];
  if (resource.searchFields.length) selects.push(scoped(or(...resource.searchFields.map((f) => ilike(col(t, f), pattern)))!));
  if (depth < SEARCH_DEPTH) {
    for (const key of resource.searchThrough) {
      const ref = throughTarget(resource, key);
      if (ref) selects.push(scoped(sql`${col(t, key)} = any(array(${matchingIds(ref.target, ref.tt, organizationId, pattern, depth + 1)}))`));
    }
  }
  return selects.length ? sql.join(selects, sql` union all `) : sql`select null::text where false`;
}

async function throughIds(tx: Db, resource: Resource, organizationId: string, pattern: string, depth: number): Promise<Through> {
  const out: Through = {};
  if (depth >= SEARCH_DEPTH) return out;
  for (const key of resource.searchThrough) {
    const ref = throughTarget(resource, key);
    if (!ref) continue;
    const inner = await throughIds(tx, ref.target, organizationId, pattern, depth + 1);
    const rows = await tx.select({ id: col(ref.tt, 'id') }).from(ref.tt)
      .where(and(eq(col(ref.tt, 'organization_id'), organizationId), searchSql(ref.target, ref.tt, organizationId, pattern, depth + 1, inner)))
      .limit(THROUGH_LIMIT + 1);
    out[key] = rows.length > THROUGH_LIMIT ? null : rows.map((r) => String(r.id));
  }
  return out;
}

/** The list query with each `q` search's referenced matches read first (see searchSql). */
export async function resolveSearch(tx: Db, resource: Resource, organizationId: string, q: ListQuery): Promise<ListQuery> {
  if (!resource.searchThrough.length || !q.conditions.some((c) => c.kind === 'search')) return q;
  const conditions: Condition[] = [];
  for (const c of q.conditions) {
    conditions.push(c.kind === 'search' ? { ...c, through: await throughIds(tx, resource, organizationId, `%${escapeLike(c.text)}%`, 0) } : c);
  }
  return { ...q, conditions };
}

/**
 * The values a condition binds, in the order conditionSql places them: each as its column takes it
 * (parsed by the field's kind), before drizzle's driver encoding. A search binds its pattern.
 */
export function conditionValues(resource: Resource, c: Condition): unknown[] {
  if (c.kind === 'search') return [`%${escapeLike(c.text)}%`];
  const field: Field = c.field === 'id' ? { key: 'id', kind: 'text' } : fieldOf(resource, c.field)!;
  const toCol = (v: unknown) => (v === null ? null : toColumns([field], { [field.key]: v })[field.key]);
  if (c.kind !== 'eq') return [toCol(c.value)];
  if (field.kind === 'multi_choice' || field.kind === 'multi_reference') return [c.values.map(String)];
  return c.values.filter((v) => v !== null).map(toCol);
}

/** A condition's SQL with `values` (conditionValues' answer, or placeholders for them) bound; `inline`: a search's references in the statement (inlineSearchSql). */
function conditionSql(resource: Resource, t: ResourceTable, c: Condition, organizationId: unknown, values: unknown[], inline?: InlineReferences): SQL | undefined {
  if (c.kind === 'search' && inline && !c.through) return inlineSearchSql(resource, t, organizationId as string, values[0] as string, inline);
  if (c.kind === 'search') return searchSql(resource, t, organizationId as string, values[0] as string, 0, c.through);
  const column = col(t, c.field);
  if (c.kind !== 'eq') return c.kind === 'gte' ? gte(column, values[0]) : lte(column, values[0]);
  const field = c.field === 'id' ? null : fieldOf(resource, c.field)!;
  if (field?.kind === 'multi_choice' || field?.kind === 'multi_reference') return arrayOverlaps(column, values[0] as string[]);
  const parts: SQL[] = [];
  if (values.length === 1) parts.push(eq(column, values[0]));
  else if (values.length > 1) parts.push(inArray(column, values));
  if (c.values.includes(null)) parts.push(isNull(column));
  return parts.length ? or(...parts) : sql`false`;
}

/**
 * The organisation's rows matching the conditions. `bind` (list-statement.ts) puts a placeholder
 * where each value goes, for a statement built once and reused with other values; `inline`, a
 * search's references matched in the statement itself (inlineSearchSql).
 */
export function whereOf(
  resource: Resource, t: ResourceTable, organizationId: string, conditions: Condition[],
  bind?: (condition: number, values: unknown[], column: AnyPgColumn | undefined) => unknown[],
  inline?: InlineReferences,
): SQL {
  return and(eq(col(t, 'organization_id'), organizationId), ...conditions.map((c, i) => {
    const values = conditionValues(resource, c);
    const bound = bind ? bind(i, values, c.kind === 'search' ? undefined : col(t, c.field)) : values;
    return conditionSql(resource, t, c, organizationId, bound, inline);
  }))!;
}

/** From this offset on, a page is read by a deferred join (below). */
export const DEFERRED_JOIN_FROM = 1000;

/**
 * The page query of a list: the organisation's rows matching the conditions, in the requested
 * order (then id), `range` of them; with `total` (a scalar subquery) carried on every row as
 * `__total`. Deep pages (offset ≥ DEFERRED_JOIN_FROM) use a deferred join: the offset is walked
 * over the sort index alone (`select id … order by … limit … offset …`, an index-only scan), and
 * only the page's rows are read from the table (offset 10,000 of 220,000 invoices: 23 ms → 6 ms).
 * `gate`, a condition on no column (tenancy.ts PERMITTED), is checked once before any row is read;
 * `where`, `size` and `start` may hold placeholders (list-statement.ts).
 * The bench's bare route sends this same query without the total.
 */
export function pageQuery(
  tx: Db, resource: Resource, organizationId: string, q: ListQuery, total?: SQL,
  options: { gate?: SQL; where?: SQL; size?: unknown; start?: unknown } = {},
) {
  const t = tableOf(resource);
  const matching = options.where ?? whereOf(resource, t, organizationId, q.conditions);
  const where = options.gate ? and(matching, options.gate)! : matching;
  const dir = q.sort.order === 'ASC' ? asc : desc;
  const order = [dir(col(t, q.sort.field)), dir(col(t, 'id'))];
  const [from, to] = q.range;
  // numbers, or placeholders for them (list-statement.ts)
  const size = (options.size ?? to - from + 1) as number;
  const start = (options.start ?? from) as number;
  const fields = pageFields(t, total);
  if (from < DEFERRED_JOIN_FROM) return tx.select(fields).from(t).where(where).orderBy(...order).limit(size).offset(start);
  const keys = tx.select({ key: sql<string>`${col(t, 'id')}`.as('key') }).from(t).where(where).orderBy(...order).limit(size).offset(start).as('page_keys');
  return tx.select(fields).from(t)
    .innerJoin(keys, and(eq(col(t, 'organization_id'), organizationId), eq(col(t, 'id'), keys.key)))
    .orderBy(...order);
}

export const pageFields = (t: ResourceTable, total?: SQL) => (total ? { ...getTableColumns(t), __total: total } : getTableColumns(t));

export type PageRow = RecordValues & { __total?: string | number };

/** Runs a follow-up read in the organisation's scope. */
export type InScope = <T>(work: (tx: Db) => Promise<T>) => Promise<T>;

/**
 * A list's total from its page: a short page tells its own, else the one the page carried (an
 * estimate past the limit included); only an empty page past the start reads again (`run`).
 */
export async function pageTotal(run: InScope, resource: Resource, organizationId: string, q: ListQuery, count: number, carried: string | number | undefined): Promise<Total> {
  const unfiltered = q.conditions.length === 0;
  const exact = countedFilter(resource, q.conditions);
  const [start, end] = q.range;
  if (count < end - start + 1 && (count > 0 || start === 0)) return { total: start + count, estimated: false };
  if (count) return carriedTotal(carried ?? 0, unfiltered, start + count, exact);
  const t = tableOf(resource);
  return run((tx) => countTotal(tx, t, whereOf(resource, t, organizationId, q.conditions), unfiltered, { organizationId, exact }));
}

/**
 * A page and its total, in one statement: the page query carries the total (count.ts
 * totalExpression: the list counters when unfiltered, and the per-value counters for one
 * choice-field filter, both exact at any size; a count bounded at EXACT_COUNT_LIMIT + 1 otherwise,
 * the planner's estimate in its place past the limit, `estimated`). A short page tells its own
 * total. Only an empty page past the start costs a second query.
 */
export async function listRecords(tx: Db, resource: Resource, organizationId: string, query: ListQuery): Promise<{ rows: RecordValues[] } & Total> {
  const q = await resolveSearch(tx, resource, organizationId, query);
  const t = tableOf(resource);
  const where = whereOf(resource, t, organizationId, q.conditions);
  const carried = await totalExpression(tx, t, where, q.conditions.length === 0, organizationId, countedFilter(resource, q.conditions));
  const rows = (await pageQuery(tx, resource, organizationId, q, carried)) as PageRow[];
  const total = await pageTotal((work) => work(tx), resource, organizationId, q, rows.length, rows[0]?.__total);
  return { rows: rows.map((r) => serializeRecord(resource, r)), ...total };
}

async function loadChildren(tx: Db, resource: Resource, organizationId: string, ids: string[]) {
  const out = new Map<string, RecordValues>();
  for (const child of resource.children) {
    const ct = childTables[resource.name]?.[child.key];
    if (!ct || !ids.length) continue;
    const link = parentKey(resource);
    const rows = await tx.select().from(ct)
      .where(and(eq(col(ct, 'organization_id'), organizationId), inArray(col(ct, link), ids)))
      .orderBy(asc(col(ct, link)), asc(col(ct, 'position')));
    for (const id of ids) {
      const rec = out.get(id) ?? {};
      rec[child.key] = rows.filter((r) => r[link] === id);
      out.set(id, rec);
    }
  }
  return out;
}

/** The stored row (not serialised), or null. */
export async function findRow(tx: Db, resource: Resource, organizationId: string, id: string, lock = false): Promise<RecordValues | null> {
  const t = tableOf(resource);
  const query = tx.select().from(t).where(and(eq(col(t, 'organization_id'), organizationId), eq(col(t, 'id'), id)));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function getRecord(tx: Db, resource: Resource, organizationId: string, id: string): Promise<RecordValues> {
  const row = await findRow(tx, resource, organizationId, id);
  if (!row) throw notFound();
  const children = await loadChildren(tx, resource, organizationId, [id]);
  return serializeRecord(resource, { ...row, ...children.get(id) });
}

const unstamped = (r: RecordValues | null) => (r ? JSON.stringify({ ...r, updated_at: undefined }) : null);

/**
 * The audit row of a generic write to a money record (product.md 4.9), in the write's transaction:
 * the record as served before and after, children included. Taken before the area's afterWrite,
 * so what that hook does next (an allocation paying the new invoice) follows as its own row.
 */
async function auditWrite(tx: Db, resource: Resource, organizationId: string, id: string, before: RecordValues | null, deleted = false) {
  if (!isAudited(resource.name)) return;
  const after = deleted ? null : await getRecord(tx, resource, organizationId, id);
  if (unstamped(before) === unstamped(after)) return;
  await recordAudit(tx, { organizationId, resource: resource.name, recordId: id, action: writeAction(resource.name, before, after), before, after });
}

/**
 * A record dated in a closed month (its declaration's booksDate) is neither created, changed nor
 * deleted there, nor moved into or out of one: 422 naming the date field (domain/closed-months.ts).
 */
async function guardClosedMonths(tx: Db, resource: Resource, organizationId: string, ...dated: Array<RecordValues | null>) {
  const field = resource.booksDate;
  if (!field) return;
  const through = await closedThrough(tx, organizationId);
  if (!through) return;
  for (const r of dated) if (r) await assertOpen(tx, organizationId, r[field], field, through);
}

/** References must name records of this organisation (422 otherwise, as for any bad value). */
export async function checkReferences(tx: Db, fields: readonly Field[], values: RecordValues, organizationId: string, errors: FieldErrors, prefix = '') {
  for (const f of referenceFields({ fields: [...fields] })) {
    const v = values[f.key];
    if (v === null || v === undefined) continue;
    const ids = [...new Set((Array.isArray(v) ? v : [v]).map(String))];
    if (!ids.length) continue;
    let found: string[];
    if (f.reference === 'users') {
      const rows = await tx.select({ id: memberships.user_id }).from(memberships)
        .where(and(eq(memberships.organization_id, organizationId), inArray(memberships.user_id, ids)));
      found = rows.map((r) => r.id);
    } else {
      const target = resourceByName(f.reference!);
      const tt = target && (resourceHooks[target.name]?.table ?? resourceTables[target.name]);
      if (!tt) continue;
      const rows = await tx.select({ id: col(tt, 'id') }).from(tt)
        .where(and(eq(col(tt, 'organization_id'), organizationId), inArray(col(tt, 'id'), ids)));
      found = rows.map((r) => String(r.id));
    }
    if (found.length !== ids.length) (errors[`${prefix}${f.key}`] ??= []).push('The selected value does not exist.');
  }
}

/** Single-field uniques (account codes): a 422 on the field beats a constraint error. */
async function checkUnique(tx: Db, resource: Resource, t: ResourceTable, values: RecordValues, organizationId: string, exceptId: string | null, errors: FieldErrors) {
  for (const f of resource.fields.filter((x) => x.unique)) {
    const v = values[f.key];
    if (v === null || v === undefined) continue;
    const conditions = [eq(col(t, 'organization_id'), organizationId), eq(col(t, f.key), toColumns([f], { [f.key]: v })[f.key])];
    if (exceptId) conditions.push(ne(col(t, 'id'), exceptId));
    const [hit] = await tx.select({ id: col(t, 'id') }).from(t).where(and(...conditions)).limit(1);
    if (hit) (errors[f.key] ??= []).push('This value is already in use.');
  }
}

async function writeChildren(tx: Db, resource: Resource, organizationId: string, id: string, values: RecordValues, replace: boolean) {
  for (const child of resource.children) {
    if (child.readOnly || !Array.isArray(values[child.key])) continue;
    const ct = childTables[resource.name][child.key];
    const link = parentKey(resource);
    if (replace) await tx.delete(ct).where(and(eq(col(ct, 'organization_id'), organizationId), eq(col(ct, link), id)));
    const rows = (values[child.key] as RecordValues[]).map((v, position) => ({
      ...toColumns(child.fields, v), organization_id: organizationId, id: ulid(), [link]: id, position,
    }));
    if (rows.length) await tx.insert(ct).values(rows);
  }
}

async function checkChildReferences(tx: Db, resource: Resource, values: RecordValues, organizationId: string, errors: FieldErrors) {
  for (const child of resource.children) {
    const list = values[child.key];
    if (!Array.isArray(list)) continue;
    for (let i = 0; i < list.length; i++) await checkReferences(tx, child.fields, list[i] as RecordValues, organizationId, errors, `${child.key}.${i}.`);
  }
}

/** Postgres refused a write: the guarded field's message as a 422 (a 409 when unknown), never a 500. */
function constraintError(err: unknown, resource: Resource): never {
  const cause = (err as { cause?: { code?: string; constraint?: string } }).cause ?? (err as { code?: string; constraint?: string });
  if (cause?.code !== '23505' && cause?.code !== '23503') throw err;
  const info = cause.constraint ? constraints.get(cause.constraint) : undefined;
  if (info) throw invalid({ [info.field]: [info.message] });
  if (cause.code === '23505') {
    const u = resource.unique.find((x) => (cause.constraint ?? '').includes(x.fields.join('_')));
    throw conflict(u?.message ?? 'This record conflicts with an existing one.');
  }
  throw conflict('This record is referenced by, or references, a record that does not allow the change.');
}

export async function createRecord(tx: Db, resource: Resource, organizationId: string, values: RecordValues, actor?: Actor) {
  const t = tableOf(resource);
  const errors: FieldErrors = {};
  await checkReferences(tx, resource.fields, values, organizationId, errors);
  await checkChildReferences(tx, resource, values, organizationId, errors);
  await checkUnique(tx, resource, t, values, organizationId, null, errors);
  if (Object.keys(errors).length) throw invalid(errors);
  await guardClosedMonths(tx, resource, organizationId, values);
  const hooks = resourceHooks[resource.name];
  await hooks?.beforeWrite?.(tx, organizationId, values, null, values, actor);
  const id = ulid();
  try {
    await tx.insert(t).values({ ...toColumns(resource.fields, values), organization_id: organizationId, id });
    await writeChildren(tx, resource, organizationId, id, values, false);
    await auditWrite(tx, resource, organizationId, id, null);
    await hooks?.afterWrite?.(tx, organizationId, id, null);
  } catch (err) {
    if (err instanceof HttpError) throw err;
    constraintError(err, resource);
  }
  return getRecord(tx, resource, organizationId, id);
}

/** The stored row as clean values (cents, ISO text), with the request's values laid over it. */
function storedAs(resource: Resource, row: RecordValues, values: RecordValues): RecordValues {
  const current = validateRecord({ fields: resource.fields }, serializeRecord({ fields: resource.fields }, row), 'update').values;
  return { ...current, ...values };
}

export async function updateRecord(tx: Db, resource: Resource, organizationId: string, id: string, values: RecordValues, actor?: Actor) {
  const t = tableOf(resource);
  const existing = await findRow(tx, resource, organizationId, id, true);
  if (!existing) throw notFound();
  const errors: FieldErrors = {};
  await checkReferences(tx, resource.fields, values, organizationId, errors);
  await checkChildReferences(tx, resource, values, organizationId, errors);
  await checkUnique(tx, resource, t, values, organizationId, id, errors);
  if (Object.keys(errors).length) throw invalid(errors);
  // A partial PUT carries only some keys: the declared check and the hooks judge the record as it
  // will be stored (the stored row with the request laid over it), so leaving a key out cannot
  // slip past a rule that ties it to another.
  const record = storedAs(resource, existing, values);
  if (resource.check) {
    const refused = Object.entries(resource.check(record, 'update')).filter(([, list]) => list.length);
    if (refused.length) throw invalid(Object.fromEntries(refused));
  }
  await guardClosedMonths(tx, resource, organizationId, existing, record);
  const hooks = resourceHooks[resource.name];
  await hooks?.beforeWrite?.(tx, organizationId, values, existing, record, actor);
  const before = isAudited(resource.name) ? await getRecord(tx, resource, organizationId, id) : null;
  // write-only secrets sent empty keep their stored value
  const columns = toColumns(resource.fields.filter((f) => !(f.writeOnly && (values[f.key] === null || values[f.key] === ''))), values);
  try {
    await tx.update(t).set({ ...columns, updated_at: new Date() }).where(and(eq(col(t, 'organization_id'), organizationId), eq(col(t, 'id'), id)));
    await writeChildren(tx, resource, organizationId, id, values, true);
    await auditWrite(tx, resource, organizationId, id, before);
    await hooks?.afterWrite?.(tx, organizationId, id, existing);
  } catch (err) {
    if (err instanceof HttpError) throw err;
    constraintError(err, resource);
  }
  return getRecord(tx, resource, organizationId, id);
}

/** Deletes with the area's rules: 409 with the reason when they forbid it. */
export async function deleteRecord(tx: Db, resource: Resource, organizationId: string, id: string, actor?: Actor) {
  const row = await findRow(tx, resource, organizationId, id, true);
  if (!row) throw notFound();
  const record = await getRecord(tx, resource, organizationId, id);
  const rules = resource.delete;
  await guardClosedMonths(tx, resource, organizationId, row);
  await resourceHooks[resource.name]?.beforeDelete?.(tx, organizationId, row, actor);
  if (rules.allowed === false) throw conflict(rules.message ?? 'This record cannot be deleted.');
  for (const w of rules.blockedWhen ?? []) {
    if (w.in.includes(String(row[w.field]))) throw conflict(w.message);
  }
  for (const b of rules.blockedBy ?? []) {
    const target = resourceByName(b.resource);
    if (!target) continue;
    const bt = b.child ? childTables[target.name]?.[b.child] : resourceTables[target.name];
    if (!bt) continue;
    const field = fieldOf(target, b.field) ?? (b.child ? target.children.find((c) => c.key === b.child)?.fields.find((f) => f.key === b.field) : undefined);
    const column = col(bt, b.field);
    const match = field && (field.kind === 'multi_reference') ? arrayOverlaps(column, [id]) : eq(column, id);
    const [hit] = await tx.select({ id: col(bt, 'id') }).from(bt).where(and(eq(col(bt, 'organization_id'), organizationId), match)).limit(1);
    if (hit) throw conflict(b.message);
  }
  const t = tableOf(resource);
  try {
    await tx.delete(t).where(and(eq(col(t, 'organization_id'), organizationId), eq(col(t, 'id'), id)));
  } catch (err) {
    constraintError(err, resource);
  }
  await auditWrite(tx, resource, organizationId, id, record, true);
  return record;
}
