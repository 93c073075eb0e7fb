import { Type, type Static } from 'typebox';

// The JSON the money endpoints answer (docs/api.md "Domain endpoints"), as the server builds it
// (src/server/domain/reports/) and the web app reads it: one declaration for both sides, as
// TypeBox schemas. The server's routes declare them as their response schemas (so /api/docs shows
// them and the serialiser writes exactly these keys); each type is the schema's Static. Money is a
// decimal string ("1500.00"); neither side turns it into a float for arithmetic.

export const Decimal = Type.String({ description: 'KES as a decimal string, e.g. "1500.00"' });
import { DepositLedger, DepositRefund, SettlementFigures } from './settlement.js';
import { Day, Nullable, NullableDateTime, NullableText, Text } from './schema-helpers.js';

export type Decimal = string;

/**
 * Each entry is dated the day it was posted: an invoice's lines on its issue date, a penalty on
 * its date, an adjustment (a move-out credit), a deposit cancelled or applied to arrears
 * ('deposit', a credit) and a waiver on theirs, a void on its void date.
 */
export type EntryType = 'invoice' | 'penalty' | 'adjustment' | 'deposit' | 'waiver' | 'payment' | 'reversal' | 'void';

export const StatementEntry = Type.Object({
  date: Day,
  type: Type.Unsafe<EntryType>({ type: 'string', enum: ['invoice', 'penalty', 'adjustment', 'deposit', 'waiver', 'payment', 'reversal', 'void'] }),
  reference: NullableText,
  description: Text,
  debit: Decimal,
  credit: Decimal,
  balance: Decimal,
});
export type StatementEntry = Static<typeof StatementEntry>;

/** How the deposit of each lease ended by the period's end was settled at the move-out. */
export const DepositSettlement = Type.Object({
  ...SettlementFigures.properties,
  lease_id: Text,
  house: NullableText,
  move_out_date: Day,
  deduction_invoice_id: Type.Union([Type.String(), Type.Null()], { description: 'the invoice the deductions were charged on (null without deductions)' }),
  refund: Type.Union([DepositRefund, Type.Null()], { description: 'the payout to the tenant, when recorded by the statement\'s last day' }),
});
export type DepositSettlement = Static<typeof DepositSettlement>;

export const TenantStatement = Type.Object({
  tenant: Type.Object({ id: Text, name: Text, phone: NullableText }),
  lease: Nullable(Type.Object({ id: Text, house: NullableText, property: NullableText, start_date: Day, end_date: Nullable(Day), rent: Decimal, status: Text })),
  from: Day,
  to: Day,
  opening_balance: Decimal,
  entries: Type.Array(StatementEntry),
  total_debits: Decimal,
  total_credits: Decimal,
  closing_balance: Decimal,
  deposit_held: Type.String({ description: 'paid of the deposit and not applied to arrears: owed back to the tenant, not in the balance' }),
  deposit_unpaid: Type.String({ description: 'deposit billed and not yet paid: part of the closing balance' }),
  credit_on_account: Decimal,
  deposit_settlements: Type.Array(DepositSettlement),
  /** the deposit's own ledger as of the last day: received, applied, deducted, refunded, held */
  deposit_ledger: DepositLedger,
});
export type TenantStatement = Static<typeof TenantStatement>;

const ByCategory = Type.Record(Type.String(), Decimal);

const totalsFields = {
  billed: Decimal,
  collected: Decimal,
  arrears: Type.String({ description: 'the owner\'s money billed and not yet collected at the period\'s end (all invoices to that day, not only the period\'s)' }),
  other_income: Decimal,
  expenses: Decimal,
  expenses_not_owner: Decimal,
  unpaid_bills: Decimal,
  commission: Decimal,
  commission_vat: Type.String({ description: 'VAT on the commission (the organisation is VAT-registered): money out, on its own line; 0 otherwise' }),
  paid_out: Type.String({ description: 'approved remittances dated in the period, less those voided in it' }),
  aggregator_share: Decimal,
  agency_share: Decimal,
  agency_charges: Type.String({ description: 'charges kept by the agency, paid in the period: not the owner\'s' }),
  // deposits held for the tenants (not the owner's): at the start, received, applied to arrears, at the end
  deposits_opening: Decimal,
  deposits_received: Decimal,
  deposits_applied: Decimal,
  deposits_closing: Decimal,
  opening_balance: Decimal,
  money_in: Decimal,
  money_out: Decimal,
  closing_balance: Decimal,
};

