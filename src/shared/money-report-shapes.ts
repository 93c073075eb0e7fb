// The JSON the money endpoints answer (docs/api.md "Domain endpoints"), as the server builds it
// (src/server/domain/reports/) and the web app reads it: one declaration for both sides. Money is
// a decimal string ("1500.00"); neither side turns it into a float for arithmetic.

export type Decimal = string;

/**
 * Each entry is dated the day it was posted: an invoice's lines on its issue date, a penalty on
 * its date, an adjustment (a move-out credit), a deposit cancelled or applied to arrears
 * ('deposit', a credit) and a waiver on theirs, a void on its void date.
 */
export type EntryType = 'invoice' | 'penalty' | 'adjustment' | 'deposit' | 'waiver' | 'payment' | 'reversal' | 'void';

export interface StatementEntry {
  date: string;
  type: EntryType;
  reference: string | null;
  description: string;
  debit: Decimal;
  credit: Decimal;
  balance: Decimal;
}

export interface TenantStatement {
  tenant: { id: string; name: string; phone: string | null };
  lease: { id: string; house: string | null; property: string | null; start_date: string; end_date: string | null; rent: Decimal; status: string } | null;
  from: string;
  to: string;
  opening_balance: Decimal;
  entries: StatementEntry[];
  total_debits: Decimal;
  total_credits: Decimal;
  closing_balance: Decimal;
  /** paid of the deposit and not applied to arrears: owed back to the tenant, not in the balance */
  deposit_held: Decimal;
  /** deposit billed and not yet paid: part of the closing balance */
  deposit_unpaid: Decimal;
  credit_on_account: Decimal;
  /** how the deposit of each lease ended by the period's end was settled at the move-out */
  deposit_settlements: DepositSettlement[];
}

export interface DepositSettlement {
  lease_id: string;
  house: string | null;
  move_out_date: string;
  /** held at the move-out: what the tenant had paid of it */
  deposit: Decimal;
  unpaid_cancelled: Decimal;
  arrears: Decimal;
  applied: Decimal;
  /** paid for days after the move-out: refunded with the deposit (src/shared/settlement.ts) */
  unused_days_credit: Decimal;
  refundable: Decimal;
}

export interface PropertySection {
  property: { id: string; name: string; code: string | null; owner: string; aggregator: string | null };
  commission_rate: string;
  /** the VAT rate on commission (percent) in force at the period's end; null when the organisation is not VAT-registered */
  vat_rate: string | null;
  aggregator_share_rate: string;
  houses: Array<{ house_id: string; house: string; billed: Decimal; collected: Decimal; arrears: Decimal }>;
  billed: Decimal;
  collected: Decimal;
  other_income: Decimal;
  other_income_by_category: Record<string, Decimal>;
  expenses: Decimal;
  expenses_by_category: Record<string, Decimal>;
  expenses_not_owner: Decimal;
  unpaid_bills: Decimal;
  commission: Decimal;
  /** VAT on the commission (the organisation is VAT-registered): money out, on its own line; 0 otherwise */
  commission_vat: Decimal;
  /** approved remittances dated in the period, less those voided in it */
  paid_out: Decimal;
  aggregator_share: Decimal;
  agency_share: Decimal;
  /** charges kept by the agency, paid in the period: not the owner's */
  agency_charges: Decimal;
  /** deposits held for the tenants (not the owner's): at the start, received, applied to arrears, at the end */
  deposits_opening: Decimal;
  deposits_received: Decimal;
  deposits_applied: Decimal;
  deposits_closing: Decimal;
  opening_balance: Decimal;
  money_in: Decimal;
  money_out: Decimal;
  closing_balance: Decimal;
}

export type PropertyTotals = Omit<PropertySection, 'property' | 'commission_rate' | 'vat_rate' | 'aggregator_share_rate' | 'houses' | 'other_income_by_category' | 'expenses_by_category'>;

/** A payout counted in a statement's period: an approved remittance on its date, or its void (negative) on the void's day. */
export interface RemittanceLine {
  id: string;
  /** null: paid against the owner's whole account */
  property_id: string | null;
  date: string;
  method: string;
  reference: string | null;
  amount: Decimal;
  voided: boolean;
}

