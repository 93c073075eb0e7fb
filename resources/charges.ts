import { boolean, choice, defineResource, money, number, route, text } from '../src/shared/resource.js';

export const CHARGE_CATEGORIES = ['rent', 'deposit', 'utility', 'service', 'penalty', 'other'] as const;
export const CHARGE_BILLING = ['monthly', 'quarterly', 'yearly', 'one_off'] as const;
export const KEPT_BY = ['owner', 'agency'] as const;

/**
 * Attached to house types, houses or leases. A metered charge's amount is the rate per unit;
 * taxable means VAT 16 % on commercial lettings only. Lower allocation priority is paid first.
 */
export const charges = defineResource({
  name: 'charges',
  module: 'charge',
  menu: 'portfolio',
  order: 60,
  icon: 'RequestQuote',
  recordTitle: 'name',
  fields: [
    text('name', { required: true, maxLength: 100, list: true, sort: true, search: true }),
    choice('category', CHARGE_CATEGORIES, { required: true, default: 'other', list: true, filter: true, sort: true }),
    money('amount', { required: true, min: 0, list: true, sort: true }),
    choice('billing', CHARGE_BILLING, { required: true, default: 'monthly', list: true, filter: true }),
    boolean('metered', { required: true, default: false, list: true, filter: true }),
    boolean('taxable', { required: true, default: false, filter: true }),
    boolean('refundable', { required: true, default: false, filter: true }),
    choice('kept_by', KEPT_BY, { required: true, default: 'owner', list: true, filter: true }),
    number('priority', { required: true, default: 100, min: 0, max: 1000, sort: true }),
  ],
  defaultSort: { field: 'name', order: 'ASC' },
  routes: [route.list('/charges'), route.form('/charge-form/:id?')],
  delete: {
    blockedBy: [
      { resource: 'house-types', field: 'charge_ids', message: 'House types use this charge.' },
      { resource: 'houses', field: 'charge_ids', message: 'Houses use this charge.' },
      { resource: 'leases', child: 'charges', field: 'charge_id', message: 'Leases use this charge.' },
      { resource: 'invoices', child: 'lines', field: 'charge_id', message: 'Invoices were billed with this charge.' },
    ],
  },
});
