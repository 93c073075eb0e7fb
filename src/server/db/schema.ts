import { sql } from 'drizzle-orm';
import {
  boolean, date, foreignKey, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex,
} from 'drizzle-orm/pg-core';

// Platform tables (no organization_id, or global joins) come first; tenant tables carry
// organization_id in every key, so no row can reference another organisation's row.
// Row-level security for tenant tables is applied by ./secure.ts after migrations.

const id = () => text('id').notNull();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const organizations = pgTable('organizations', {
  id: id().primaryKey(),
  name: text('name').notNull(),
  email: text('email'),
  phone: text('phone'),
  address: text('address'),
  kra_pin: text('kra_pin'),
  logo: text('logo'),
  currency: text('currency').notNull().default('KES'),
  locale: text('locale').notNull().default('en-KE'),
  timezone: text('timezone').notNull().default('Africa/Nairobi'),
  settings: jsonb('settings').notNull().default({}),
  /**
   * The secret in the SMS delivery-report URL (Settings › SMS; routes/sms-webhooks.ts): AT signs
   * nothing, so the path is the only proof. 64 hex digits; existing rows get their own at migration.
   */
  sms_report_secret: text('sms_report_secret').default(sql`replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '')`),
  created_at: createdAt(),
  updated_at: updatedAt(),
}, (t) => [uniqueIndex('organizations_sms_report_secret_unique').on(t.sms_report_secret)]);

export const users = pgTable('users', {
  id: id().primaryKey(),
  name: text('name').notNull(),
  /** Always stored lower-cased: emails are unique case-insensitively. */
  email: text('email').notNull(),
  phone: text('phone'),
  password_hash: text('password_hash'),
  status: text('status', { enum: ['active', 'disabled'] }).notNull().default('active'),
  password_changed_at: timestamp('password_changed_at', { withTimezone: true }),
  /** The organisation a new session starts in. */
  last_organization_id: text('last_organization_id'),
  created_at: createdAt(),
  updated_at: updatedAt(),
}, (t) => [uniqueIndex('users_email_unique').on(t.email)]);

