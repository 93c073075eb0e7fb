// Issuing planned invoices, set-based, in the caller's transaction.
//
// Idempotency: the unique index (organization_id, lease_id, period_start) on invoices decides.
// INSERT … ON CONFLICT DO NOTHING RETURNING tells which invoices this transaction made; a second
// writer for the same (lease, period) waits for the first to commit and then makes nothing, and a
// crashed writer's rows vanish with its transaction.
// Gapless numbers: the batch locks its number_series row first, numbers its rows from there, and
// moves the series on by the number of inserts that won (renumbering the winners if some lost),
// all in the same transaction; a rollback returns them.
// Lines and audit rows before invoices: only the invoices and the series need the series lock, so
// a batch writes its lines and audit rows while preparing (a billing run prepares a batch while the
// batch before holds the lock): the lines under a deferred foreign key (migration 0028), put back
// once their invoices are there; the audit rows with the numbers the invoices are expected to take,
// corrected where they took others. The lines and audit rows of invoices that lost are deleted.
import { sql } from 'drizzle-orm';
import { newIds } from './ids.js';
import { arrayLiteral } from '../../db/array-literal.js';
import { rowsOf, type Db } from '../../db/client.js';
import { applyCredits } from '../payments/allocation.js';
import { formatNumber, formatNumberSql } from '../numbering.js';
import { DEFAULT_INVOICE_PREFIX, invoicePrefixSql } from '../invoices.js';
import { dec, type PlannedInvoice } from './plan.js';
import { markReadingsBilled, withMeterCharges } from './meters.js';
import { markRepairsCharged, withRepairCharges } from './repairs.js';

export interface IssuedInvoice {
  id: string;
  lease_id: string;
  tenant_id: string;
  number: string;
  period_start: string;
  total: bigint;
}

const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

/**
 * Planned invoices ready to insert: sorted by lease (the order the statement inserts them), with
 * their ids and lines' ids made (each table's ascending, ids.ts) and their rows as one array
 * literal per column (PostgreSQL reads these faster than the same rows as JSON). Everything but the
 * numbers, which come from the series under its lock.
 */
interface IssuePayload {
  plans: PlannedInvoice[];
  /** The ids of `plans`, in order, and of their audit rows. */
  ids: string[];
  auditIds: string[];
  invoices: Record<typeof INVOICE_COLUMNS[number], string>;
  lines: Record<typeof LINE_COLUMNS[number], string>;
}

const INVOICE_COLUMNS = ['id', 'lease_id', 'tenant_id', 'house_id', 'property_id', 'period_start', 'period_end', 'issue_date', 'due_date', 'total', 'audit_id'] as const;
const LINE_COLUMNS = ['id', 'invoice_id', 'position', 'kind', 'charge_id', 'description', 'quantity', 'rate', 'amount', 'meter_previous', 'meter_current'] as const;

/** Each key's values over `rows` rows, one array literal a key. */
function columns<K extends string>(keys: readonly K[], rows: number, value: (key: K, row: number) => unknown): Record<K, string> {
  const out = {} as Record<K, string>;
  for (const key of keys) out[key] = arrayLiteral(Array.from({ length: rows }, (_, row) => value(key, row)));
  return out;
}

function issuePayload(planned: PlannedInvoice[]): IssuePayload {
  const plans = [...planned].sort((a, b) => (a.lease_id < b.lease_id ? -1 : a.lease_id > b.lease_id ? 1 : 0));
  const ids = newIds(plans.length);
  const auditIds = newIds(plans.length);
  const totals = plans.map((p) => dec(p.total));
  const invoices = columns(INVOICE_COLUMNS, plans.length, (key, i) => (key === 'id' ? ids[i] : key === 'audit_id' ? auditIds[i] : key === 'total' ? totals[i] : plans[i][key]));
  const lines = plans.flatMap((p, i) => p.lines.map((l, position) => ({
    invoice_id: ids[i], position, kind: l.kind, charge_id: l.charge_id, description: l.description,
    quantity: l.quantity ?? '1', rate: dec(l.rate ?? l.amount), amount: dec(l.amount), meter_previous: l.meter_previous ?? null, meter_current: l.meter_current ?? null,
  })));
  const lineIds = newIds(lines.length);
  return { plans, ids, auditIds, invoices, lines: columns(LINE_COLUMNS, lines.length, (key, i) => (key === 'id' ? lineIds[i] : lines[i][key])) };
}

