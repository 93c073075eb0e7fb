import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.js';
import { notFound } from '../../errors.js';
import { cents, dec } from '../payments/allocation.js';
import { TZ } from '../reports/common.js';
import { tenantStatement } from '../reports/tenant-statement.js';
import type { DocumentFile } from './document-file.js';
import { partyBlocks } from './invoice.js';
import { loadHouse, loadLetterhead, loadTenant } from './letterhead.js';
import { day, fileSafe, kes, moment } from './money-text.js';
import { renderDocument } from './render.js';

interface PaymentRow {
  id: string; receipt_number: string | null; tenant_id: string | null; lease_id: string | null; method: string;
  external_reference: string | null; amount: string; unallocated: string; paid_at: string; paid_on: string;
  payer_name: string | null; payer_phone: string | null; account_reference: string | null; status: string;
  reversal_reason: string | null; house_id: string | null; channel: string | null;
}

const METHOD: Record<string, string> = { mpesa: 'M-Pesa', bank: 'Bank', cash: 'Cash', cheque: 'Cheque' };

/**
 * A payment's receipt: the amount, the M-Pesa (or bank) code, the invoices it paid and what is left
 * as credit, and the tenant's balance at the end of the day it was paid (the tenant statement's).
 */
export async function receiptDocument(tx: Db, organizationId: string, paymentId: string): Promise<DocumentFile> {
  const [p] = rowsOf<PaymentRow>(await tx.execute(sql`
    select p.id, p.receipt_number, p.tenant_id, p.lease_id, p.method, p.external_reference, p.amount::text as amount,
      p.unallocated::text as unallocated, p.paid_at::text as paid_at, (p.paid_at at time zone ${TZ})::date::text as paid_on,
      p.payer_name, p.payer_phone, p.account_reference, p.status, p.reversal_reason,
      coalesce((select l.house_id from leases l where l.organization_id = p.organization_id and l.id = p.lease_id),
        (select i.house_id from payment_allocations pa join invoices i on i.organization_id = pa.organization_id and i.id = pa.invoice_id
         where pa.organization_id = p.organization_id and pa.payment_id = p.id order by pa.position limit 1)) as house_id,
      (select c.name from payment_channels c where c.organization_id = p.organization_id and c.id = p.channel_id) as channel
    from payments p where p.organization_id = ${organizationId} and p.id = ${paymentId}`));
  if (!p) throw notFound();
  const allocations = rowsOf<{ number: string | null; period_start: string; period_end: string; amount: string; balance: string }>(await tx.execute(sql`
    select i.number, i.period_start::text as period_start, i.period_end::text as period_end, pa.amount::text as amount, i.balance::text as balance
    from payment_allocations pa join invoices i on i.organization_id = pa.organization_id and i.id = pa.invoice_id
    where pa.organization_id = ${organizationId} and pa.payment_id = ${paymentId} order by pa.position, pa.id`));
  const org = await loadLetterhead(tx, organizationId);
  const tenant = await loadTenant(tx, organizationId, p.tenant_id);
  const house = await loadHouse(tx, organizationId, p.house_id);
  const after = p.tenant_id ? await tenantStatement(tx, organizationId, p.tenant_id, { from: p.paid_on, to: p.paid_on }) : null;
  const reference = p.receipt_number ?? p.external_reference ?? p.id;

  const totals: Array<[string, string, boolean?]> = [
    ['Amount received', kes(p.amount), true],
    ['Allocated to invoices', kes(dec(allocations.reduce((s, a) => s + cents(a.amount), 0n)))],
    ['Credit on account from this payment', kes(p.unallocated)],
  ];
  if (after) {
    const closing = after.closing_balance;
    totals.push([closing.startsWith('-') ? `Credit after payment (end of ${day(p.paid_on)})` : `Balance after payment (end of ${day(p.paid_on)})`, kes(closing.replace(/^-/, '')), true]);
  }
  const notes: string[] = [];
  if (p.status === 'reversed') notes.push(`This payment was reversed${p.reversal_reason ? `: ${p.reversal_reason}` : ''}. It pays nothing.`);
  if (p.status === 'unmatched') notes.push('This payment is not yet matched to a tenant; it will be allocated once it is.');
  if (!allocations.length && p.status === 'allocated') notes.push('Nothing was due when it arrived: the whole amount is kept as credit and pays the next invoice.');

  const pdf = await renderDocument({
    title: 'Receipt',
    reference,
    facts: [
      ['Receipt no.', p.receipt_number ?? '—'], ['Date', moment(p.paid_at)], ['Method', METHOD[p.method] ?? p.method],
      [p.method === 'mpesa' ? 'M-Pesa code' : 'Reference', p.external_reference ?? '—'],
      ['Status', p.status === 'reversed' ? 'Reversed' : p.status === 'unmatched' ? 'Unmatched' : 'Received'],
    ],
    blocks: [
      ...partyBlocks(tenant, house, null),
      { heading: 'Paid by', lines: [p.payer_name ?? tenant?.name ?? '—', p.payer_phone, p.account_reference && `Account typed: ${p.account_reference}`, p.channel && `Into: ${p.channel}`] },
    ],
    columns: [
      { key: 'invoice', label: 'Invoice', width: 100 },
      { key: 'period', label: 'Period' },
      { key: 'amount', label: 'Paid by this receipt', width: 120, align: 'right' },
      { key: 'balance', label: 'Invoice balance now', width: 120, align: 'right' },
    ],
    rows: allocations.map((a) => ({ invoice: a.number ?? 'Draft', period: `${day(a.period_start)} – ${day(a.period_end)}`, amount: kes(a.amount), balance: kes(a.balance) })),
    totals,
    notes,
    stamp: p.status === 'reversed' ? 'REVERSED' : null,
  }, org);
  return { pdf, filename: `receipt-${fileSafe(reference)}.pdf`, title: `Receipt ${reference}`, tenant };
}
