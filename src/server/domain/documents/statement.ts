import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.js';
import { cents } from '../payments/allocation.js';
import { tenantStatement } from '../reports/tenant-statement.js';
import type { DocumentFile } from './document-file.js';
import { partyBlocks } from './invoice.js';
import { loadHouse, loadLetterhead, loadPayTo, loadTenant } from './letterhead.js';
import { day, fileSafe, kes } from './money-text.js';
import { renderDocument } from './render.js';

const TYPE: Record<string, string> = { penalty: 'Penalty', adjustment: 'Adjustment', deposit: 'Deposit' };
const METHOD: Record<string, string> = { mpesa: 'M-Pesa', bank: 'Bank', cash: 'Cash', cheque: 'Cheque' };

/** The entry's words: a payment's method as people write it, a penalty or adjustment named so. */
function describe(type: string, description: string): string {
  const d = description.replace(/^Payment \((mpesa|bank|cash|cheque)/, (_m, k: string) => `Payment (${METHOD[k]}`);
  return TYPE[type] && !d.toLowerCase().includes(TYPE[type].toLowerCase()) ? `${TYPE[type]}: ${d}` : d;
}

/**
 * The tenant statement as a document: the very figures of the statement screen
 * (tenantStatement), with the letterhead, the tenant, their house and how to pay.
 */
export async function statementDocument(tx: Db, organizationId: string, tenantId: string, q: { lease_id?: string; from: string; to: string }): Promise<DocumentFile> {
  const s = await tenantStatement(tx, organizationId, tenantId, q);
  // the house: the lease's, else the tenant's latest lease's
  const [house] = rowsOf<{ house_id: string }>(await tx.execute(sql`
    select house_id from leases where organization_id = ${organizationId} and tenant_id = ${tenantId}
      ${q.lease_id ? sql`and id = ${q.lease_id}` : sql``}
    order by (status in ('active', 'notice')) desc, start_date desc, id desc limit 1`));
  const org = await loadLetterhead(tx, organizationId);
  const tenant = await loadTenant(tx, organizationId, tenantId);
  const h = await loadHouse(tx, organizationId, house?.house_id ?? null);
  const payTo = await loadPayTo(tx, organizationId, h?.property_id ?? null);
  const reference = `${day(s.from)} – ${day(s.to)}`;
  const closing = cents(s.closing_balance);
  const pdf = await renderDocument({
    title: 'Tenant statement',
    reference: `${tenant?.name ?? ''}, ${reference}`,
    facts: [
      ['Period', reference], ['Opening balance', kes(s.opening_balance)], ['Closing balance', kes(s.closing_balance)],
      ...(s.lease ? [['Lease', `${day(s.lease.start_date)} – ${s.lease.end_date ? day(s.lease.end_date) : 'open'}`] as [string, string]] : []),
    ],
    blocks: partyBlocks(tenant, h, payTo),
    columns: [
      { key: 'date', label: 'Date', width: 64 },
      { key: 'reference', label: 'Reference', width: 74 },
      { key: 'description', label: 'Description' },
      { key: 'debit', label: 'Debit', width: 80, align: 'right' },
      { key: 'credit', label: 'Credit', width: 80, align: 'right' },
      { key: 'balance', label: 'Balance', width: 86, align: 'right' },
    ],
    rows: [
      { date: day(s.from), reference: '', description: 'Opening balance', debit: '', credit: '', balance: kes(s.opening_balance) },
      ...s.entries.map((e) => ({
        date: day(e.date), reference: e.reference ?? '', description: describe(e.type, e.description),
        debit: cents(e.debit) ? kes(e.debit) : '', credit: cents(e.credit) ? kes(e.credit) : '', balance: kes(e.balance),
      })),
      { date: day(s.to), reference: '', description: 'Closing balance', debit: kes(s.total_debits), credit: kes(s.total_credits), balance: kes(s.closing_balance) },
    ],
    strongRows: new Set([0, s.entries.length + 1]),
    totals: [
      ['Opening balance', kes(s.opening_balance)], ['Debits', kes(s.total_debits)], ['Credits', kes(s.total_credits)],
      [closing < 0n ? 'Closing balance (in credit)' : 'Closing balance', kes(s.closing_balance), true],
      ['Deposit held', kes(s.deposit_held)], ['Credit on account', kes(s.credit_on_account)],
    ],
    notes: [
      ...s.deposit_settlements.map((d) => `Move-out ${day(d.move_out_date)}${d.house ? ` (${d.house})` : ''}: deposit ${kes(d.deposit)}, applied to arrears ${kes(d.applied)}, refundable ${kes(d.refundable)}.`),
      ...(closing > 0n && payTo?.kind === 'mpesa_paybill' && h ? [`Please pay ${kes(s.closing_balance)}: M-Pesa Paybill ${payTo.number}, account ${h.account_code}.`] : []),
    ],
  }, org);
  return { pdf, filename: `statement-${fileSafe(tenant?.name ?? 'tenant')}-${s.from}-${s.to}.pdf`, title: `Statement ${reference}`, tenant };
}
