// GET /api/v1/<area>/export.csv: the whole filtered, sorted list as one CSV download, however
// long. The list API stops at 1,000 rows a call; an export must not. Rows are read in keyset
// pages (the list's own order, then id: "after the last row sent", never an OFFSET that grows),
// each page in its own short read-only transaction that checks membership and permission again,
// and written as the client reads them (Readable.from pulls the next page only when the socket
// has taken the last one): memory stays flat at one page, and a long export never holds the
// embedded database's one connection for its whole length.
import { Readable } from 'node:stream';
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { resourceByName } from '../../../resources/index.js';
import {
  exportCell, exportFields, exportHeader, exportLabels, nairobiDateTime, type ExportLabels,
} from '../../shared/csv-export.js';
import { recordTitle, type Field, type RecordValues, type Resource } from '../../shared/resource.js';
import { serializeRecord } from '../../shared/resource-validate.js';
import { writeCsv } from '../csv.js';
import { EXPORT_LIST } from '../../shared/permissions.js';
import type { Db } from '../db/client.js';
import { resourceTables, type ResourceTable } from '../db/resource-tables.js';
import { memberships, users } from '../db/schema.js';
import { badRequest, forbidden } from '../errors.js';
import { withTenant } from '../tenancy.js';
import { resourceHooks } from './hooks.js';
import { parseListQuery, type ListQuery } from './query-parser.js';
import { resolveSearch, tableOf, whereOf } from './repository.js';

/** Rows per page (one read-only transaction each). */
export const EXPORT_PAGE = 1000;
/** Titles kept between pages (the same properties and tenants recur); cleared past this many (a few MB). */
const TITLE_CACHE = 100_000;

const col = (t: ResourceTable, key: string) => (t as unknown as Record<string, AnyPgColumn>)[key];

type Row = RecordValues & { id: string };
/** Where the last page ended: its last row's sort value and id. */
export interface Cursor { value: unknown; id: string }

/** Where an area's rows come from: a page of at most EXPORT_PAGE after the cursor, in the query's order. */
export interface ExportSource {
  page(tx: Db, organizationId: string, query: ListQuery, after: Cursor | null): Promise<Row[]>;
}

const tableSource = (resource: Resource): ExportSource => ({
  page: (tx, organizationId, query, after) => readPage(tx, resource, organizationId, query, after),
});

/**
 * The rows after `last` in the list's order (`sort dir, id dir`, with PostgreSQL's null placement:
 * ASC puts nulls last, DESC first), so each page starts exactly where the one before ended.
 *
 * Each step is one range of the sort index (organization_id, field, id): a row comparison
 * `(field, id) > (value, id)` is an index condition, where the equivalent `field > v or (field = v
 * and id > last)` is only a filter and walks every row before the cursor (page 150 of 220,000
 * invoices: 174 ms against 2 ms). Rows without a value are their own range, read after (ASC) or
 * before (DESC) the others.
 */
async function readPage(tx: Db, resource: Resource, organizationId: string, query: ListQuery, cursor: Cursor | null): Promise<Row[]> {
  const q = await resolveSearch(tx, resource, organizationId, query);
  const t = tableOf(resource);
  const where = whereOf(resource, t, organizationId, q.conditions);
  const ascending = q.sort.order === 'ASC';
  const dir = ascending ? asc : desc;
  const id = col(t, 'id');
  const read = (condition: SQL, byValue: boolean, limit: number) => tx.select().from(t).where(and(where, condition))
    .orderBy(...(byValue ? [dir(col(t, q.sort.field))] : []), dir(id)).limit(limit) as unknown as Promise<Row[]>;
  if (q.sort.field === 'id') return read(cursor ? (ascending ? gt : lt)(id, cursor.id) : sql`true`, false, EXPORT_PAGE);
  const c = col(t, q.sort.field);
  if (!cursor) return read(sql`true`, true, EXPORT_PAGE);
  const past = ascending ? gt : lt;
  let rows: Row[];
  if (cursor.value === null || cursor.value === undefined) {
    rows = await read(and(isNull(c), past(id, cursor.id))!, false, EXPORT_PAGE);
    // descending, the rows with a value come after the empty ones
    if (!ascending && rows.length < EXPORT_PAGE) rows.push(...(await read(isNotNull(c), true, EXPORT_PAGE - rows.length)));
  } else {
    const value = sql`cast(${sql.param(cursor.value, c)} as ${sql.raw(c.getSQLType())})`;
    rows = await read(and(isNotNull(c), sql`(${c}, ${id}) ${sql.raw(ascending ? '>' : '<')} (${value}, ${cursor.id})`)!, true, EXPORT_PAGE);
    // ascending, the empty ones come after the rows with a value
    if (ascending && rows.length < EXPORT_PAGE) rows.push(...(await read(isNull(c), false, EXPORT_PAGE - rows.length)));
  }
  return rows;
}

