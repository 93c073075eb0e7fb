// Tables generated from the declarations in resources/ (issue 3). One table per resource stored
// in the database, plus its child tables; the same tenant-key discipline as schema.ts: primary
// key (organization_id, id), every foreign key composite (organization_id, x_id) → (organization_id, id).
// After changing a declaration: `npm run db:generate -- --name <what>` and commit the migration.

import { sql, type SQL } from 'drizzle-orm';
import {
  boolean, date, getTableConfig, foreignKey, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp,
  uniqueIndex, type AnyPgColumn, type ExtraConfigColumn, type PgColumnBuilderBase, type PgTableWithColumns,
} from 'drizzle-orm/pg-core';
import { storedResources, resourceByName } from '../../../resources/index.js';
import {
  parentKey, TEXT_KINDS, type ChildDeclaration, type Field, type Resource, type UniqueDeclaration,
} from '../../shared/resource.js';
import { memberships } from './schema.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ResourceTable = PgTableWithColumns<any>;
type Cols = Record<string, AnyPgColumn>;

/** Postgres cuts identifiers at 63 bytes; keep generated names unique and whole. */
function ident(name: string): string {
  if (name.length <= 63) return name;
  let h = 0;
  for (const c of name) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return `${name.slice(0, 54)}_${h.toString(36).slice(0, 8)}`;
}

export interface ConstraintInfo {
  table: string;
  kind: 'unique' | 'foreign_key';
  /** The field to name in a 422 (the last declared field of a composite unique). */
  field: string;
  message: string;
}

/**
 * Generated constraint and unique-index names → what they guard, so the error handler can turn
 * a PostgreSQL 23505 (unique) or 23503 (foreign key) into a 422 naming the field (or a 409 on
 * delete) instead of a 500.
 */
export const constraints = new Map<string, ConstraintInfo>();

const literal = (v: string) => `'${v.replace(/'/g, "''")}'`;

function columnFor(f: Field): PgColumnBuilderBase {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  let c: any;
  switch (f.kind) {
    case 'money': c = numeric(f.key, { precision: 14, scale: 2 }); break;
    case 'percent': c = numeric(f.key, { precision: 5, scale: 2 }); break;
    case 'number': c = f.scale ? numeric(f.key, { precision: 12, scale: f.scale }) : integer(f.key); break;
    case 'date': c = date(f.key, { mode: 'string' }); break;
    case 'datetime': c = timestamp(f.key, { withTimezone: true, mode: 'date' }); break;
    case 'boolean': c = boolean(f.key); break;
    case 'multi_choice': case 'multi_reference': c = text(f.key).array(); break;
    case 'json': c = jsonb(f.key); break;
    default: c = text(f.key);
  }
  if (f.default !== undefined) {
    if (Array.isArray(f.default)) {
      c = c.default(f.default.length ? sql.raw(`ARRAY[${f.default.map((v) => literal(String(v))).join(', ')}]::text[]`) : sql`'{}'::text[]`);
    } else c = c.default(f.default);
  }
  if (isRequired(f)) c = c.notNull();
  return c;
}

/** Server-computed fields with a default are never null; others are null until filled. */
const isRequired = (f: Field) => !!f.required || (!!f.readOnly && f.default !== undefined);

