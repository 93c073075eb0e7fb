import {
  choice, date, datetime, defineResource, longText, money, reference, route, text,
} from '../src/shared/resource.js';

export const PAYMENT_METHODS = ['mpesa', 'bank', 'cash', 'cheque'] as const;
export const PAYMENT_STATUSES = ['unmatched', 'allocated', 'reversed'] as const;

/**
 * Receipt number, allocations, unallocated amount and status are the server's (allocation rules:
 * product section 4.4). payer_phone is text: Safaricom masks it. Never deleted: reversed.
 */
export const payments = defineResource({
  name: 'payments',
  module: 'payment',
  menu: 'money',
  order: 40,
  icon: 'Payments',
  recordTitle: (r) => String(r.receipt_number ?? r.external_reference ?? r.id ?? ''),
  actions: ['reverse.payment', 'assign.payment'],
  fields: [
    text('receipt_number', { readOnly: true, unique: true, list: true, sort: true, search: true }),
    reference('tenant_id', 'tenants', { list: true, filter: true }),
    reference('lease_id', 'leases', { filter: true }),
    // the tenant's chosen invoice: paid first, whatever the organisation's allocation order
    reference('invoice_id', 'invoices', { filter: true }),
    reference('channel_id', 'payment-channels', { required: true, filter: true }),
    choice('method', PAYMENT_METHODS, { required: true, default: 'mpesa', list: true, filter: true }),
    // the M-Pesa (or bank) transaction code: stored without any space, invisible ones included,
    // so a pasted 'QAB 123\u200B' is the same transaction as 'QAB123' (unique per channel)
    text('external_reference', { maxLength: 100, normalize: 'compact', list: true, search: true }),
    money('amount', { required: true, min: 0.01, list: true, sort: true, filter: true }),
    datetime('paid_at', { required: true, list: true, sort: true, filter: true }),
    text('payer_name', { maxLength: 150, search: true }),
    text('payer_phone', { maxLength: 25, search: true }),
    text('account_reference', { maxLength: 50, search: true }),
    money('unallocated', { readOnly: true, default: '0', sort: true }),
    choice('status', PAYMENT_STATUSES, { readOnly: true, default: 'unmatched', list: true, filter: true, sort: true }),
    text('reversal_reason', { readOnly: true, maxLength: 500 }),
    datetime('reversed_at', { readOnly: true }),
    longText('notes', { maxLength: 2000 }),
  ],
  children: [
    {
      key: 'allocations',
      table: 'payment_allocations',
      readOnly: true,
      fields: [
        reference('invoice_id', 'invoices', { required: true }),
        money('amount', { required: true, min: 0.01 }),
        // the day it counts on the ledger from (reports as of a past day read it; ledger.ts)
        date('allocated_on', { required: true }),
      ],
    },
  ],
  unique: [{ fields: ['channel_id', 'external_reference'], message: 'This transaction is already recorded for this channel.' }],
  // q also finds payments by the tenant, and through the lease the house and its property
  searchThrough: ['tenant_id', 'lease_id'],
  defaultSort: { field: 'paid_at', order: 'DESC' },
  booksDate: 'paid_at',
  routes: [route.list('/payments'), route.form('/payment-form/:id?')],
  delete: { allowed: false, message: 'A payment is never deleted; reverse it with a reason instead.' },
});