/** A readable title for a referenced record: its declared title, or (leases) its first dates. */
function titleOf(target: Resource, row: RecordValues): string {
  const r = serializeRecord(target, row);
  const title = recordTitle(target, r);
  if (title && title !== String(r.id)) return title;
  const parts = target.listColumns
    .map((k) => target.fields.find((f) => f.key === k))
    .filter((f): f is Field => !!f && ['date', 'money', 'text'].includes(f.kind) && r[f.key] != null && r[f.key] !== '')
    .slice(0, 2)
    .map((f) => String(r[f.key]));
  return parts.length ? parts.join(' – ') : String(r.id);
}

/** Titles of the ids a page references, per target area, read in one query per target. */
async function loadTitles(tx: Db, organizationId: string, fields: Field[], rows: Row[], cache: Map<string, string>) {
  // forget before choosing what to read: the page's titles must all be there when it is written
  if (cache.size > TITLE_CACHE) cache.clear();
  const wanted = new Map<string, Set<string>>();
  for (const f of fields) {
    if (f.kind !== 'reference' && f.kind !== 'multi_reference') continue;
    for (const row of rows) {
      const v = row[f.key];
      for (const id of v == null ? [] : Array.isArray(v) ? v : [v]) {
        if (!cache.has(`${f.reference}:${id}`)) (wanted.get(f.reference!) ?? wanted.set(f.reference!, new Set()).get(f.reference!)!).add(String(id));
      }
    }
  }
  for (const [target, idSet] of wanted) {
    const ids = [...idSet];
    if (target === 'users') {
      const found = await tx.select({ id: users.id, name: users.name }).from(memberships)
        .innerJoin(users, eq(users.id, memberships.user_id))
        .where(and(eq(memberships.organization_id, organizationId), inArray(memberships.user_id, ids)));
      for (const u of found) cache.set(`users:${u.id}`, u.name);
      continue;
    }
    const decl = resourceByName(target);
    const tt = decl && (resourceHooks[decl.name]?.table ?? resourceTables[decl.name]);
    if (!decl || !tt) continue;
    const found = await tx.select().from(tt).where(and(eq(col(tt, 'organization_id'), organizationId), inArray(col(tt, 'id'), ids)));
    for (const r of found) cache.set(`${target}:${String(r.id)}`, titleOf(decl, r));
  }
}

function csvOf(resource: Resource, fields: Field[], rows: Row[], labels: ExportLabels, cache: Map<string, string>): string {
  const lines = rows.map((row) => {
    const r = serializeRecord(resource, row);
    return [String(r.id), ...fields.map((f) => exportCell(f, r[f.key], labels, (id) => cache.get(`${f.reference}:${id}`)))];
  });
  return writeCsv(lines);
}

const MAX_LABEL = 200;