const keyColumns = () => ({
  organization_id: text('organization_id').notNull(),
  id: text('id').notNull(),
});
const timestampColumns = () => ({
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

const byTable = new Map<string, ResourceTable>();

/** The (organization_id, id) pair a reference to `target` points at. */
function referencedColumns(target: string): [AnyPgColumn, AnyPgColumn] {
  if (target === 'users') return [memberships.organization_id, memberships.user_id];
  const r = resourceByName(target);
  if (!r || r.storage !== 'table') throw new Error(`reference to ${target}: not a stored resource`);
  const t = byTable.get(r.table);
  if (!t) throw new Error(`reference to ${target}: table ${r.table} not built`);
  return [t.organization_id, t.id];
}

function referenceConstraints(table: string, fields: readonly Field[], t: Cols) {
  return fields
    .filter((f) => f.kind === 'reference')
    .map((f) => foreignKey({
      name: constraintName(ident(`${table}_${f.key}_fk`), { table, kind: 'foreign_key', field: f.key, message: 'The selected record does not exist.' }),
      columns: [t.organization_id, t[f.key]],
      foreignColumns: referencedColumns(f.reference!),
    }));
}

function constraintName(name: string, info: ConstraintInfo): string {
  constraints.set(name, info);
  return name;
}

function whereOf(u: UniqueDeclaration, t: Cols): SQL | undefined {
  if (!u.where) return undefined;
  return sql`${t[u.where.field]} in (${sql.raw(u.where.in.map(literal).join(', '))})`;
}

/**
 * The column a filterable date's days index carries (its `${table}_${date}_${key}_idx`, beside the
 * date's sort index): the area's default sort, unless that is the id.
 */
export const daysIndexKey = (defaultSort?: string): string | undefined => (defaultSort && defaultSort !== 'id' ? defaultSort : undefined);

/**
 * Indexes: unique where declared, sort (org, field, id), references and filterable choices
 * (org, field), trigram search.
 */
function indexes(table: string, fields: readonly Field[], unique: readonly UniqueDeclaration[], t: Cols, lead: AnyPgColumn[], defaultSort?: string) {
  const out = [];
  const covered = new Set<string>();
  for (const f of fields.filter((x) => x.unique)) {
    const name = constraintName(ident(`${table}_${f.key}_unique`), { table, kind: 'unique', field: f.key, message: 'This value is already used.' });
    out.push(uniqueIndex(name).on(t.organization_id, ...lead, t[f.key]));
    // a value left empty (a draft invoice's number) is not unique: sorted on, its empty ones come
    // first newest-first and in no order of the id, so a page sorted by it read and sorted them
    // all (3,924 draft invoices for 25 rows, 3 ms): such a field keeps a sort index of its own
    if (isRequired(f)) covered.add(f.key);
  }
  for (const u of unique) {
    const name = constraintName(ident(`${table}_${u.fields.join('_')}_unique`), {
      table, kind: 'unique', field: u.fields[u.fields.length - 1], message: u.message ?? 'This value is already used.',
    });
    const textKeys = new Set(fields.filter((f) => TEXT_KINDS.includes(f.kind)).map((f) => f.key));
    const cols = u.fields.map((k) => (u.caseless && textKeys.has(k) ? sql`lower(btrim(${t[k]}))` : t[k]));
    const where = whereOf(u, t);
    const ix = uniqueIndex(name).on(t.organization_id, ...lead, ...(cols as [AnyPgColumn]));
    out.push(where ? ix.where(where) : ix);
    covered.add(u.fields[0]);
  }
  for (const f of fields.filter((x) => x.sort && !covered.has(x.key))) {
    out.push(index(ident(`${table}_${f.key}_sort_idx`)).on(t.organization_id, t[f.key], t.id));
    covered.add(f.key);
  }
  // A filterable date's days in the default order (crud/list-statement.ts probedPage): a range of
  // those days listed that way reads each non-empty day's first page from here, not every match: a
  // billing run issues a month's invoices on one day, and sorting its 7,694 (their ties falling to
  // the id) for 25 of them was most of the list's 3.7 ms
  const key = daysIndexKey(defaultSort);
  if (key) {
    for (const f of fields.filter((x) => x.kind === 'date' && x.filter && !x.unique && x.key !== key)) {
      out.push(index(ident(`${table}_${f.key}_${key}_idx`)).on(t.organization_id, t[f.key], t[key], t.id));
    }
  }
  for (const f of fields.filter((x) => x.kind === 'reference' && !covered.has(x.key))) {
    out.push(index(ident(`${table}_${f.key}_idx`)).on(t.organization_id, t[f.key]));
  }
  // A filterable choice field (status, kind, method): its filter's total is exact at any size
  // (crud/count.ts exactAtAnySize), read from its per-value counters (migration
  // 0023_list_choice_counts, and 0026 for the days of a filterable date field; a new such field
  // needs list_choice_counts_install in its migration, tests/server/crud/choice-counts.test.ts checks) and otherwise an index-only count over
  // (org, field). Its own index even beside a sort index (org, field, id): a handful of values
  // dedupe to a tenth of the size, so 157,000 paid invoices count in 6 ms instead of 13
  // (migration 0021's note).
  for (const f of fields.filter((x) => x.kind === 'choice' && x.filter && !x.unique)) {
    out.push(index(ident(`${table}_${f.key}_idx`)).on(t.organization_id, t[f.key]));
  }
  // A trigram index keeps its pending list (rows inserted, not yet merged) at PostgreSQL's least,
  // 64 kB: every search reads all of it, and at the default 4 MB, merged only when full or at a
  // vacuum (which a large table's inserts seldom bring on), it held 231 pages of the scale seed's
  // invoice numbers and half again a search's index scan (migration 0033). An insert pays the
  // merging a little at a time (10,000 rows: 56 ms at 4 MB, 158 ms at 64 kB, 407 ms unbuffered).
  for (const f of fields.filter((x) => x.search)) {
    out.push(index(ident(`${table}_${f.key}_trgm_idx`)).using('gin', (t[f.key] as unknown as ExtraConfigColumn).op('gin_trgm_ops')).with({ gin_pending_list_limit: 64 }));
  }
  return out;
}

function buildTable(r: Resource): ResourceTable {
  const columns: Record<string, PgColumnBuilderBase> = keyColumns();
  for (const f of r.fields) columns[f.key] = columnFor(f);
  Object.assign(columns, timestampColumns());
  const table = pgTable(r.table, columns, (t) => {
    const c = t as unknown as Cols;
    return [
      primaryKey({ columns: [c.organization_id, c.id] }),
      ...referenceConstraints(r.table, r.fields, c),
      ...indexes(r.table, r.fields, r.unique, c, [], r.defaultSort.field),
    ];
  });
  return table as unknown as ResourceTable;
}

function buildChild(r: Resource, child: ChildDeclaration): ResourceTable {
  const link = parentKey(r);
  const columns: Record<string, PgColumnBuilderBase> = {
    ...keyColumns(),
    [link]: text(link).notNull(),
    position: integer('position').notNull().default(0),
  };
  for (const f of child.fields) columns[f.key] = columnFor(f);
  Object.assign(columns, timestampColumns());
  const table = pgTable(child.table, columns, (t) => {
    const c = t as unknown as Cols;
    const parent = byTable.get(r.table)!;
    return [
      primaryKey({ columns: [c.organization_id, c.id] }),
      foreignKey({
        name: constraintName(ident(`${child.table}_${link}_fk`), { table: child.table, kind: 'foreign_key', field: link, message: 'The parent record does not exist.' }),
        columns: [c.organization_id, c[link]],
        foreignColumns: [parent.organization_id, parent.id],
      }).onDelete('cascade'),
      index(ident(`${child.table}_${link}_idx`)).on(c.organization_id, c[link], c.position),
      ...referenceConstraints(child.table, child.fields, c),
      ...indexes(child.table, child.fields, child.unique ?? [], c, [c[link]]),
    ];
  });
  return table as unknown as ResourceTable;
}

/** Resource name → its table. */
export const resourceTables: Record<string, ResourceTable> = {};
/** Resource name → child key ('lines') → its table. */
export const childTables: Record<string, Record<string, ResourceTable>> = {};

for (const r of storedResources) {
  const t = buildTable(r);
  byTable.set(r.table, t);
  resourceTables[r.name] = t;
}
for (const r of storedResources) {
  for (const child of r.children) {
    const t = buildChild(r, child);
    byTable.set(child.table, t);
    (childTables[r.name] ??= {})[child.key] = t;
  }
}

/** Every generated table by its SQL name. */
export const generatedTables: ReadonlyMap<string, ResourceTable> = byTable;

// Extra configs (keys, indexes) are built lazily by drizzle; build them now so `constraints` is full.
for (const t of byTable.values()) getTableConfig(t);

// Hand-written in migration 0016 (not generated: it spans organisations): a Daraja callback finds
// its channel by the secret alone (domain/daraja/c2b.ts). The server makes every secret, so a
// refusal here is a collision of 185 random bits, never a user's input.
constraintName('payment_channels_callback_secret_unique', { table: 'payment_channels', kind: 'unique', field: 'callback_secret', message: 'Another channel has this callback secret.' });

// drizzle-kit reads the tables from src/server/db/tables.generated.ts (named exports, written by
// `npm run areas`). These few are named here for the domain code that queries them directly.
export const houses = resourceTables['houses'];
export const leases = resourceTables['leases'];
export const tenants = resourceTables['tenants'];
export const properties = resourceTables['properties'];