/**
 * Issues the planned invoices that no one has issued yet for their (lease, period); returns the
 * ones this transaction made. Leases that are no longer active or on notice are left out unless
 * `anyStatus` (ending a lease bills its last period). Audits each invoice and spends the tenants'
 * credit on account on them.
 */
export async function issueInvoices(
  tx: Db, organizationId: string, userId: string | null, planned: PlannedInvoice[], opts: IssueOptions = {},
): Promise<IssuedInvoice[]> {
  return writeInvoices(tx, organizationId, await prepareInvoices(tx, organizationId, userId, planned, { action: opts.action }), opts);
}

export interface IssueOptions {
  anyStatus?: boolean;
  /** The audit rows' action (default 'issue'). */
  action?: string;
}

export interface PrepareOptions {
  action?: string;
  /**
   * The series value the first invoice is expected to be numbered from, where the series does not
   * show it yet (a billing run: the batch before holds the series, uncommitted). Undefined, or left
   * out, reads the series. A wrong guess costs a correction of the audit rows, never a wrong number.
   */
  expectedFirst?: Promise<number | undefined>;
}

/** Invoices ready to write: the repairs and meter readings they charge (locked), their rows built, their lines and audit rows written. */
export interface PreparedInvoices {
  payload: IssuePayload;
  repairs: Awaited<ReturnType<typeof withRepairCharges>>['repairs'];
  readings: Awaited<ReturnType<typeof withMeterCharges>>['readings'];
  /** The numbering the audit rows were written with: the k-th invoice `first + k`, after `prefix`. */
  expected: { first: number; prefix: string };
}

/**
 * issueInvoices' first half, which takes no lock on the series: the planned invoices with the
 * repairs and meter readings they charge added (and locked till the transaction ends), their rows
 * built, and their lines and audit rows written ahead of them (the lines' check on their invoice
 * deferred till writeInvoices). A billing run prepares a batch while the batch before still holds
 * the series lock. Its transaction must go on to writeInvoices or roll back: a line without its
 * invoice fails the commit.
 */
export async function prepareInvoices(tx: Db, organizationId: string, userId: string | null, planned: PlannedInvoice[], opts: PrepareOptions = {}): Promise<PreparedInvoices> {
  if (!planned.length) return { payload: issuePayload([]), repairs: [], readings: [], expected: { first: 1, prefix: DEFAULT_INVOICE_PREFIX } };
  // repairs the tenants pay for join their next invoice (their work orders stay locked till commit)
  const withRepairs = await withRepairCharges(tx, organizationId, planned);
  // and so do the meter readings taken since their last invoice (locked the same way)
  const withMeters = await withMeterCharges(tx, organizationId, withRepairs.plans);
  const payload = issuePayload(withMeters.plans);
  const expected = await writeAhead(tx, organizationId, userId, payload, await opts.expectedFirst, opts.action ?? 'issue');
  return { payload, repairs: withRepairs.repairs, readings: withMeters.readings, expected };
}

/**
 * The lines (their check on the invoice deferred) and the audit rows, numbered from `first` or else
 * from what the series shows; returns the numbering used.
 */
