// The tenant ledger as it stood at the end of a day, shared by the tenant statement's figures,
// the aging and the property statement, so they agree to the cent. An invoice's billed lines
// count from its issue date; a penalty or an adjustment from its posted_on; a waiver from its
// waived_on; a void from its void date; a payment from its paid date and a reversal from its own
// (never before the payment); an allocation from its allocated_on (the later of its payment's
// and its invoice's day, or the day of a re-allocation) until the day a reversal or
// re-allocation released it (payment_allocation_releases): money moved today moves today, and a
// report printed for an earlier day stays as it was.
import { sql, type SQL } from 'drizzle-orm';
import { depositSums } from '../billing/deposits.js';
import { TZ } from './common.js';

/** The day a reversal counts: its own, never before the payment it reverses (payments aliased `p`). */
export const REVERSED_ON = sql`greatest((p.reversed_at at time zone ${TZ})::date, (p.paid_at at time zone ${TZ})::date)`;

/** An invoice (aliased `alias`) on the ledger at the end of `asOf`: issued by then and not yet void. */
export const openOn = (asOf: string, alias = 'i') => {
  const a = sql.raw(alias);
  return sql`(${a}.status <> 'draft' and ${a}.issue_date <= ${asOf}::date
    and not (${a}.status = 'void' and (${a}.voided_at at time zone ${TZ})::date <= ${asOf}::date))`;
};

/** A payment (aliased `p`) standing at the end of `asOf`: made by then and not reversed by then. */
export const paymentStandsOn = (asOf: string) => sql`((p.paid_at at time zone ${TZ})::date <= ${asOf}::date
  and not (p.status = 'reversed' and p.reversed_at is not null and ${REVERSED_ON} <= ${asOf}::date))`;

/**
 * The allocations as they stood at the end of `asOf` (payment_id, invoice_id, amount): made by
 * then and in place now, or made by then and released after it. `where` filters both (alias `pa`).
 */
export const allocationsOn = (organizationId: string, asOf: string, where: SQL = sql`true`) => sql`
  (select pa.payment_id, pa.invoice_id, pa.amount from payment_allocations pa
   where pa.organization_id = ${organizationId} and pa.allocated_on <= ${asOf}::date and ${where}
   union all
   select pa.payment_id, pa.invoice_id, pa.amount from payment_allocation_releases pa
   where pa.organization_id = ${organizationId} and pa.allocated_on <= ${asOf}::date and pa.released_on > ${asOf}::date and ${where})`;

/**
 * An invoice's allocations (alias `pa`, with allocated_on and released_on, null while in place)
 * for a per-invoice lateral: filter with `allocatedOn(pa, day)`.
 */
export const invoiceAllocations = (invoice: SQL) => sql`
  (select amount, allocated_on, null::date as released_on from payment_allocations
   where organization_id = ${invoice}.organization_id and invoice_id = ${invoice}.id
   union all
   select amount, allocated_on, released_on from payment_allocation_releases
   where organization_id = ${invoice}.organization_id and invoice_id = ${invoice}.id)`;

/** Every allocation of the organisation, as invoiceAllocations has them (with invoice_id): for one pass over all its invoices. */
export const organizationAllocations = (organizationId: string) => sql`
  (select invoice_id, amount, allocated_on, null::date as released_on from payment_allocations
   where organization_id = ${organizationId}
   union all
   select invoice_id, amount, allocated_on, released_on from payment_allocation_releases
   where organization_id = ${organizationId})`;

/** An allocation row of invoiceAllocations (aliased `pa`) counting at the end of `day`. */
export const allocatedOn = (day: string) => sql`(pa.allocated_on <= ${day}::date and (pa.released_on is null or pa.released_on > ${day}::date))`;

/**
 * Over an invoice's lines (aliased `l`): what of its total was posted after `asOf`, so that total as
 * of the day = total − late: lines posted later are not there yet, a penalty waived later still is.
 * Only invoices open on the day are meant (their billed lines, dated by the issue date, are in).
 */
export const lateAmount = (asOf: string) => sql`(
  sum(case when l.posted_on > ${asOf}::date and not l.waived then l.amount else 0 end)
  - sum(case when l.waived and l.waived_on > ${asOf}::date and (l.posted_on is null or l.posted_on <= ${asOf}::date)
             then round(l.rate * l.quantity, 2) else 0 end))`;

/** Per invoice with lines posted or waived after `asOf`: lateAmount (invoice_id, late). */
export const lateLines = (organizationId: string, asOf: string) => sql`
  (select l.invoice_id, ${lateAmount(asOf)} as late
   from invoice_lines l
   where l.organization_id = ${organizationId} and (l.posted_on > ${asOf}::date or l.waived_on > ${asOf}::date)
   group by l.invoice_id)`;

/**
 * Per invoice: its deposit lines posted by `asOf` (invoice_id, deposit). A deposit is paid first
 * within its invoice: held = least(paid, deposit), unpaid = greatest(deposit − paid, 0).
 */
export const depositAsOf = (organizationId: string, asOf: string) =>
  depositSums(organizationId, sql`(l.posted_on is null or l.posted_on <= ${asOf}::date)`);
