import {
  choice, defineResource, longText, number, percent, reference, route, text,
} from '../src/shared/resource.js';
import { DAY_OF_MONTH, KENYA_COUNTIES, penaltyFields } from '../src/shared/resource-fields.js';

export const PROPERTY_KINDS = ['residential', 'commercial', 'mixed'] as const;

/** Empty billing_day, due_day, grace_days, penalty and commission inherit the organisation settings. */
export const properties = defineResource({
  name: 'properties',
  module: 'property',
  menu: 'portfolio',
  order: 30,
  icon: 'Apartment',
  recordTitle: 'name',
  fields: [
    text('name', { required: true, maxLength: 150, list: true, sort: true, search: true }),
    text('code', { maxLength: 20, normalize: 'upper', unique: true, list: true, sort: true, search: true }),
    reference('owner_id', 'property-owners', { required: true, list: true, filter: true }),
    reference('aggregator_id', 'aggregators', { filter: true }),
    choice('kind', PROPERTY_KINDS, { required: true, default: 'residential', list: true, filter: true }),
    choice('county', KENYA_COUNTIES, { group: 'location', list: true, filter: true, sort: true }),
    text('town', { group: 'location', maxLength: 100, list: true, filter: true, search: true }),
    longText('address', { group: 'location', maxLength: 500 }),
    reference('caretaker_id', 'users', { filter: true }),
    number('billing_day', { group: 'billing', ...DAY_OF_MONTH }),
    number('due_day', { group: 'billing', ...DAY_OF_MONTH }),
    number('grace_days', { group: 'billing', min: 0, max: 60 }),
    ...penaltyFields(),
    percent('commission_rate', { group: 'billing' }),
    reference('payment_channel_id', 'payment-channels', { group: 'billing', filter: true }),
    longText('notes'),
  ],
  defaultSort: { field: 'name', order: 'ASC' },
  routes: [route.list('/properties'), route.form('/property-form/:id?')],
  delete: {
    blockedBy: [
      { resource: 'houses', field: 'property_id', message: 'This property still has houses.' },
      { resource: 'invoices', field: 'property_id', message: 'This property has invoices.' },
      { resource: 'expenses', field: 'property_id', message: 'This property has expenses.' },
      { resource: 'incomes', field: 'property_id', message: 'This property has incomes.' },
      { resource: 'tickets', field: 'property_id', message: 'This property has tickets.' },
      { resource: 'work-orders', field: 'property_id', message: 'This property has work orders.' },
    ],
  },
});
