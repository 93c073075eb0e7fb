import { depositLedger, settlementFigures, type Deduction } from '../../../shared/settlement.js';
import { refundOf } from '../billing/refund.js';
import { sql, type SQL } from 'drizzle-orm';
import { executePrepared, rowsOf, type Db } from '../../db/client.js';
import { placeholder, rendered } from '../../db/statements.js';
import { notFound } from '../../errors.js';
import { cents, dec } from '../payments/allocation.js';
import { TZ, type ReportTable } from './common.js';
import { allocatedOn, allocationsOn, invoiceAllocations, openOn, paymentStandsOn, REVERSED_ON } from './ledger.js';
import { depositLine } from '../billing/deposits.js';

import type { DepositSettlement, EntryType, StatementEntry, TenantStatement } from '../../../shared/money-report-shapes.js';

export type { DepositSettlement, EntryType, StatementEntry, TenantStatement };
/** Within a day: what was billed, then what was paid or reversed, then what settled or cancelled it. */
const ORDER: Record<EntryType, number> = { invoice: 0, penalty: 1, adjustment: 2, reversal: 3, payment: 4, deposit: 5, waiver: 6, void: 7 };

// waivePenalty appends ' (waived: <reason>)' to the penalty's description: the penalty's entry
// shows the description without it, the waiver's entry with the reason (patterns as parameters:
// a backslash in the SQL text would not survive the template tag)
const WAIVED_SUFFIX = ' \\(waived: .*\\)$';
const WAIVED = '^(.*) \\(waived: (.*)\\)$';
const WAIVER = 'Waived: \\1 (\\2)';

/** A line's amount as posted: a waived penalty keeps what it was as rate × quantity. */
const POSTED = sql`(case when l.waived then round(l.rate * l.quantity, 2) else l.amount end)`;

/**
 * The tenant's ledger (product.md 4.5). Every debit and credit is dated the day it was posted:
 * an invoice's billed lines on its issue date, a penalty on its penalty date, an adjustment (a
 * move-out credit, a deposit cancelled or applied to arrears) on its posted_on, a waiver on the
 * day it was waived, a void on its void date (crediting what the invoice still held), a payment on
 * its date and a reversal on its own. A negative line is a credit, never a negative debit. Opening
 * = everything posted before `from`; closing = opening + debits − credits, so one period's closing
 * is the next one's opening and a statement for a closed period never changes later. With a lease:
 * that lease's invoices, and the payments recorded against it or (without a lease) allocated to it.
 */