export const PropertySection = Type.Object({
  property: Type.Object({ id: Text, name: Text, code: NullableText, owner: Text, aggregator: NullableText }),
  commission_rate: Text,
  vat_rate: Type.Union([Type.String(), Type.Null()], { description: 'the VAT rate on commission (percent) in force at the period\'s end; null when the organisation is not VAT-registered' }),
  aggregator_share_rate: Text,
  houses: Type.Array(Type.Object({ house_id: Text, house: Text, billed: Decimal, collected: Decimal, arrears: Type.String({ description: 'billed and not yet collected at the period\'s end' }) })),
  other_income_by_category: ByCategory,
  expenses_by_category: ByCategory,
  ...totalsFields,
});
export type PropertySection = Static<typeof PropertySection>;

export const PropertyTotals = Type.Object(totalsFields);
export type PropertyTotals = Static<typeof PropertyTotals>;

/** A payout counted in a statement's period: an approved remittance on its date, or its void (negative) on the void's day. */
export const RemittanceLine = Type.Object({
  id: Text,
  property_id: Type.Union([Type.String(), Type.Null()], { description: 'null: paid against the owner\'s whole account' }),
  date: Day,
  method: Text,
  reference: NullableText,
  amount: Decimal,
  voided: Type.Boolean(),
});
export type RemittanceLine = Static<typeof RemittanceLine>;

export const PropertyStatement = Type.Object({
  from: Day,
  to: Day,
  owner: Nullable(Type.Object({ id: Text, name: Text })),
  properties: Type.Array(PropertySection),
  totals: PropertyTotals,
  vat_rate: Type.Union([Type.String(), Type.Null()], { description: 'the VAT rate on commission in force on the period\'s last day; null when the organisation is not VAT-registered' }),
  unassigned_paid_out: Type.String({ description: 'the owner\'s payouts that name no property (in the totals)' }),
  remittances: Type.Array(RemittanceLine),
  amount_due_to_owner: Type.String({ description: 'the closing due: negative when the owner was paid more than was due (the owner owes the agency)' }),
});
export type PropertyStatement = Static<typeof PropertyStatement>;

/** The Monthly Rental Income tax of one owner (or every owner) for a month (GET /reports/rental-income-tax). */
export const RentalIncomeTax = Type.Object({
  month: Type.String({ description: 'YYYY-MM' }),
  // the rate in force in the month (percent) and the day it started; null before any rate
  rate: NullableText,
  rate_valid_from: NullableText,
  rate_source: NullableText,
  due_date: Type.String({ description: 'the 20th of the next month' }),
  owner_id: NullableText,
  owners: Type.Array(Type.Object({
    owner_id: Text, owner: Text, kra_pin: NullableText,
    properties: Type.Array(Type.Object({ property_id: Text, property: Text, gross_rent: Decimal })),
    gross_rent: Decimal, tax_due: Decimal,
  })),
  totals: Type.Object({ gross_rent: Decimal, tax_due: Decimal }),
});
export type RentalIncomeTax = Static<typeof RentalIncomeTax>;

export const BUCKETS = ['current', 'd1_30', 'd31_60', 'd61_90', 'd90_plus'] as const;
export type Bucket = (typeof BUCKETS)[number];
const bucketFields = { current: Decimal, d1_30: Decimal, d31_60: Decimal, d61_90: Decimal, d90_plus: Decimal };

const agingFigures = {
  ...bucketFields,
  open: Type.String({ description: 'the buckets\' sum (deposits left out)' }),
  deposit: Type.String({ description: 'deposit billed and not yet paid: owed, not aged' }),
  credit: Decimal,
  balance: Type.String({ description: 'open + deposit − credit: the tenant statement\'s closing balance on the day' }),
};

export const AgingRow = Type.Object({ tenant_id: Text, tenant: Text, phone: NullableText, ...agingFigures });
export type AgingRow = Static<typeof AgingRow>;

export const AgingReport = Type.Object({
  as_of: Day,
  property_id: NullableText,
  owner_id: NullableText,
  rows: Type.Array(AgingRow),
  totals: Type.Object(agingFigures),
});
export type AgingReport = Static<typeof AgingReport>;

/**
 * What needs attention today, each a count the web app links to its filtered list. A count is
 * sent only to a member who may list that area (list.ticket, list.lease, …): the others get no key.
 */
export const Attention = Type.Object({
  urgent_tickets: Type.Optional(Type.Integer()),
  draft_leases: Type.Optional(Type.Integer()),
  failed_messages: Type.Optional(Type.Integer()),
  /** SMS held as "insufficient credits": they go when credits are topped up. */
  waiting_for_credits: Type.Optional(Type.Integer()),
  unmatched_payments: Type.Optional(Type.Integer()),
});
export type Attention = Static<typeof Attention>;

