// What a lease's deposit is on the ledger, in one place for the settlement, the allocation guard
// and the statements. A deposit line is the lease's deposit (kind 'deposit') or a charge of
// category 'deposit' (a water deposit); at move-out the unpaid part is cancelled and the held part
// applied to arrears with negative 'deposit' lines. Within an invoice the deposit is paid first
// (the deposit comes before the keys), so the part held on an invoice is least(paid, deposit
// lines): a negative sum (a deposit applied to that invoice) takes the held amount down by it.
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.js';
import { cents } from './plan.js';

/** The deposit lines (invoice_lines aliased `l`), for a join on charges aliased `dc`. */
export const depositLine = sql`(l.kind = 'deposit' or dc.category = 'deposit')`;

/**
 * A deposit line (invoice_lines `l`) or a line of one of the organisation's charges (aliased `c`)
 * matching `charges`: the charges read once a statement as an array (an InitPlan), not joined to
 * every line.
 */
export const depositOrChargeLine = (organizationId: string, charges: SQL) => sql`(l.kind = 'deposit'
  or l.charge_id = any(array(select c.id from charges c where c.organization_id = ${organizationId} and (${charges}))))`;

/**
 * The deposit lines without the join, for a search across an organisation's lines: the partial index
 * on kind = 'deposit' and the charge index find the few there are (migration 0010).
 */
export const depositLineOf = (organizationId: string) => depositOrChargeLine(organizationId, sql`c.category = 'deposit'`);

/** Per invoice: the sum of its deposit lines (a derived table: invoice_id, deposit). */
export const depositSums = (organizationId: string, where: SQL = sql`true`) => sql`
  (select l.invoice_id, sum(l.amount) as deposit
   from invoice_lines l
   where l.organization_id = ${organizationId} and ${depositLineOf(organizationId)} and ${where}
   group by l.invoice_id)`;

export interface DepositInvoice { id: string; lease_id: string; paid: bigint; deposit: bigint }

/** The non-void invoices of these leases that carry deposit lines, with their paid amount. */
export async function depositInvoices(tx: Db, organizationId: string, leaseIds: string[]): Promise<DepositInvoice[]> {
  if (!leaseIds.length) return [];
  const rows = rowsOf<{ id: string; lease_id: string; paid: string; deposit: string }>(await tx.execute(sql`
    select i.id, i.lease_id, i.paid::text as paid, d.deposit::text as deposit
    from invoices i join ${depositSums(organizationId)} d on d.invoice_id = i.id
    where i.organization_id = ${organizationId} and i.lease_id = any(${`{${leaseIds.join(',')}}`}::text[])
      and i.status not in ('void', 'draft')
    order by i.due_date, i.id`));
  return rows.map((r) => ({ id: r.id, lease_id: r.lease_id, paid: cents(r.paid), deposit: cents(r.deposit) }));
}

/** The deposit held per lease: what the tenant paid of it, less what was applied to arrears. */
export async function depositHeld(tx: Db, organizationId: string, leaseIds: string[]): Promise<Map<string, bigint>> {
  const held = new Map<string, bigint>();
  for (const inv of await depositInvoices(tx, organizationId, leaseIds)) {
    held.set(inv.lease_id, (held.get(inv.lease_id) ?? 0n) + (inv.paid < inv.deposit ? inv.paid : inv.deposit));
  }
  return held;
}
