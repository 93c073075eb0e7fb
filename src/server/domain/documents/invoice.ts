import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.js';
import { notFound } from '../../errors.js';
import { loadHouse, loadLetterhead, loadPayTo, loadTenant, type HouseDetails, type PayTo, type TenantDetails } from './letterhead.js';
import { day, fileSafe, kes } from './money-text.js';
import { renderDocument, type Block } from './render.js';
import type { DocumentFile } from './document-file.js';

interface InvoiceRow {
  id: string; number: string | null; status: string; tenant_id: string | null; house_id: string | null; property_id: string | null;
  period_start: string; period_end: string; issue_date: string; due_date: string;
  total: string; paid: string; balance: string; void_reason: string | null;
}
interface LineRow { kind: string; description: string; quantity: string; rate: string; amount: string; waived: boolean; meter_previous: string | null; meter_current: string | null }
interface PaidRow { receipt: string | null; reference: string | null; amount: string; paid_at: string }

const STATUS: Record<string, string> = { draft: 'Draft', issued: 'Issued', partially_paid: 'Partly paid', paid: 'Paid', void: 'Void' };

/** A quantity without trailing zeros: '1.000' to '1', '12.500' → '12.5'. */
const qty = (q: string) => q.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');

/** Who pays whom and how: the tenant, the house and its account code, the paybill. */
export function partyBlocks(tenant: TenantDetails | null, house: HouseDetails | null, payTo: PayTo | null): Block[] {
  const blocks: Block[] = [{
    heading: 'Tenant',
    lines: tenant ? [tenant.name, tenant.phone, tenant.email, tenant.kra_pin && `KRA PIN: ${tenant.kra_pin}`, tenant.id_number && `ID: ${tenant.id_number}`] : ['—'],
  }];
  if (house) blocks.push({ heading: 'House', lines: [[house.property, house.number].filter(Boolean).join(' · '), `Account code: ${house.account_code}`] });
  if (payTo) {
    const account = house ? `Account no.: ${house.account_code}` : null;
    const how = payTo.kind === 'mpesa_paybill' ? [`M-Pesa Paybill ${payTo.number ?? ''}`.trim(), account]
      : payTo.kind === 'mpesa_till' ? [`M-Pesa Till ${payTo.number ?? ''}`.trim()]
        : payTo.kind === 'bank_account' ? [[payTo.bank_name, payTo.number].filter(Boolean).join(' · ') || payTo.name, account && `Reference: ${house!.account_code}`]
          : [payTo.name];
    blocks.push({ heading: 'How to pay', lines: how });
  }
  return blocks;
}

/** The invoice as a PDF: its lines, totals, what was paid and what is due by when. */
export async function invoiceDocument(tx: Db, organizationId: string, invoiceId: string): Promise<DocumentFile> {
  const [inv] = rowsOf<InvoiceRow>(await tx.execute(sql`
    select id, number, status, tenant_id, house_id, property_id, period_start::text as period_start, period_end::text as period_end,
      issue_date::text as issue_date, due_date::text as due_date, total::text as total, paid::text as paid, balance::text as balance, void_reason
    from invoices where organization_id = ${organizationId} and id = ${invoiceId}`));
  if (!inv) throw notFound();
  const lines = rowsOf<LineRow>(await tx.execute(sql`
    select kind, description, quantity::text as quantity, rate::text as rate, amount::text as amount, waived,
      meter_previous::text as meter_previous, meter_current::text as meter_current
    from invoice_lines where organization_id = ${organizationId} and invoice_id = ${invoiceId} order by position, id`));
  const paid = rowsOf<PaidRow>(await tx.execute(sql`
    select p.receipt_number as receipt, p.external_reference as reference, pa.amount::text as amount, p.paid_at::text as paid_at
    from payment_allocations pa join payments p on p.organization_id = pa.organization_id and p.id = pa.payment_id
    where pa.organization_id = ${organizationId} and pa.invoice_id = ${invoiceId} order by p.paid_at, p.id`));
  const [org, tenant, house] = [await loadLetterhead(tx, organizationId), await loadTenant(tx, organizationId, inv.tenant_id), await loadHouse(tx, organizationId, inv.house_id)];
  const payTo = await loadPayTo(tx, organizationId, inv.property_id ?? house?.property_id ?? null);
  const reference = inv.number ?? 'Draft';

  const notes: string[] = [];
  if (paid.length) {
    notes.push(`Payments received: ${paid.map((p) => `${p.receipt ?? p.reference ?? ''}${p.reference && p.receipt ? ` (${p.reference})` : ''} ${kes(p.amount)}`).join('; ')}.`);
  }
  if (inv.status === 'void') notes.push(`This invoice is void${inv.void_reason ? `: ${inv.void_reason}` : ''}. Nothing is due on it.`);
  else if (inv.balance !== '0.00' && !inv.balance.startsWith('-')) notes.push(`Please pay ${kes(inv.balance)} by ${day(inv.due_date)}${payTo?.kind === 'mpesa_paybill' && house ? `: M-Pesa Paybill ${payTo.number}, account ${house.account_code}` : ''}.`);

  const pdf = await renderDocument({
    title: 'Invoice',
    reference,
    facts: [
      ['Invoice no.', reference], ['Issue date', day(inv.issue_date)], ['Due date', day(inv.due_date)],
      ['Period', `${day(inv.period_start)} – ${day(inv.period_end)}`], ['Status', STATUS[inv.status] ?? inv.status],
    ],
    blocks: partyBlocks(tenant, house, payTo),
    columns: [
      { key: 'n', label: '#', width: 24 },
      { key: 'description', label: 'Description' },
      { key: 'quantity', label: 'Qty', width: 44, align: 'right' },
      { key: 'rate', label: 'Rate', width: 92, align: 'right' },
      { key: 'amount', label: 'Amount', width: 100, align: 'right' },
    ],
    rows: lines.map((l, i) => ({
      n: String(i + 1),
      description: `${l.description}${l.meter_previous !== null && l.meter_current !== null ? ` (reading ${qty(l.meter_previous)} to ${qty(l.meter_current)})` : ''}`,
      quantity: qty(l.quantity),
      rate: kes(l.rate),
      amount: l.waived ? 'Waived' : kes(l.amount),
    })),
    totals: [['Total', kes(inv.total)], ['Paid', kes(inv.paid)], [inv.status === 'void' ? 'Balance (void)' : 'Balance due', kes(inv.status === 'void' ? '0' : inv.balance), true]],
    notes,
    stamp: inv.status === 'void' ? 'VOID' : inv.status === 'paid' ? 'PAID' : null,
  }, org);
  return { pdf, filename: `invoice-${fileSafe(reference)}.pdf`, title: `Invoice ${reference}`, tenant };
}