export async function tenantStatement(tx: Db, organizationId: string, tenantId: string, q: { lease_id?: string; from: string; to: string }): Promise<TenantStatement> {
  // One statement, one round trip (prepared): the tenant, the lease, the ledger's entries, the
  // figures as of the last day and the settlements, each as JSON (money as text inside it, never a
  // JSON number); each part reads the tenant's rows through their indexes as it did on its own
  type Settlement = Record<string, string | null> & { lease_id: string; house: string | null; move_out_date: string; deductions: Deduction[] };
  type Entry = { date: string; type: EntryType; reference: string | null; description: string; amount: string; pos: number; id: string };
  const [found] = rowsOf<{
    tenant: { id: string; name: string; phone: string | null } | null; lease: NonNullable<TenantStatement['lease']> | null; entries: Entry[] | null;
    held: string | null; unpaid: string | null; credit: string | null; settlements: Settlement[] | null;
  }>(await executePrepared(tx, rendered(`tenant statement|${q.lease_id ? 'lease' : 'tenant'}`,
    () => statementSql(placeholder('org'), placeholder('tenant'), { lease_id: q.lease_id ? placeholder('lease') : undefined, to: placeholder('to') }),
    { org: organizationId, tenant: tenantId, lease: q.lease_id ?? null, to: q.to }), { generic: true }));
  const tenant = found?.tenant;
  if (!tenant) throw notFound();
  let lease: TenantStatement['lease'] = null;
  if (q.lease_id) {
    if (!found.lease) throw notFound();
    lease = { ...found.lease, rent: dec(cents(found.lease.rent)) };
  }
  const rows = found.entries ?? [];
  // the same order every time: by day, kind, reference, then the line's place on its invoice
  rows.sort((a, b) => a.date.localeCompare(b.date) || ORDER[a.type] - ORDER[b.type] || String(a.reference ?? '').localeCompare(String(b.reference ?? ''))
    || Number(a.pos) - Number(b.pos) || a.id.localeCompare(b.id));
  let opening = 0n;
  let balance = 0n;
  let debits = 0n;
  let credits = 0n;
  const entries: StatementEntry[] = [];
  for (const r of rows) {
    const amount = cents(r.amount);
    const d = amount > 0n ? amount : 0n;
    const c = amount < 0n ? -amount : 0n;
    if (r.date < q.from) { opening += amount; continue; }
    if (!entries.length) balance = opening;
    balance += amount;
    debits += d;
    credits += c;
    entries.push({ date: r.date, type: r.type, reference: r.reference, description: r.description, debit: dec(d), credit: dec(c), balance: dec(balance) });
  }
  const apart = { held: cents(found.held), unpaid: cents(found.unpaid), credit: cents(found.credit) };
  const settlements: DepositSettlement[] = (found.settlements ?? []).map((r) => ({
    lease_id: r.lease_id, house: r.house, move_out_date: r.move_out_date, deduction_invoice_id: r.deduction_invoice_id,
    ...settlementFigures({
      deposit: cents(r.deposit), unpaidCancelled: cents(r.unpaid_cancelled), arrears: cents(r.arrears), applied: cents(r.applied), unusedDaysCredit: cents(r.unused_days_credit),
      creditApplied: cents(r.credit_applied), deductions: r.deductions ?? [], deducted: cents(r.deducted),
    }),
    refund: refundOf(r),
  }));
  // the deposit's own ledger: what is held now (paid of the deposit lines, less what was applied
  // or deducted) plus what the settlements took from it is what was received
  const sum = (f: (d: DepositSettlement) => string | undefined) => settlements.reduce((t, d) => t + cents(f(d) ?? '0'), 0n);
  const applied = sum((d) => d.applied);
  const deducted = sum((d) => d.deducted);
  const ledger = depositLedger({
    // the unused days credit held with the deposit is what was not spent on open invoices at the move-out
    received: apart.held + applied + deducted, applied, deducted, unusedDaysCredit: sum((d) => d.unused_days_credit) - sum((d) => d.credit_applied), refunded: sum((d) => d.refund?.amount),
  });
  return {
    tenant, lease, from: q.from, to: q.to,
    opening_balance: dec(opening), entries,
    total_debits: dec(debits), total_credits: dec(credits),
    closing_balance: dec(opening + debits - credits),
    // less what was paid back of it (a refund pays the unused days credit first, then the deposit)
    deposit_held: dec(apart.held - settlements.reduce((t, d) => {
      const back = cents(d.refund?.amount ?? '0') - (cents(d.unused_days_credit) - cents(d.credit_applied));
      return t + (back > 0n ? back : 0n);
    }, 0n)), deposit_unpaid: dec(apart.unpaid), credit_on_account: dec(apart.credit),
    deposit_settlements: settlements, deposit_ledger: ledger,
  };
}