export const memberships = pgTable('memberships', {
  organization_id: text('organization_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  user_id: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  /** Disabled in this organisation only: a user may belong to others. */
  status: text('status', { enum: ['active', 'disabled'] }).notNull().default('active'),
  created_at: createdAt(),
}, (t) => [primaryKey({ columns: [t.organization_id, t.user_id] }), index('memberships_user_idx').on(t.user_id)]);

export const sessions = pgTable('sessions', {
  /** sha256 of the cookie value: a database dump holds no usable session id. */
  id: text('id').primaryKey(),
  user_id: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  active_organization_id: text('active_organization_id').references(() => organizations.id, { onDelete: 'set null' }),
  remember: boolean('remember').notNull().default(false),
  ip: text('ip'),
  user_agent: text('user_agent'),
  created_at: createdAt(),
  last_activity_at: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
  expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
}, (t) => [index('sessions_user_idx').on(t.user_id)]);

export const personalAccessTokens = pgTable('personal_access_tokens', {
  id: id().primaryKey(),
  user_id: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  /** sha256 hex of the secret. */
  token_hash: text('token_hash').notNull(),
  abilities: jsonb('abilities').notNull().default(['*']),
  last_used_at: timestamp('last_used_at', { withTimezone: true }),
  expires_at: timestamp('expires_at', { withTimezone: true }),
  created_at: createdAt(),
}, (t) => [uniqueIndex('personal_access_tokens_hash_unique').on(t.token_hash), index('personal_access_tokens_user_idx').on(t.user_id)]);

export const passwordResets = pgTable('password_resets', {
  id: id().primaryKey(),
  user_id: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  token_hash: text('token_hash').notNull(),
  purpose: text('purpose', { enum: ['reset', 'invitation'] }).notNull().default('reset'),
  created_at: createdAt(),
  expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  used_at: timestamp('used_at', { withTimezone: true }),
}, (t) => [uniqueIndex('password_resets_hash_unique').on(t.token_hash), index('password_resets_user_idx').on(t.user_id)]);

/** Security events (ASVS 16.3): login succeeded/failed, logout, reset requested/done, password changed. */
export const authEvents = pgTable('auth_events', {
  id: id().primaryKey(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  event: text('event').notNull(),
  user_id: text('user_id'),
  email: text('email'),
  ip: text('ip'),
  user_agent: text('user_agent'),
  details: jsonb('details'),
}, (t) => [
  index('auth_events_email_ip_at_idx').on(t.event, t.email, t.ip, t.at),
  // the per-address counts (login across emails, password reset requests)
  index('auth_events_ip_at_idx').on(t.event, t.ip, t.at),
  index('auth_events_user_idx').on(t.user_id, t.at),
]);

// ---- tenant tables ---------------------------------------------------------------------------

export const roles = pgTable('roles', {
  organization_id: text('organization_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  id: id(),
  name: text('name').notNull(),
  description: text('description'),
  permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
  built_in: boolean('built_in').notNull().default(false),
  created_at: createdAt(),
  updated_at: updatedAt(),
}, (t) => [
  primaryKey({ columns: [t.organization_id, t.id] }),
  uniqueIndex('roles_name_unique').on(t.organization_id, sql`lower(${t.name})`),
]);

/**
 * A pending invitation to join an organisation (issue 12): nobody becomes a member until they
 * accept, logged in as the invited email or through the emailed link. It holds only what the
 * inviter typed (never the account's name or id), the roles they chose, and the sha256 of the
 * link's single-use token. Accepting, declining or revoking deletes it, so a used link fails.
 */
export const invitations = pgTable('invitations', {
  organization_id: text('organization_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  id: id(),
  /** Lower-cased, as typed by the inviter. */
  email: text('email').notNull(),
  name: text('name').notNull(),
  phone: text('phone'),
  role_ids: text('role_ids').array().notNull().default(sql`'{}'::text[]`),
  token_hash: text('token_hash').notNull(),
  invited_by: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
  created_at: createdAt(),
  expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
}, (t) => [
  primaryKey({ columns: [t.organization_id, t.id] }),
  uniqueIndex('invitations_token_unique').on(t.token_hash),
  uniqueIndex('invitations_email_unique').on(t.organization_id, t.email),
  index('invitations_email_idx').on(t.email),
]);

export const userRoles = pgTable('user_roles', {
  organization_id: text('organization_id').notNull(),
  user_id: text('user_id').notNull(),
  role_id: text('role_id').notNull(),
}, (t) => [
  primaryKey({ columns: [t.organization_id, t.user_id, t.role_id] }),
  foreignKey({ columns: [t.organization_id, t.user_id], foreignColumns: [memberships.organization_id, memberships.user_id] }).onDelete('cascade'),
  foreignKey({ columns: [t.organization_id, t.role_id], foreignColumns: [roles.organization_id, roles.id] }).onDelete('cascade'),
]);

/**
 * Gapless number series per organisation (invoices, receipts, tickets, work orders): the next
 * number is taken with UPDATE … RETURNING in the transaction that uses it, so a rollback gives
 * it back and two writers queue on the row instead of skipping or repeating a number.
 */
export const numberSeries = pgTable('number_series', {
  organization_id: text('organization_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  next_value: integer('next_value').notNull().default(1),
}, (t) => [primaryKey({ columns: [t.organization_id, t.name] })]);

/** A billing run: one invoice per active lease and period, with progress and a summary. */
export const billingRuns = pgTable('billing_runs', {
  organization_id: text('organization_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  id: id(),
  period_start: date('period_start', { mode: 'string' }).notNull(),
  period_end: date('period_end', { mode: 'string' }).notNull(),
  /** queued, running, done, failed */
  status: text('status').notNull().default('queued'),
  /** manual or schedule */
  trigger: text('trigger').notNull().default('manual'),
  total: integer('total').notNull().default(0),
  processed: integer('processed').notNull().default(0),
  made: integer('made').notNull().default(0),
  skipped: integer('skipped').notNull().default(0),
  /** [{lease_id, reason}]: the skipped leases but those already billed, which are only counted (already_billed) */
  skipped_reasons: jsonb('skipped_reasons').notNull().default([]),
  /** Leases skipped as already billed for the period: a re-run's every lease, too many to list. */
  already_billed: integer('already_billed').notNull().default(0),
  error: text('error'),
  created_by: text('created_by'),
  created_at: createdAt(),
  started_at: timestamp('started_at', { withTimezone: true }),
  finished_at: timestamp('finished_at', { withTimezone: true }),
  /** Written with every committed batch: a running run whose heartbeat is old was interrupted (runs.ts). */
  heartbeat_at: timestamp('heartbeat_at', { withTimezone: true }),
}, (t) => [primaryKey({ columns: [t.organization_id, t.id] }), index('billing_runs_period_idx').on(t.organization_id, t.period_start)]);

/** Who changed a money record, when, and what it was before and after (written in the same transaction). */
export const auditLog = pgTable('audit_log', {
  organization_id: text('organization_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  id: id(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  user_id: text('user_id'),
  /** the resource name: leases, invoices, payments, payment_allocations, expenses, incomes */
  resource: text('resource').notNull(),
  record_id: text('record_id').notNull(),
  /** create, update, delete, void, reverse, allocate, … */
  action: text('action').notNull(),
  before: jsonb('before'),
  after: jsonb('after'),
  reason: text('reason'),
}, (t) => [primaryKey({ columns: [t.organization_id, t.id] }), index('audit_log_record_idx').on(t.organization_id, t.resource, t.record_id, t.at)]);

/**
 * How a lease's deposit was settled when it ended (product.md 4.4, domain C8): what was applied
 * to its arrears (as negative 'deposit' lines on the open invoices, listed in `applications`)
 * and what is refundable to the tenant. One per lease; the tenant statement shows it apart.
 */
export const depositSettlements = pgTable('deposit_settlements', {
  organization_id: text('organization_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  id: id(),
  lease_id: text('lease_id').notNull(),
  tenant_id: text('tenant_id'),
  move_out_date: date('move_out_date', { mode: 'string' }).notNull(),
  /** the day the settlement counts on the statements: the move-out, or the first open day when that month is closed (null: the move-out) */
  posted_on: date('posted_on', { mode: 'string' }),
  /** held at the move-out: what the tenant paid of the deposit lines */
  deposit: numeric('deposit', { precision: 14, scale: 2 }).notNull().default('0'),
  /** deposit billed but never paid: cancelled at the move-out (negative 'deposit' lines) */
  unpaid_cancelled: numeric('unpaid_cancelled', { precision: 14, scale: 2 }).notNull().default('0'),
  /** open balance of the lease's invoices at the end, before the deposit */
  arrears: numeric('arrears', { precision: 14, scale: 2 }).notNull().default('0'),
  applied: numeric('applied', { precision: 14, scale: 2 }).notNull().default('0'),
  /** paid for days after the move-out (the last period credited): refunded with the deposit */
  unused_days_credit: numeric('unused_days_credit', { precision: 14, scale: 2 }).notNull().default('0'),
  /** of the unused days credit, what paid the tenant's open invoices at the move-out (not refunded) */
  credit_applied: numeric('credit_applied', { precision: 14, scale: 2 }).notNull().default('0'),
  refundable: numeric('refundable', { precision: 14, scale: 2 }).notNull().default('0'),
  /** the itemised deductions, each a 'deduction' line on deduction_invoice_id: [{category, description, amount}] */
  deductions: jsonb('deductions').notNull().default([]),
  /** of the deposit, applied to the deductions (the rest of them is owed by the tenant) */
  deducted: numeric('deducted', { precision: 14, scale: 2 }).notNull().default('0'),
  deduction_invoice_id: text('deduction_invoice_id'),
  /** the refund paid out to the tenant (null until recorded), approved by refunded_by (refund.lease) */
  refund_amount: numeric('refund_amount', { precision: 14, scale: 2 }),
  refund_method: text('refund_method'),
  refund_reference: text('refund_reference'),
  refund_date: date('refund_date', { mode: 'string' }),
  refunded_by: text('refunded_by'),
  refunded_at: timestamp('refunded_at', { withTimezone: true }),
  /** [{invoice_id, amount}] */
  applications: jsonb('applications').notNull().default([]),
  created_by: text('created_by'),
  created_at: createdAt(),
}, (t) => [primaryKey({ columns: [t.organization_id, t.id] }), uniqueIndex('deposit_settlements_lease_unique').on(t.organization_id, t.lease_id)]);

/**
 * Months the organisation has closed (issue 13, domain/closed-months.ts): nothing dated in a closed month
 * changes, and what a back-dated move-out would post there counts on the first open day instead.
 * Closed in order, so the latest row is how far the books are closed; reopening deletes the latest
 * row (the audit log keeps who closed and reopened it, and why).
 */
export const closedPeriods = pgTable('closed_periods', {
  organization_id: text('organization_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  /** the month's first day */
  month: date('month', { mode: 'string' }).notNull(),
  closed_at: timestamp('closed_at', { withTimezone: true }).notNull().defaultNow(),
  closed_by: text('closed_by'),
}, (t) => [primaryKey({ columns: [t.organization_id, t.month] })]);

/**
 * Allocations taken back (a payment reversed or re-allocated): the allocation as it was, and the
 * day it stopped counting. payment_allocations holds what pays the invoices now; a report as of a
 * past day adds back what was allocated by then and released after it (reports/ledger.ts), so a
 * printed statement or aging never changes when money is moved later. Written only by
 * domain/payments (releaseAllocations), never edited.
 */
export const paymentAllocationReleases = pgTable('payment_allocation_releases', {
  organization_id: text('organization_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  /** the allocation's own id */
  id: id(),
  payment_id: text('payment_id').notNull(),
  invoice_id: text('invoice_id').notNull(),
  amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
  allocated_on: date('allocated_on', { mode: 'string' }).notNull(),
  released_on: date('released_on', { mode: 'string' }).notNull(),
  /** reverse or reallocate */
  action: text('action').notNull(),
  created_at: createdAt(),
}, (t) => [
  primaryKey({ columns: [t.organization_id, t.id] }),
  index('payment_allocation_releases_invoice_idx').on(t.organization_id, t.invoice_id),
  index('payment_allocation_releases_payment_idx').on(t.organization_id, t.payment_id),
]);

/**
 * Daraja C2B confirmations as they arrived (product.md 5): the raw body is stored before the
 * payment is recorded, in its own transaction, so what Safaricom said is kept even when recording
 * fails. One row per (channel, TransID): a replay finds it and changes nothing. Readable by those
 * who may see payments (GET /payment-callbacks); written only by domain/daraja/c2b.ts.
 */
export const paymentCallbacks = pgTable('payment_callbacks', {
  organization_id: text('organization_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  id: id(),
  channel_id: text('channel_id').notNull(),
  /** c2b_confirmation or stk_callback */
  kind: text('kind').notNull(),
  /** c2b_confirmation: TransID, upper-cased (the M-Pesa receipt); stk_callback: the CheckoutRequestID */
  trans_id: text('trans_id').notNull(),
  /** the request body as received (NUL characters replaced: PostgreSQL text holds none) */
  body: text('body').notNull(),
  /** received, recorded (a payment was made), failed (kept here; recording it again is safe) */
  status: text('status').notNull().default('received'),
  payment_id: text('payment_id'),
  error: text('error'),
  received_at: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  processed_at: timestamp('processed_at', { withTimezone: true }),
}, (t) => [
  primaryKey({ columns: [t.organization_id, t.id] }),
  uniqueIndex('payment_callbacks_trans_unique').on(t.organization_id, t.channel_id, t.kind, t.trans_id),
  index('payment_callbacks_payment_idx').on(t.organization_id, t.payment_id),
  index('payment_callbacks_received_idx').on(t.organization_id, t.received_at),
]);

/**
 * M-Pesa STK push requests ("Request payment", issue 10): one row per push Keja asked Daraja for.
 * Written in a short transaction before Daraja is called, then the answer (MerchantRequestID,
 * CheckoutRequestID) in another, then the callback (or, after the timeout, the status query's
 * answer) moves the state on. Written only by domain/daraja/stk*.ts.
 */
export const paymentRequests = pgTable('payment_requests', {
  organization_id: text('organization_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  id: id(),
  channel_id: text('channel_id').notNull(),
  tenant_id: text('tenant_id').notNull(),
  lease_id: text('lease_id'),
  invoice_id: text('invoice_id'),
  /** 2547XXXXXXXX / 2541XXXXXXXX, as Daraja takes it */
  phone: text('phone').notNull(),
  /** whole shillings (Daraja takes no cents) */
  amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
  /** the house's account code: what the prompt shows and the C2B confirmation carries */
  account_reference: text('account_reference').notNull(),
  /** requesting, sent, paid, cancelled, timed_out, wrong_pin, insufficient_funds, failed */
  state: text('state').notNull().default('requesting'),
  merchant_request_id: text('merchant_request_id'),
  checkout_request_id: text('checkout_request_id'),
  /** Safaricom's code as text (numbers and strings such as SFC_IC0003 both occur) */
  result_code: text('result_code'),
  result_desc: text('result_desc'),
  customer_message: text('customer_message'),
  receipt: text('receipt'),
  payment_id: text('payment_id'),
  requested_by: text('requested_by'),
  requested_at: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
  answered_at: timestamp('answered_at', { withTimezone: true }),
  completed_at: timestamp('completed_at', { withTimezone: true }),
  /** when Keja asked Daraja for the status (once, after the timeout with no callback) */
  queried_at: timestamp('queried_at', { withTimezone: true }),
}, (t) => [
  primaryKey({ columns: [t.organization_id, t.id] }),
  uniqueIndex('payment_requests_checkout_unique').on(t.organization_id, t.channel_id, t.checkout_request_id),
  index('payment_requests_tenant_idx').on(t.organization_id, t.tenant_id, t.requested_at),
  index('payment_requests_invoice_idx').on(t.organization_id, t.invoice_id),
  index('payment_requests_pending_idx').on(t.organization_id, t.state, t.requested_at),
  // the status query's pass every 15 s finds the few pushes still waiting here, not in every push ever made
  index('payment_requests_unanswered_idx').on(t.organization_id).where(sql`state = 'sent' and queried_at is null`),
]);

/**
 * Tax rates by kind and the day they start (platform-wide: Kenyan law, not an organisation's
 * choice): 'mri' (Monthly Rental Income tax on gross residential rent) and 'vat' (on the
 * management commission of a VAT-registered agency). The rate in force on a day is the row of
 * that kind with the latest valid_from on or before it; a new Finance Act is a new row (seeded by
 * a migration), never an edit, so reports for earlier months keep their rate.
 */
export const taxRates = pgTable('tax_rates', {
  kind: text('kind').notNull(),
  valid_from: date('valid_from', { mode: 'string' }).notNull(),
  /** percent, e.g. 7.5 */
  rate: numeric('rate', { precision: 6, scale: 3 }).notNull(),
  /** where the rate comes from (the Act) */
  source: text('source'),
}, (t) => [primaryKey({ columns: [t.kind, t.valid_from] })]);
