// A money record's history, read from the audit log: who did what when, and which of the record's
// fields changed from what to what. The rows keep what each change wrote (whole records for the
// generic writes, the few fields an action touched for the domain verbs); this turns them into
// entries a screen can put into words, with the records they name resolved to their titles.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { resourceByName } from '../../../resources/index.js';
import { recordTitle, type Field, type Resource } from '../../shared/resource.js';
import { serializeRecord } from '../../shared/resource-validate.js';
import { centsToDecimal, parseDecimal, parseMoney } from '../../shared/resource-values.js';
import { rowsOf, type Db } from '../db/client.js';
import { resourceTables } from '../db/resource-tables.js';
import type { HistoryChange, HistoryEntry, RecordHistory } from '../../shared/report-shapes.js';

export type { HistoryChange, HistoryEntry, RecordHistory };

/** Newest first; a record's history is short, this only bounds a pathological one. */
const LIMIT = 500;
const META = new Set(['id', 'organization_id', 'created_at', 'updated_at', 'position']);
/** Ids an action's details name, by key. */
const DETAIL_IDS: Record<string, string> = {
  invoice_id: 'invoices', payment_id: 'payments', lease_id: 'leases', tenant_id: 'tenants', house_id: 'houses', charge_id: 'charges',
};
/** Lists of invoice ids in a lease's end (voided, kept). */
const DETAIL_ID_LISTS: Record<string, string> = { voided: 'invoices', kept: 'invoices' };

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** One value the way the API serves it, so a row written as '1500' and one written as '1500.00' compare equal. */
function normal(field: Field | undefined, v: unknown): unknown {
  if (v === undefined || v === null || v === '') return null;
  switch (field?.kind) {
    case 'money': {
      const c = parseMoney(v);
      return c === null ? v : centsToDecimal(c);
    }
    case 'date': return typeof v === 'string' ? v.slice(0, 10) : v;
    case 'datetime': {
      const d = new Date(String(v));
      return Number.isNaN(d.getTime()) ? v : d.toISOString();
    }
    case 'percent': return parseDecimal(v, 2) ?? v;
    case 'number': return field.scale ? parseDecimal(v, field.scale) ?? v : typeof v === 'string' && v.trim() !== '' && !Number.isNaN(Number(v)) ? Number(v) : v;
    default: return v;
  }
}

function childRows(fields: readonly Field[], v: unknown): Obj[] {
  if (!Array.isArray(v)) return [];
  return v.filter(isObj).map((r) => Object.fromEntries(fields.filter((f) => f.key in r).map((f) => [f.key, normal(f, r[f.key])])));
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** What changed between a row's before and after, in the declaration's field order. */
export function changesOf(resource: Resource, before: unknown, after: unknown): HistoryChange[] {
  if (!isObj(after)) return [];
  const was = isObj(before) ? before : null;
  // a domain action writes only the fields it is about (a lease's end: status and move-out date):
  // those are reported even when one kept its value; a whole record reports what changed
  const partial = !('id' in after);
  const out: HistoryChange[] = [];
  for (const f of resource.fields) {
    if (f.writeOnly || !(f.key in after)) continue;
    const next = normal(f, after[f.key]);
    const prev = was ? normal(f, was[f.key]) : null;
    if (was ? !same(prev, next) || (partial && next !== null) : next !== null) out.push({ field: f.key, old: prev, new: next });
  }
  for (const c of resource.children) {
    if (!(c.key in after)) continue;
    const next = childRows(c.fields, after[c.key]);
    const prev = was ? childRows(c.fields, was[c.key]) : [];
    if (!same(prev, next)) out.push({ field: c.key, old: was && c.key in was ? prev : null, new: next });
  }
  return out;
}

function detailsOf(resource: Resource, after: unknown): Obj | null {
  if (!isObj(after)) return null;
  const declared = new Set([...resource.fields.map((f) => f.key), ...resource.children.map((c) => c.key), ...META]);
  const rest = Object.entries(after).filter(([k]) => !declared.has(k));
  return rest.length ? Object.fromEntries(rest) : null;
}

/** Every (resource, id) the entries name: reference fields, child references, and ids in the details. */
function namedRecords(resource: Resource, entries: HistoryEntry[]): Map<string, Set<string>> {
  const wanted = new Map<string, Set<string>>();
  const add = (target: string | undefined, id: unknown) => {
    if (!target || typeof id !== 'string' || !id) return;
    if (!wanted.has(target)) wanted.set(target, new Set());
    wanted.get(target)!.add(id);
  };
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) { v.forEach(walk); return; }
    if (!isObj(v)) return;
    for (const [k, x] of Object.entries(v)) {
      if (DETAIL_IDS[k]) add(DETAIL_IDS[k], x);
      else if (DETAIL_ID_LISTS[k] && Array.isArray(x)) x.forEach((id) => add(DETAIL_ID_LISTS[k], id));
      else walk(x);
    }
  };
  for (const e of entries) {
    for (const ch of e.changes) {
      const field = resource.fields.find((f) => f.key === ch.field);
      if (field?.kind === 'reference') { add(field.reference, ch.old); add(field.reference, ch.new); continue; }
      const child = resource.children.find((c) => c.key === ch.field);
      for (const f of child?.fields.filter((x) => x.kind === 'reference') ?? []) {
        for (const r of [...(Array.isArray(ch.old) ? ch.old : []), ...(Array.isArray(ch.new) ? ch.new : [])] as Obj[]) add(f.reference, r[f.key]);
      }
    }
    walk(e.details);
  }
  return wanted;
}