/** Money figures are sent only with view.financials; `attention` holds only the areas the member may list. */
export const Dashboard = Type.Object({
  as_of: Day,
  occupancy: Type.Object({ houses: Type.Integer(), occupied: Type.Integer(), vacant: Type.Integer(), other: Type.Integer(), rate: Text }),
  months: Type.Optional(Type.Array(Type.Object({ month: Text, billed: Decimal, collected: Decimal }))),
  this_month: Type.Optional(Type.Object({ billed: Decimal, collected: Decimal, collection_rate: Text, expenses: Decimal, income: Decimal })),
  arrears: Type.Optional(Type.Object({ ...bucketFields, credit: Decimal, total: Decimal })),
  unmatched_payments: Type.Optional(Type.Object({ count: Type.Integer(), amount: Decimal })),
  due_to_owners: Type.Optional(Type.String({ description: 'what the agency holds for the owners today (every owner statement\'s closing due, summed)' })),
  open_tickets: Type.Integer(),
  sms_credits: Type.Number(),
  attention: Type.Optional(Attention),
});
export type Dashboard = Static<typeof Dashboard>;

export type SkipReason = 'draft' | 'ended' | 'not_started' | 'not_due' | 'nothing_to_bill' | 'already_billed';
const SKIP_REASONS: SkipReason[] = ['draft', 'ended', 'not_started', 'not_due', 'nothing_to_bill', 'already_billed'];

export const BillingRun = Type.Object({
  id: Text,
  period: Type.String({ description: 'YYYY-MM' }),
  period_start: Day,
  period_end: Day,
  status: Type.Unsafe<'queued' | 'running' | 'done' | 'failed'>({ type: 'string', enum: ['queued', 'running', 'done', 'failed'] }),
  trigger: Type.String({ description: 'manual or schedule' }),
  total: Type.Integer(),
  processed: Type.Integer(),
  made: Type.Integer(),
  skipped: Type.Integer(),
  skipped_by_reason: Type.Unsafe<Partial<Record<SkipReason, number>>>({
    type: 'object', properties: Object.fromEntries(SKIP_REASONS.map((r) => [r, { type: 'integer' }])), additionalProperties: false,
  }),
  error: NullableText,
  // the stored row's other columns, served as they are (the web app reads none of them)
  organization_id: Type.Optional(Text),
  skipped_reasons: Type.Optional(Type.Unsafe<unknown>({ type: 'array', items: { type: 'object', properties: { lease_id: { type: 'string' }, reason: { type: 'string' } } }, description: 'each lease skipped and why, but those already billed for the period (counted in already_billed)' })),
  already_billed: Type.Optional(Type.Integer({ description: 'leases skipped as already billed for the period (counted, not listed)' })),
  created_by: Type.Optional(NullableText),
  created_at: Type.Optional(Type.Unsafe<Date | string>({ type: 'string', format: 'date-time' })),
  started_at: Type.Optional(NullableDateTime),
  finished_at: Type.Optional(NullableDateTime),
  heartbeat_at: Type.Optional(NullableDateTime),
});
export type BillingRun = Static<typeof BillingRun>;

export const PenaltyResult = Type.Object({ posted: Type.Integer(), invoices: Type.Integer(), amount: Decimal });
export type PenaltyResult = Static<typeof PenaltyResult>;

/** GET /periods: the months of the books, closed and open (issue 13, src/server/domain/closed-months.ts). */
export const PeriodMonth = Type.Object({
  month: Text,
  status: Type.Unsafe<'closed' | 'open'>({ type: 'string', enum: ['closed', 'open'] }),
  closed_at: NullableText,
  closed_by: NullableText,
  closed_by_name: NullableText,
});
export type PeriodMonth = Static<typeof PeriodMonth>;

export const PeriodsView = Type.Object({
  closed_through: Type.Union([Type.String(), Type.Null()], { description: 'the latest closed month (YYYY-MM): every day up to its end is closed' }),
  next_to_close: Type.Union([Type.String(), Type.Null()], { description: 'the month a close may name next: the one after the latest closed (null while none is closed: any ended month)' }),
  latest_closable: Type.String({ description: 'the latest month that has ended (a month is closed once it is over)' }),
  months: Type.Array(PeriodMonth, { description: 'this month back a year (or to the first closed month), newest first' }),
});
export type PeriodsView = Static<typeof PeriodsView>;