/** tenantStatement's one statement, for the tenant (and the lease) to the period's last day. */
function statementSql(organizationId: string, tenantId: string, q: { lease_id?: string; to: string }): SQL {
  const leaseInvoice = q.lease_id ? sql`and i.lease_id = ${q.lease_id}` : sql``;
  const leasePayment = ofLease(q.lease_id);
  return sql`
    with ${asOfParts(organizationId, { tenantId, leaseId: q.lease_id, asOf: q.to })}
    select
      (select json_build_object('id', t.id, 'name', t.name, 'phone', t.phone) from tenants t
       where t.organization_id = ${organizationId} and t.id = ${tenantId}) as tenant,
      ${q.lease_id ? sql`(select row_to_json(x) from (
      select l.id, h.number as house, p.name as property, l.start_date::text as start_date, l.end_date::text as end_date, l.rent::text as rent,
        -- as it stood at the period's end, so a statement printed then never changes (a move-out
        -- counts from the day its settlement was posted: closed-months.ts)
        case when l.status = 'ended' and coalesce((select coalesce(ds.posted_on, ds.move_out_date) from deposit_settlements ds
                  where ds.organization_id = l.organization_id and ds.lease_id = l.id), l.move_out_date, '0001-01-01') <= ${q.to}::date then 'ended'
             when l.status in ('notice', 'ended') and l.notice_date <= ${q.to}::date then 'notice'
             when l.status = 'draft' then 'draft' else 'active' end as status
      from leases l left join houses h on h.organization_id = l.organization_id and h.id = l.house_id
      left join properties p on p.organization_id = h.organization_id and p.id = h.property_id
      where l.organization_id = ${organizationId} and l.id = ${q.lease_id} and l.tenant_id = ${tenantId}
      ) x)` : sql`null::json`} as lease,
      (select json_agg(e) from (
    select coalesce(l.posted_on, i.issue_date)::text as date,
           case when l.kind = 'penalty' then 'penalty' when l.kind = 'adjustment' then 'adjustment'
                when l.kind = 'deposit' and l.amount < 0 then 'deposit' else 'invoice' end as type,
           i.number as reference, regexp_replace(l.description, ${WAIVED_SUFFIX}, '') as description, ${POSTED}::text as amount,
           l.position as pos, l.id
    from invoices i join invoice_lines l on l.organization_id = i.organization_id and l.invoice_id = i.id
    where i.organization_id = ${organizationId} and i.tenant_id = ${tenantId} and i.status <> 'draft' ${leaseInvoice}
      and ${POSTED} <> 0 and coalesce(l.posted_on, i.issue_date) <= ${q.to}
    union all
    select l.waived_on::text, 'waiver', i.number, regexp_replace(l.description, ${WAIVED}, ${WAIVER}), (-${POSTED})::text, l.position, l.id
    from invoices i join invoice_lines l on l.organization_id = i.organization_id and l.invoice_id = i.id
    where i.organization_id = ${organizationId} and i.tenant_id = ${tenantId} and i.status <> 'draft' ${leaseInvoice}
      and l.waived and ${POSTED} <> 0 and l.waived_on <= ${q.to}
    union all
    select (i.voided_at at time zone ${TZ})::date::text, 'void', i.number, coalesce('Void: ' || i.void_reason, 'Void'), (-i.total)::text, 0, i.id
    from invoices i
    where i.organization_id = ${organizationId} and i.tenant_id = ${tenantId} and i.status = 'void' and i.voided_at is not null and i.total <> 0
      and (i.voided_at at time zone ${TZ})::date <= ${q.to} ${leaseInvoice}
    union all
    select (p.paid_at at time zone ${TZ})::date::text, 'payment', coalesce(p.receipt_number, p.external_reference),
           'Payment (' || p.method || coalesce(' ' || p.external_reference, '') || ')', (-p.amount)::text, 0, p.id
    from payments p
    where p.organization_id = ${organizationId} and p.tenant_id = ${tenantId}
      and (p.paid_at at time zone ${TZ})::date <= ${q.to} ${leasePayment}
    union all
    select ${REVERSED_ON}::text, 'reversal', p.receipt_number, 'Reversal: ' || coalesce(p.reversal_reason, ''), p.amount::text, 0, p.id
    from payments p
    where p.organization_id = ${organizationId} and p.tenant_id = ${tenantId} and p.status = 'reversed' and p.reversed_at is not null
      and ${REVERSED_ON} <= ${q.to} ${leasePayment}
      ) e) as entries,
      ${asOfFigures(organizationId, { tenantId, leaseId: q.lease_id, asOf: q.to })},
      (select json_agg(s order by s.move_out_date, s.lease_id) from (
    select ds.lease_id, h.number as house, ds.move_out_date::text as move_out_date, ds.deposit::text as deposit,
      ds.unpaid_cancelled::text as unpaid_cancelled, ds.arrears::text as arrears, ds.applied::text as applied,
      ds.unused_days_credit::text as unused_days_credit, ds.credit_applied::text as credit_applied, ds.refundable::text as refundable, ds.deductions, ds.deducted::text as deducted, ds.deduction_invoice_id,
      -- the refund as it stood on the statement's last day (a later payout is not there yet)
      case when ds.refund_date <= ${q.to}::date then ds.refund_amount::text end as refund_amount, ds.refund_method, ds.refund_reference,
      ds.refund_date::text as refund_date, ds.refunded_by, u.name as refunded_by_name
    from deposit_settlements ds
    left join users u on u.id = ds.refunded_by
    join leases l on l.organization_id = ds.organization_id and l.id = ds.lease_id
    left join houses h on h.organization_id = l.organization_id and h.id = l.house_id
    where ds.organization_id = ${organizationId} and l.tenant_id = ${tenantId} and coalesce(ds.posted_on, ds.move_out_date) <= ${q.to}
      ${q.lease_id ? sql`and ds.lease_id = ${q.lease_id}` : sql``}
      ) s) as settlements`;
}