/** Titles of the named records of this organisation (a lease is its house and tenant). */
async function titles(tx: Db, organizationId: string, wanted: Map<string, Set<string>>): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const [target, set] of wanted) {
    const ids = [...set];
    if (target === 'leases') {
      const rows = rowsOf<{ id: string; house: string | null; tenant: string | null; start_date: string }>(await tx.execute(sql`
        select l.id, h.number as house, t.name as tenant, l.start_date::text as start_date
        from leases l
        left join houses h on h.organization_id = l.organization_id and h.id = l.house_id
        left join tenants t on t.organization_id = l.organization_id and t.id = l.tenant_id
        where l.organization_id = ${organizationId} and l.id in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)})`));
      for (const r of rows) out[r.id] = [r.house, r.tenant].filter(Boolean).join(' · ') || r.start_date;
      continue;
    }
    if (target === 'users') {
      const rows = rowsOf<{ id: string; name: string }>(await tx.execute(sql`
        select u.id, u.name from users u join memberships m on m.user_id = u.id and m.organization_id = ${organizationId}
        where u.id in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)})`));
      for (const r of rows) out[r.id] = r.name;
      continue;
    }
    const decl = resourceByName(target);
    const t = resourceTables[target];
    if (!decl || !t) continue;
    const rows = await tx.select().from(t).where(and(eq(t.organization_id, organizationId), inArray(t.id, ids)));
    for (const r of rows) out[String(r.id)] = recordTitle(decl, serializeRecord(decl, r));
  }
  return out;
}

/** The history of one record (the caller has checked it is this organisation's). */
export async function readHistory(tx: Db, organizationId: string, resource: Resource, recordId: string): Promise<RecordHistory> {
  const rows = rowsOf<{ id: string; at: Date | string; user_id: string | null; user_name: string | null; action: string; before: unknown; after: unknown; reason: string | null }>(await tx.execute(sql`
    select a.id, a.at, a.user_id, u.name as user_name, a.action, a.before, a.after, a.reason
    from audit_log a left join users u on u.id = a.user_id
    where a.organization_id = ${organizationId} and a.resource = ${resource.name} and a.record_id = ${recordId}
    order by a.at desc, a.id desc
    limit ${LIMIT}`));
  const entries: HistoryEntry[] = rows.map((r) => ({
    id: r.id,
    at: new Date(r.at).toISOString(),
    action: r.action,
    reason: r.reason,
    user: r.user_id ? { id: r.user_id, name: r.user_name ?? '' } : null,
    changes: r.action === 'delete' ? [] : changesOf(resource, r.before, r.after),
    details: detailsOf(resource, r.after),
  }));
  return { entries, references: await titles(tx, organizationId, namedRecords(resource, entries)) };
}
