import { boolean, choice, defineResource, money, number, route, text } from '../src/shared/resource.js';

export const CHARGE_CATEGORIES = ['rent', 'deposit', 'utility', 'service', 'penalty', 'other'] as const;
export const CHARGE_BILLING = ['monthly', 'quarterly', 'yearly', 'one_off'] as const;
export const KEPT_BY = ['owner', 'agency'] as const;

/**
 * Attached to house types, houses or leases. A metered charge's amount is the rate per unit,
 * billed on a meter's readings (resources/meters.ts): consumption × rate, at least the minimum
 * charge, plus the standing charge for each reading billed. Taxable means VAT 16 % on commercial
 * lettings only. Lower allocation priority is paid first.
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
    money('minimum_charge', { min: 0, group: 'metered', label: 'Minimum charge (metered)' }),
    money('standing_charge', { min: 0, group: 'metered', label: 'Standing charge per reading (metered)' }),
    boolean('taxable', { required: true, default: false, filter: true }),
    boolean('refundable', { required: true, default: false, filter: true }),
    choice('kept_by', KEPT_BY, { required: true, default: 'owner', list: true, filter: true }),
    number('priority', { required: true, default: 100, min: 0, max: 1000, sort: true }),
  ],
  check: (values) => {
    const errors: Record<string, string[]> = {};
    if (values.metered === true) return errors;
    for (const key of ['minimum_charge', 'standing_charge']) {
      if (values[key] != null && values[key] !== 0n) errors[key] = ['Only a metered charge has a minimum or a standing charge.'];
    }
    return errors;
  },
  defaultSort: { field: 'name', order: 'ASC' },
  routes: [route.list('/charges'), route.form('/charge-form/:id?')],
  delete: {
    blockedBy: [
      { resource: 'house-types', field: 'charge_ids', message: 'House types use this charge.' },
      { resource: 'houses', field: 'charge_ids', message: 'Houses use this charge.' },
      { resource: 'leases', child: 'charges', field: 'charge_id', message: 'Leases use this charge.' },
      { resource: 'invoices', child: 'lines', field: 'charge_id', message: 'Invoices were billed with this charge.' },
      { resource: 'meters', field: 'charge_id', message: 'Meters are billed with this charge.' },
    ],
  },
});