/**
 * A lease's payments (aliased `p`): those recorded against it, and those recorded for the tenant
 * alone that pay (or, before a reversal or re-allocation, paid) its invoices.
 */
function ofLease(leaseId: string | undefined) {
  if (!leaseId) return sql``;
  return sql`and (p.lease_id = ${leaseId} or (p.lease_id is null and exists (
    select 1 from (select organization_id, invoice_id from payment_allocations where organization_id = p.organization_id and payment_id = p.id
                   union all
                   select organization_id, invoice_id from payment_allocation_releases where organization_id = p.organization_id and payment_id = p.id) pa
    join invoices ai on ai.organization_id = pa.organization_id and ai.id = pa.invoice_id
    where ai.lease_id = ${leaseId})))`;
}

/**
 * What the statement shows apart, as of its last day (the same rules as the aging, ledger.ts):
 * the deposit held (paid of the deposit lines, less what was applied), the deposit still unpaid,
 * and the credit on account (payments made by then not allocated to an invoice that existed then).
 * asOfParts: the statement's CTEs; asOfFigures: its columns held, unpaid and credit (text).
 */
type AsOf = { tenantId: string; leaseId?: string; asOf: string };
function asOfParts(organizationId: string, q: AsOf) {
  const lease = q.leaseId ? sql`and i.lease_id = ${q.leaseId}` : sql``;
  return sql`open_inv as (
      select i.organization_id, i.id from invoices i
      where i.organization_id = ${organizationId} and i.tenant_id = ${q.tenantId} and ${openOn(q.asOf)} ${lease}
    ), dep as (
      -- per invoice through its own indexes: the tenant's few invoices, never a pass over every
      -- allocation or deposit line of the organisation
      select i.id, dep.deposit, coalesce(pb.paid, 0) as paid
      from open_inv i
      cross join lateral (
        select sum(l.amount) as deposit from invoice_lines l
        left join charges dc on dc.organization_id = l.organization_id and dc.id = l.charge_id
        where l.organization_id = i.organization_id and l.invoice_id = i.id and ${depositLine}
          and (l.posted_on is null or l.posted_on <= ${q.asOf}::date)
      ) dep
      cross join lateral (select sum(pa.amount) as paid from ${invoiceAllocations(sql`i`)} pa where ${allocatedOn(q.asOf)}) pb
      -- the invoices with deposit lines
      where dep.deposit is not null
    )`;
}
function asOfFigures(organizationId: string, q: AsOf) {
  const leasePayment = ofLease(q.leaseId);
  const stands = sql`p.organization_id = ${organizationId} and p.tenant_id = ${q.tenantId} and ${paymentStandsOn(q.asOf)} ${leasePayment}`;
  // the credit: the payments standing less what all of them pay of the tenant's invoices open then
  // (of any lease: a payment's allocations are its own), summed once rather than per payment
  return sql`(select sum(least(paid, deposit)) from dep)::text as held,
      (select sum(greatest(deposit - paid, 0)) from dep)::text as unpaid,
      ((select coalesce(sum(p.amount), 0) from payments p where ${stands})
       - coalesce((select sum(pa.amount) from ${allocationsOn(organizationId, q.asOf, sql`pa.payment_id in (select p.id from payments p where ${stands})`)} pa
                   where pa.invoice_id in (select ai.id from invoices ai where ai.organization_id = ${organizationId} and ai.tenant_id = ${q.tenantId} and ${openOn(q.asOf, 'ai')})), 0))::text as credit`;
}