async function writeAhead(tx: Db, organizationId: string, userId: string | null, payload: IssuePayload, first: number | undefined, action: string) {
  const { invoices: iv, lines: lv } = payload;
  await tx.execute(sql`set constraints invoice_lines_invoice_id_fk deferred`);
  const [used] = rowsOf<{ first: number; prefix: string }>(await tx.execute(sql`
    with numbering as (
      select coalesce(${first ?? null}::int, (select next_value from number_series where organization_id = ${organizationId} and name = 'invoice'), 1) as first,
        coalesce(${invoicePrefixSql(organizationId)}, ${DEFAULT_INVOICE_PREFIX}) as prefix
    ), lines as (
      insert into invoice_lines (organization_id, id, invoice_id, position, kind, charge_id, description, quantity, rate, amount, waived, meter_previous, meter_current)
      select ${organizationId}, y.id, y.invoice_id, y.position, y.kind, y.charge_id, y.description, y.quantity, y.rate, y.amount, false, y.meter_previous, y.meter_current
      from unnest(${lv.id}::text[], ${lv.invoice_id}::text[], ${lv.position}::int[], ${lv.kind}::text[], ${lv.charge_id}::text[], ${lv.description}::text[],
        ${lv.quantity}::numeric[], ${lv.rate}::numeric[], ${lv.amount}::numeric[], ${lv.meter_previous}::numeric[], ${lv.meter_current}::numeric[])
        as y(id, invoice_id, position, kind, charge_id, description, quantity, rate, amount, meter_previous, meter_current)
    ), audit as (
      insert into audit_log (organization_id, id, user_id, resource, record_id, action, before, after)
      select ${organizationId}, x.audit_id, ${userId}, 'invoices', x.id, ${action}, null,
        jsonb_build_object('number', ${formatNumberSql(sql`n.prefix`, sql`n.first + x.ord::int - 1`)}, 'status', 'issued', 'lease_id', x.lease_id, 'tenant_id', x.tenant_id,
          'period_start', x.period_start, 'period_end', x.period_end, 'issue_date', x.issue_date, 'due_date', x.due_date, 'total', x.total::text)
      from numbering n, unnest(${iv.id}::text[], ${iv.lease_id}::text[], ${iv.tenant_id}::text[], ${iv.period_start}::date[], ${iv.period_end}::date[],
        ${iv.issue_date}::date[], ${iv.due_date}::date[], ${iv.total}::numeric(14, 2)[], ${iv.audit_id}::text[])
        with ordinality as x(id, lease_id, tenant_id, period_start, period_end, issue_date, due_date, total, audit_id, ord)
    )
    select first, prefix from numbering`));
  return { first: Number(used.first), prefix: used.prefix };
}

/**
 * issueInvoices' second half: numbers and invoices, the audit rows corrected where their invoices
 * were numbered otherwise than expected, the lines checked; then repairs and readings marked and
 * credit applied. `onNumbered` hears the series value the batch numbers from, once it holds the lock.
 */
