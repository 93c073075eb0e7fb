import {
  choice, date, defineResource, money, number, percent, reference, route,
} from '../src/shared/resource.js';
import { DAY_OF_MONTH, penaltyFields } from '../src/shared/resource-fields.js';

export const LEASE_STATUSES = ['draft', 'active', 'notice', 'ended'] as const;
export const LEASE_FREQUENCIES = ['monthly', 'quarterly', 'yearly'] as const;
/** Statuses that hold the house: at most one such lease per house. */
export const LEASE_HOLDING_STATUSES = ['active', 'notice'] as const;

/**
 * Rent and deposit are frozen when signed (defaulted from the house by the form). An empty
 * end date means a periodic tenancy. Activating and ending are domain actions.
 */
export const leases = defineResource({
  name: 'leases',
  module: 'lease',
  menu: 'tenancy',
  order: 20,
  icon: 'Description',
  recordTitle: (r) => String(r.id ?? ''),
  fields: [
    reference('tenant_id', 'tenants', { required: true, list: true, filter: true }),
    reference('house_id', 'houses', { required: true, list: true, filter: true }),
    date('start_date', { required: true, list: true, sort: true, filter: true }),
    date('end_date', { notBefore: 'start_date', list: true, sort: true, filter: true }),
    money('rent', { required: true, min: 0, list: true, sort: true }),
    money('deposit', { min: 0 }),
    choice('billing_frequency', LEASE_FREQUENCIES, { required: true, default: 'monthly', filter: true }),
    number('due_day', { group: 'billing', ...DAY_OF_MONTH }),
    percent('escalation_rate', { group: 'billing' }),
    number('escalation_months', { group: 'billing', min: 1, max: 120 }),
    ...penaltyFields(),
    choice('status', LEASE_STATUSES, { required: true, default: 'draft', list: true, filter: true, sort: true }),
    // the day activation ran (set by the server): the first invoice falls due no earlier than this
    // day plus the grace days, and no penalty is charged for a day before it (billing/penalties.ts)
    date('activated_on', { readOnly: true }),
    date('notice_date', { group: 'ending', notBefore: 'start_date' }),
    date('move_out_date', { group: 'ending', notBefore: 'start_date', sort: true }),
  ],
  children: [
    {
      key: 'charges',
      table: 'lease_charges',
      fields: [
        reference('charge_id', 'charges', { required: true }),
        money('amount', { min: 0 }),
      ],
      unique: [{ fields: ['charge_id'], message: 'A charge appears once per lease.' }],
    },
  ],
  unique: [{
    fields: ['house_id'],
    where: { field: 'status', in: LEASE_HOLDING_STATUSES },
    message: 'This house already has an active lease.',
  }],
  // q finds leases by the tenant, the house and its property (the lease pickers search)
  searchThrough: ['tenant_id', 'house_id'],
  defaultSort: { field: 'start_date', order: 'DESC' },
  routes: [route.list('/leases'), route.form('/lease-form/:id?')],
  delete: {
    blockedWhen: [{ field: 'status', in: ['active', 'notice', 'ended'], message: 'Only a draft lease can be deleted; end it instead.' }],
    blockedBy: [
      { resource: 'invoices', field: 'lease_id', message: 'This lease has invoices.' },
      { resource: 'payments', field: 'lease_id', message: 'This lease has payments.' },
    ],
  },
});
