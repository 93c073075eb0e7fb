import {
  boolean, choice, date, datetime, defineResource, money, number, reference, route, text,
} from '../src/shared/resource.js';

export const INVOICE_STATUSES = ['draft', 'issued', 'partially_paid', 'paid', 'void'] as const;
/**
 * deposit: the lease's deposit billed with the first period, and what settles it at move-out (negative).
 * deduction: a move-out deduction (repairs, cleaning…) charged against the deposit.
 */
export const INVOICE_LINE_KINDS = ['rent', 'charge', 'deposit', 'penalty', 'adjustment', 'deduction'] as const;

/**
 * The number comes from a gapless per-organisation series when the invoice is issued; tenant,
 * house and property follow the lease; totals follow the lines. Overdue is derived (due date
 * past, balance > 0). Issued invoices are voided with a reason, never deleted; lines are frozen.
 */
export const invoices = defineResource({
  name: 'invoices',
  module: 'invoice',
  menu: 'money',
  order: 10,
  icon: 'ReceiptLong',
  recordTitle: (r) => String(r.number ?? 'Draft invoice'),
  actions: ['void.invoice', 'run.billing'],
  fields: [
    text('number', { readOnly: true, unique: true, list: true, sort: true, search: true }),
    reference('lease_id', 'leases', { required: true, filter: true }),
    reference('tenant_id', 'tenants', { readOnly: true, list: true, filter: true }),
    reference('house_id', 'houses', { readOnly: true, list: true, filter: true }),
    reference('property_id', 'properties', { readOnly: true, filter: true }),
    date('period_start', { required: true, list: true, sort: true, filter: true }),
    date('period_end', { required: true, notBefore: 'period_start' }),
    date('issue_date', { required: true, sort: true, filter: true }),
    date('due_date', { required: true, notBefore: 'issue_date', list: true, sort: true, filter: true }),
    money('total', { readOnly: true, default: '0', list: true, sort: true, filter: true }),
    money('paid', { readOnly: true, default: '0' }),
    money('balance', { readOnly: true, default: '0', list: true, sort: true, filter: true }),
    choice('status', INVOICE_STATUSES, { required: true, default: 'draft', list: true, filter: true, sort: true }),
    text('void_reason', { readOnly: true, maxLength: 500 }),
    datetime('voided_at', { readOnly: true }),
  ],
  children: [
    {
      key: 'lines',
      table: 'invoice_lines',
      fields: [
        choice('kind', INVOICE_LINE_KINDS, { required: true, default: 'charge' }),
        reference('charge_id', 'charges'),
        text('description', { required: true, maxLength: 255 }),
        number('quantity', { required: true, default: '1', scale: 3, min: 0 }),
        money('rate', { required: true }),
        money('amount', { readOnly: true, default: '0' }),
        number('meter_previous', { scale: 3, min: 0 }),
        number('meter_current', { scale: 3, min: 0 }),
        /** A penalty line is posted once per (invoice, date). */
        date('penalty_date'),
        boolean('waived', { required: true, default: false }),
        /**
         * The day the line counts on the tenant's ledger when it is not the invoice's issue date:
         * a penalty's date, the day an adjustment was made (a move-out credit, a deposit applied).
         * Statements and the aging as of a past date read it, so a later line never back-dates.
         */
        date('posted_on', { readOnly: true, sort: true }),
        /** The day a penalty was waived (its amount, kept as rate × quantity, is credited then). */
        date('waived_on', { readOnly: true, sort: true }),
      ],
      unique: [{ fields: ['penalty_date'], message: 'A penalty is posted once per invoice and date.' }],
    },
  ],
  unique: [{ fields: ['lease_id', 'period_start'], message: 'This lease is already billed for this period.' }],
  // A line typed on the form bills the tenant: never a negative amount, which would lower their
  // balance behind the ledger's back. Money owed back has its own flows (a payment's credit on
  // account, a waiver, the deposit settled at move-out); the server's own lines are not typed here.
  check: (values) => {
    const errors: Record<string, string[]> = {};
    const lines = Array.isArray(values.lines) ? (values.lines as Array<Record<string, unknown>>) : [];
    lines.forEach((line, i) => {
      if (typeof line.rate === 'bigint' && line.rate < 0n) {
        errors[`lines.${i}.rate`] = ['A line cannot be negative. To credit the tenant, record a payment or waive a charge instead.'];
      }
    });
    return errors;
  },
  // q also finds invoices by the tenant's name or phone, the house's number and its property's name
  searchThrough: ['tenant_id', 'house_id'],
  defaultSort: { field: 'issue_date', order: 'DESC' },
  booksDate: 'issue_date',
  routes: [route.list('/invoices'), route.form('/invoice-form/:id?')],
  delete: {
    blockedWhen: [{
      field: 'status',
      in: ['issued', 'partially_paid', 'paid', 'void'],
      message: 'An issued invoice is never deleted; void it with a reason instead.',
    }],
  },
});