export interface PropertyStatement {
  from: string;
  to: string;
  owner: { id: string; name: string } | null;
  properties: PropertySection[];
  /** the totals include the owner's payouts that name no property (unassigned_paid_out) */
  totals: PropertyTotals;
  /** the VAT rate on commission in force on the period's last day; null when the organisation is not VAT-registered */
  vat_rate: string | null;
  unassigned_paid_out: Decimal;
  remittances: RemittanceLine[];
  /** the closing due: negative when the owner was paid more than was due (the owner owes the agency) */
  amount_due_to_owner: Decimal;
}

/** The Monthly Rental Income tax of one owner (or every owner) for a month (GET /reports/rental-income-tax). */
export interface RentalIncomeTax {
  month: string;
  /** the rate in force in the month (percent) and the day it started; null before any rate */
  rate: string | null;
  rate_valid_from: string | null;
  rate_source: string | null;
  /** the 20th of the next month */
  due_date: string;
  owner_id: string | null;
  owners: Array<{
    owner_id: string; owner: string; kra_pin: string | null;
    properties: Array<{ property_id: string; property: string; gross_rent: Decimal }>;
    gross_rent: Decimal; tax_due: Decimal;
  }>;
  totals: { gross_rent: Decimal; tax_due: Decimal };
}

export const BUCKETS = ['current', 'd1_30', 'd31_60', 'd61_90', 'd90_plus'] as const;
export type Bucket = (typeof BUCKETS)[number];

export interface AgingRow extends Record<Bucket, Decimal> {
  tenant_id: string;
  tenant: string;
  phone: string | null;
  /** the buckets' sum (deposits left out) */
  open: Decimal;
  /** deposit billed and not yet paid: owed, not aged */
  deposit: Decimal;
  credit: Decimal;
  /** open + deposit − credit: the tenant statement's closing balance on the day */
  balance: Decimal;
}

export interface AgingReport {
  as_of: string;
  property_id: string | null;
  owner_id: string | null;
  rows: AgingRow[];
  totals: Omit<AgingRow, 'tenant_id' | 'tenant' | 'phone'>;
}

/**
 * What needs attention today, each a count the web app links to its filtered list. A count is
 * sent only to a member who may list that area (list.ticket, list.lease, …): the others get no key.
 */
export interface Attention {
  urgent_tickets?: number;
  draft_leases?: number;
  failed_messages?: number;
  unmatched_payments?: number;
}

/** Money figures are sent only with view.financials; `attention` holds only the areas the member may list. */
export interface Dashboard {
  as_of: string;
  occupancy: { houses: number; occupied: number; vacant: number; other: number; rate: string };
  months?: Array<{ month: string; billed: Decimal; collected: Decimal }>;
  this_month?: { billed: Decimal; collected: Decimal; collection_rate: string; expenses: Decimal; income: Decimal };
  arrears?: Record<Bucket, Decimal> & { credit: Decimal; total: Decimal };
  unmatched_payments?: { count: number; amount: Decimal };
  /** what the agency holds for the owners today (every owner statement's closing due, summed) */
  due_to_owners?: Decimal;
  open_tickets: number;
  sms_credits: number;
  attention?: Attention;
}

export type SkipReason = 'draft' | 'ended' | 'not_started' | 'not_due' | 'nothing_to_bill' | 'already_billed';

export interface BillingRun {
  id: string;
  period: string;
  period_start: string;
  period_end: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  trigger: string;
  total: number;
  processed: number;
  made: number;
  skipped: number;
  skipped_by_reason: Partial<Record<SkipReason, number>>;
  error: string | null;
}

export interface PenaltyResult {
  posted: number;
  invoices: number;
  amount: Decimal;
}

/** GET /periods: the months of the books, closed and open (issue 13, src/server/domain/closed-months.ts). */
export interface PeriodMonth {
  month: string;
  status: 'closed' | 'open';
  closed_at: string | null;
  closed_by: string | null;
  closed_by_name: string | null;
}

export interface PeriodsView {
  /** the latest closed month (YYYY-MM): every day up to its end is closed */
  closed_through: string | null;
  /** the month a close may name next: the one after the latest closed (null while none is closed: any ended month) */
  next_to_close: string | null;
  /** the latest month that has ended (a month is closed once it is over) */
  latest_closable: string;
  /** this month back a year (or to the first closed month), newest first */
  months: PeriodMonth[];
}
