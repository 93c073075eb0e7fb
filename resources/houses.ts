import {
  choice, defineResource, money, multiReference, reference, route, text,
} from '../src/shared/resource.js';

export const HOUSE_STATUSES = ['vacant', 'occupied', 'reserved', 'unavailable'] as const;

/**
 * The account code is what tenants type as the M-Pesa account number: stored normalised
 * (upper-case letters and digits), unique in the organisation. Status follows the leases.
 */
export const houses = defineResource({
  name: 'houses',
  module: 'house',
  menu: 'portfolio',
  order: 50,
  icon: 'House',
  recordTitle: (r) => [r.number, r.account_code && `(${r.account_code})`].filter(Boolean).join(' '),
  fields: [
    reference('property_id', 'properties', { list: true, filter: true }),
    reference('owner_id', 'property-owners', { required: true, filter: true }),
    reference('house_type_id', 'house-types', { list: true, filter: true }),
    text('number', { required: true, maxLength: 30, list: true, sort: true, search: true }),
    text('account_code', { required: true, normalize: 'code', minLength: 1, maxLength: 20, unique: true, list: true, sort: true, search: true }),
    text('block', { maxLength: 30 }),
    text('floor', { maxLength: 30 }),
    money('rent', { required: true, min: 0, list: true, sort: true, filter: true }),
    money('deposit', { min: 0 }),
    text('water_meter', { group: 'meters', maxLength: 50, search: true }),
    text('electricity_meter', { group: 'meters', maxLength: 50, search: true }),
    choice('status', HOUSE_STATUSES, { required: true, default: 'vacant', list: true, filter: true, sort: true }),
    multiReference('charge_ids', 'charges'),
  ],
  // one house A1 per property, whatever its case or spaces (a house with no property is not judged)
  unique: [{ fields: ['property_id', 'number'], caseless: true, message: 'This property already has a house with this number.' }],
  // q also finds a property's houses by the property's name or code
  searchThrough: ['property_id'],
  pickerContext: 'property_id',
  defaultSort: { field: 'number', order: 'ASC' },
  routes: [
    route.list('/houses'),
    route.form('/houses-form/:id?'),
    route.form('/house-form/:id?'),
    route.form('/:owner_id/house-form'),
    route.form('/property/:property_id/house-form/:id?'),
  ],
  delete: {
    blockedBy: [
      { resource: 'leases', field: 'house_id', message: 'This house has leases.' },
      { resource: 'invoices', field: 'house_id', message: 'This house has invoices.' },
      { resource: 'tickets', field: 'house_id', message: 'This house has tickets.' },
      { resource: 'expenses', field: 'house_id', message: 'This house has expenses.' },
      { resource: 'work-orders', field: 'house_id', message: 'This house has work orders.' },
    ],
  },
});