/** The `labels` parameter: the browser's headers and choice words (English from the keys otherwise). */
export function parseLabels(resource: Resource, raw: unknown): ExportLabels {
  const english = exportLabels(resource);
  if (raw === undefined || raw === '') return english;
  let given: unknown;
  try {
    given = JSON.parse(String(raw));
  } catch {
    throw badRequest('The labels parameter is not valid JSON.');
  }
  if (typeof given !== 'object' || given === null || Array.isArray(given)) throw badRequest('The labels parameter must be a JSON object.');
  const g = given as Partial<Record<keyof ExportLabels, unknown>>;
  const text = (v: unknown, fallback: string) => (typeof v === 'string' && v.trim() ? v.trim().slice(0, MAX_LABEL) : fallback);
  const map = (v: unknown) => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
  const fields = map(g.fields);
  const choices = map(g.choices);
  return {
    fields: Object.fromEntries(Object.entries(english.fields).map(([k, v]) => [k, text(fields[k], v)])),
    choices: Object.fromEntries(Object.entries(english.choices).map(([k, values]) => {
      const mine = map(choices[k]);
      return [k, Object.fromEntries(Object.entries(values).map(([c, v]) => [c, text(mine[c], v)]))];
    })),
    yes: text(g.yes, english.yes),
    no: text(g.no, english.no),
  };
}

/** Today in Nairobi, for the file name. */
const today = () => nairobiDateTime(new Date().toISOString()).slice(0, 10);

const ExportQueryString = {
  type: 'object',
  properties: {
    filter: { type: 'string', description: 'as the list: declared filters, q, <field>_gte / <field>_lte, arrays for one-of' },
    sort: { type: 'string', description: 'as the list: ["field", "ASC" | "DESC"]' },
    labels: { type: 'string', description: 'JSON {fields: {key: header}, choices: {key: {value: label}}, yes, no}: the words of the user’s language (English from the keys otherwise)' },
  },
} as const;

/**
 * The export route of one area: list.<module> and export.list (taking a whole list away, tenants'
 * phones and ID numbers, is more than reading it screen by screen), the list's filters and sort, the organisation's
 * rows only. Errors before the first byte (a bad filter, 403, 404) are the contract's JSON; a
 * failure mid-file (the permission withdrawn between pages) ends the download unfinished rather
 * than passing off part of the list as all of it.
 */
export function registerExport(app: FastifyInstance, resource: Resource, source: ExportSource = tableSource(resource)) {
  app.get(`/${resource.name}/export.csv`, {
    schema: {
      tags: [resource.name],
      summary: `Every row of ${resource.name} matching the list's filter and sort, as CSV (list.${resource.module} and export.list; no row limit)`,
      querystring: ExportQueryString,
      produces: ['text/csv'],
      response: { 200: { content: { 'text/csv': { schema: { type: 'string', description: 'UTF-8 with a byte-order mark, as an attachment; a header row of the field labels' } } } } },
    },
  }, async (req, reply) => {
    const { filter, sort, labels: rawLabels } = req.query as Record<string, string | undefined>;
    const query = parseListQuery(resource, { ...(filter !== undefined ? { filter } : {}), ...(sort !== undefined ? { sort } : {}) });
    const labels = parseLabels(resource, rawLabels);
    const fields = exportFields(resource);
    const titles = new Map<string, string>();
    const page = (cursor: Cursor | null) => withTenant(req as FastifyRequest, `list.${resource.module}`, async (tx, ctx) => {
      if (!ctx.permissions.includes(EXPORT_LIST)) throw forbidden();
      const rows = await source.page(tx, ctx.organizationId, query, cursor);
      await loadTitles(tx, ctx.organizationId, fields, rows, titles);
      return { rows, csv: csvOf(resource, fields, rows, labels, titles) };
    }, { readOnly: true });

    const first = await page(null);
    async function* body() {
      // the byte-order mark makes spreadsheet programs read the file as UTF-8 (Swahili, names)
      yield `\uFEFF${writeCsv([exportHeader(resource, labels)])}`;
      let current = first;
      for (;;) {
        if (current.rows.length) yield current.csv;
        if (current.rows.length < EXPORT_PAGE) return;
        const last = current.rows[current.rows.length - 1];
        current = await page({ value: query.sort.field === 'id' ? last.id : last[query.sort.field], id: last.id });
      }
    }
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${resource.name}-${today()}.csv"`)
      .header('cache-control', 'no-store')
      .send(Readable.from(body()));
  });
}