export function tenantStatementTable(s: TenantStatement): ReportTable {
  return {
    title: 'Tenant statement',
    filename: `statement-${s.tenant.name.replace(/[^A-Za-z0-9]+/g, '-')}-${s.from}-${s.to}`,
    facts: [
      ['Tenant', s.tenant.name], ['Phone', s.tenant.phone ?? ''],
      ...(s.lease ? [['House', [s.lease.property, s.lease.house].filter(Boolean).join(' · ')], ['Lease', `${s.lease.start_date} – ${s.lease.end_date ?? 'open'}`], ['Rent', s.lease.rent]] as Array<[string, string]> : []),
      ['Period', `${s.from} to ${s.to}`],
    ],
    columns: [
      { key: 'date', label: 'Date', width: 62 }, { key: 'type', label: 'Type', width: 52 }, { key: 'reference', label: 'Reference', width: 72 },
      { key: 'description', label: 'Description', width: 140 }, { key: 'debit', label: 'Debit', money: true }, { key: 'credit', label: 'Credit', money: true },
      { key: 'balance', label: 'Balance', money: true },
    ],
    rows: [
      { date: s.from, type: '', reference: '', description: 'Opening balance', debit: null, credit: null, balance: s.opening_balance },
      ...s.entries.map((e) => ({ ...e })),
    ],
    totals: { date: '', type: '', reference: '', description: 'Totals', debit: s.total_debits, credit: s.total_credits, balance: s.closing_balance },
    summary: [
      ['Opening balance', s.opening_balance], ['Debits', s.total_debits], ['Credits', s.total_credits],
      ['Closing balance', s.closing_balance, true],
      ...(cents(s.deposit_unpaid) !== 0n ? [['Of which deposit billed, not paid', s.deposit_unpaid]] as Array<[string, string]> : []),
      ['Deposit held', s.deposit_held], ['Credit on account', s.credit_on_account],
      ...s.deposit_settlements.flatMap((d): Array<[string, string]> => {
        const at = `Move-out ${d.move_out_date}${d.house ? ` (${d.house})` : ''}`;
        return [
          [`${at}: deposit held`, d.deposit],
          ...(cents(d.unpaid_cancelled) !== 0n ? [[`${at}: unpaid deposit cancelled`, d.unpaid_cancelled]] as Array<[string, string]> : []),
          [`${at}: deposit applied to arrears`, d.applied],
          ...d.deductions.map((x): [string, string] => [`${at}: deduction, ${x.description}`, x.amount]),
          ...(cents(d.unused_days_credit) !== 0n ? [[`${at}: unused days credit`, d.unused_days_credit]] as Array<[string, string]> : []),
          ...(cents(d.owed) !== 0n ? [[`${at}: deductions not covered, owed by the tenant`, d.owed]] as Array<[string, string]> : []),
          ...(cents(d.credit_applied) !== 0n ? [[`${at}: of the unused days credit, paid on what is owed`, d.credit_applied]] as Array<[string, string]> : []),
          [`${at}: refundable to the tenant`, d.refundable],
          ...(d.refund ? [[`${at}: refunded ${d.refund.date} (${d.refund.method}${d.refund.reference ? ` ${d.refund.reference}` : ''})`, d.refund.amount]] as Array<[string, string]> : []),
        ];
      }),
      ['Deposit received', s.deposit_ledger.received], ['Deposit applied to arrears', s.deposit_ledger.applied],
      ['Deposit deducted', s.deposit_ledger.deducted],
      ...(cents(s.deposit_ledger.unused_days_credit) !== 0n ? [['Unused days credit (refunded with the deposit)', s.deposit_ledger.unused_days_credit]] as Array<[string, string]> : []),
      ['Deposit refunded', s.deposit_ledger.refunded], ['Deposit balance held', s.deposit_ledger.balance_held, true],
    ],
  };
}