export async function writeInvoices(
  tx: Db, organizationId: string, { payload, repairs, readings, expected }: PreparedInvoices, opts: IssueOptions & { onNumbered?: (first: number) => void } = {},
): Promise<IssuedInvoice[]> {
  if (!payload.plans.length) return [];
  // numbers first, under the series' row lock, as every invoice writer does (the form's hook too):
  // writers queue here instead of deadlocking between the lock and each other's invoice rows
  const [series] = rowsOf<{ next: number; prefix: string | null }>(await tx.execute(sql`
    insert into number_series (organization_id, name, next_value) values (${organizationId}, 'invoice', 1)
    on conflict (organization_id, name) do update set next_value = number_series.next_value
    returning next_value as next, ${invoicePrefixSql(organizationId)} as prefix`));
  const first = Number(series.next);
  const prefix = series.prefix ?? DEFAULT_INVOICE_PREFIX;
  opts.onNumbered?.(first);
  const statusCheck = opts.anyStatus ? sql`true` : sql`l.status in ('active', 'notice')`;
  // one statement: the invoices that win their (lease, period), numbered from the series' next
  // value by their place in the batch, and the series moved on by the winners. Each winner says
  // whether its tenant holds credit on account.
  const { invoices: iv } = payload;
  const won = rowsOf<{ id: string; tenant_id: string; credit: boolean }>(await tx.execute(sql`
    with x as (
      select * from unnest(${iv.id}::text[], ${iv.lease_id}::text[], ${iv.tenant_id}::text[], ${iv.house_id}::text[], ${iv.property_id}::text[],
        ${iv.period_start}::date[], ${iv.period_end}::date[], ${iv.issue_date}::date[], ${iv.due_date}::date[], ${iv.total}::numeric[], ${iv.audit_id}::text[])
        with ordinality as x(id, lease_id, tenant_id, house_id, property_id, period_start, period_end, issue_date, due_date, total, audit_id, ord)
    ), ins as (
      insert into invoices (organization_id, id, number, lease_id, tenant_id, house_id, property_id, period_start, period_end,
        issue_date, due_date, total, paid, balance, status)
      select ${organizationId}, x.id, ${formatNumberSql(sql`${prefix}::text`, sql`${first}::int + x.ord::int - 1`)}, x.lease_id, x.tenant_id, x.house_id, x.property_id, x.period_start, x.period_end,
        x.issue_date, x.due_date, x.total, 0, x.total, 'issued'
      from x join leases l on l.organization_id = ${organizationId} and l.id = x.lease_id and ${statusCheck}
      order by x.lease_id
      on conflict (organization_id, lease_id, period_start) do nothing
      returning id, tenant_id
    ), series as (
      update number_series set next_value = ${first} + (select count(*) from ins)
      where organization_id = ${organizationId} and name = 'invoice'
    )
    select ins.id, ins.tenant_id, exists (
      select 1 from payments p
      where p.organization_id = ${organizationId} and p.tenant_id = ins.tenant_id and p.status = 'allocated' and p.unallocated > 0
    ) as credit
    from ins`));
  const wonIds = new Set(won.map((r) => r.id));
  // the lines and audit rows of those that lost go, then the lines are checked against their invoices
  const lost = payload.ids.flatMap((id, position) => (wonIds.has(id) ? [] : [position]));
  if (lost.length) {
    await tx.execute(sql`delete from invoice_lines where organization_id = ${organizationId} and invoice_id = any(${arrayLiteral(lost.map((p) => payload.ids[p]))}::text[])`);
    await tx.execute(sql`delete from audit_log where organization_id = ${organizationId} and id = any(${arrayLiteral(lost.map((p) => payload.auditIds[p]))}::text[])`);
  }
  await tx.execute(sql`set constraints invoice_lines_invoice_id_fk immediate`);
  if (!won.length) return [];
  // the winners in batch order, the k-th of them numbered first + k in the end
  const made = payload.plans.map((p, position) => ({ ...p, id: payload.ids[position], position })).filter((p) => wonIds.has(p.id));
  // some lost to an invoice already there: close the gaps their numbers left (rare: concurrent runs)
  const renumber = made.map((p, k) => ({ id: p.id, k, position: p.position })).filter((p) => p.k !== p.position);
  if (renumber.length) {
    const ids = `{${renumber.map((p) => p.id).join(',')}}`;
    const finals = json(renumber.map((p) => ({ id: p.id, number: formatNumber(prefix, first + p.k) })));
    await tx.execute(sql`update invoices set number = null where organization_id = ${organizationId} and id = any(${ids}::text[])`);
    await tx.execute(sql`
      update invoices i set number = x.number
      from jsonb_to_recordset(${finals}) as x(id text, number text)
      where i.organization_id = ${organizationId} and i.id = x.id`);
  }
  // the audit rows say the number each invoice was issued as: where it is not the one expected (a
  // gap closed, or the series moved otherwise than the caller foresaw), they are corrected
  const misnumbered = made.map((p, k) => ({ id: payload.auditIds[p.position], number: formatNumber(prefix, first + k), expected: formatNumber(expected.prefix, expected.first + p.position) }))
    .filter((a) => a.number !== a.expected);
  if (misnumbered.length) {
    await tx.execute(sql`
      update audit_log a set after = jsonb_set(a.after, '{number}', to_jsonb(x.number))
      from jsonb_to_recordset(${json(misnumbered.map(({ id, number }) => ({ id, number })))}) as x(id text, number text)
      where a.organization_id = ${organizationId} and a.id = x.id`);
  }
  const issued: IssuedInvoice[] = made.map((p, k) => ({
    id: p.id, lease_id: p.lease_id, tenant_id: p.tenant_id, number: formatNumber(prefix, first + k), period_start: p.period_start, total: p.total,
  }));

  await markRepairsCharged(tx, organizationId, repairs, issued);
  await markReadingsBilled(tx, organizationId, readings, issued);

  // credit on account pays the new invoices (product.md 4.4): only tenants who have some
  const withCredit = new Set(won.filter((r) => r.credit).map((r) => r.tenant_id));
  for (const t of [...withCredit].sort()) await applyCredits(tx, organizationId, t);
  return issued;
}
