import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.js';
import { notFound } from '../../errors.js';
import { cents, dec } from '../payments/allocation.js';
import { TZ, type ReportTable } from './common.js';

export type EntryType = 'invoice' | 'penalty' | 'payment' | 'reversal' | 'void';
const ORDER: Record<EntryType, number> = { invoice: 0, penalty: 1, reversal: 2, payment: 3, void: 4 };

export interface StatementEntry {
  date: string;
  type: EntryType;
  reference: string | null;
  description: string;
  debit: string;
  credit: string;
  balance: string;
}

export interface TenantStatement {
  tenant: { id: string; name: string; phone: string | null };
  lease: { id: string; house: string | null; property: string | null; start_date: string; end_date: string | null; rent: string; status: string } | null;
  from: string;
  to: string;
  opening_balance: string;
  entries: StatementEntry[];
  total_debits: string;
  total_credits: string;
  closing_balance: string;
  deposit_held: string;
  credit_on_account: string;
}

/**
 * The tenant's ledger (product.md 4.5): invoice lines and penalties debit on the issue date, a void
 * credits the invoice back on its void date, payments credit on their date and a reversal debits
 * it back on its own. Opening = everything before `from`; closing = opening + debits − credits,
 * so one period's closing is the next one's opening. With a lease: that lease's invoices, and the
 * payments recorded against it or (without a lease) allocated to it.
 */
export async function tenantStatement(tx: Db, organizationId: string, tenantId: string, q: { lease_id?: string; from: string; to: string }): Promise<TenantStatement> {
  const [tenant] = rowsOf<{ id: string; name: string; phone: string | null }>(await tx.execute(sql`
    select id, name, phone from tenants where organization_id = ${organizationId} and id = ${tenantId}`));
  if (!tenant) throw notFound();
  let lease: TenantStatement['lease'] = null;
  if (q.lease_id) {
    const [l] = rowsOf<NonNullable<TenantStatement['lease']>>(await tx.execute(sql`
      select l.id, h.number as house, p.name as property, l.start_date::text as start_date, l.end_date::text as end_date, l.rent::text as rent, l.status
      from leases l left join houses h on h.organization_id = l.organization_id and h.id = l.house_id
      left join properties p on p.organization_id = h.organization_id and p.id = h.property_id
      where l.organization_id = ${organizationId} and l.id = ${q.lease_id} and l.tenant_id = ${tenantId}`));
    if (!l) throw notFound();
    lease = { ...l, rent: dec(cents(l.rent)) };
  }
  const leaseInvoice = q.lease_id ? sql`and i.lease_id = ${q.lease_id}` : sql``;
  const leasePayment = q.lease_id
    ? sql`and (p.lease_id = ${q.lease_id} or (p.lease_id is null and exists (
        select 1 from payment_allocations pa join invoices ai on ai.organization_id = pa.organization_id and ai.id = pa.invoice_id
        where pa.organization_id = p.organization_id and pa.payment_id = p.id and ai.lease_id = ${q.lease_id})))`
    : sql``;
  const rows = rowsOf<{ date: string; type: EntryType; reference: string | null; description: string; debit: string; credit: string }>(await tx.execute(sql`
    select i.issue_date::text as date, case when l.kind = 'penalty' then 'penalty' else 'invoice' end as type,
           i.number as reference, l.description, l.amount::text as debit, '0' as credit
    from invoices i join invoice_lines l on l.organization_id = i.organization_id and l.invoice_id = i.id
    where i.organization_id = ${organizationId} and i.tenant_id = ${tenantId} and i.status <> 'draft'
      and not l.waived and l.amount <> 0 and i.issue_date <= ${q.to} ${leaseInvoice}
    union all
    select (i.voided_at at time zone ${TZ})::date::text, 'void', i.number, coalesce('Void: ' || i.void_reason, 'Void'), '0', i.total::text
    from invoices i
    where i.organization_id = ${organizationId} and i.tenant_id = ${tenantId} and i.status = 'void' and i.voided_at is not null
      and (i.voided_at at time zone ${TZ})::date <= ${q.to} ${leaseInvoice}
    union all
    select (p.paid_at at time zone ${TZ})::date::text, 'payment', coalesce(p.receipt_number, p.external_reference),
           'Payment (' || p.method || coalesce(' ' || p.external_reference, '') || ')', '0', p.amount::text
    from payments p
    where p.organization_id = ${organizationId} and p.tenant_id = ${tenantId}
      and (p.paid_at at time zone ${TZ})::date <= ${q.to} ${leasePayment}
    union all
    select (p.reversed_at at time zone ${TZ})::date::text, 'reversal', p.receipt_number,
           'Reversal: ' || coalesce(p.reversal_reason, ''), p.amount::text, '0'
    from payments p
    where p.organization_id = ${organizationId} and p.tenant_id = ${tenantId} and p.status = 'reversed' and p.reversed_at is not null
      and (p.reversed_at at time zone ${TZ})::date <= ${q.to} ${leasePayment}`));
  rows.sort((a, b) => a.date.localeCompare(b.date) || ORDER[a.type] - ORDER[b.type] || String(a.reference ?? '').localeCompare(String(b.reference ?? '')));
  let opening = 0n;
  let balance = 0n;
  let debits = 0n;
  let credits = 0n;
  const entries: StatementEntry[] = [];
  for (const r of rows) {
    const d = cents(r.debit);
    const c = cents(r.credit);
    if (r.date < q.from) { opening += d - c; continue; }
    if (!entries.length) balance = opening;
    balance += d - c;
    debits += d;
    credits += c;
    entries.push({ date: r.date, type: r.type, reference: r.reference, description: r.description, debit: dec(d), credit: dec(c), balance: dec(balance) });
  }
  const [extra] = rowsOf<{ deposit: string | null; credit: string | null }>(await tx.execute(sql`
    select
      (select sum(least(i.paid, d.deposit)) from invoices i
         join (select l.invoice_id, sum(l.amount) as deposit from invoice_lines l
               join charges c on c.organization_id = l.organization_id and c.id = l.charge_id
               where l.organization_id = ${organizationId} and c.category = 'deposit' and not l.waived group by l.invoice_id) d on d.invoice_id = i.id
       where i.organization_id = ${organizationId} and i.tenant_id = ${tenantId} and i.status <> 'void' ${leaseInvoice})::text as deposit,
      (select sum(p.unallocated) from payments p
       where p.organization_id = ${organizationId} and p.tenant_id = ${tenantId} and p.status = 'allocated' ${leasePayment})::text as credit`));
  return {
    tenant, lease, from: q.from, to: q.to,
    opening_balance: dec(opening), entries,
    total_debits: dec(debits), total_credits: dec(credits),
    closing_balance: dec(opening + debits - credits),
    deposit_held: dec(cents(extra?.deposit)), credit_on_account: dec(cents(extra?.credit)),
  };
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
      ['Closing balance', s.closing_balance, true], ['Deposit held', s.deposit_held], ['Credit on account', s.credit_on_account],
    ],
  };
}
