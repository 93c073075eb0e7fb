import {
  choice, defineResource, email, longText, percent, phone, route, text,
} from '../src/shared/resource.js';
import { kraPin, payoutFields } from '../src/shared/resource-fields.js';

export const OWNER_KINDS = ['individual', 'company', 'sacco', 'chama'] as const;

export const propertyOwners = defineResource({
  name: 'property-owners',
  module: 'property_owner',
  menu: 'portfolio',
  order: 10,
  icon: 'PeopleAlt',
  recordTitle: 'name',
  fields: [
    choice('kind', OWNER_KINDS, { required: true, default: 'individual', list: true, filter: true }),
    text('name', { required: true, maxLength: 150, list: true, sort: true, search: true }),
    text('id_number', { maxLength: 50, search: true }),
    kraPin(),
    phone('phone', { list: true, search: true }),
    email('email', { list: true, search: true }),
    ...payoutFields(),
    percent('commission_rate', { group: 'payout', list: true, sort: true }),
    longText('notes'),
  ],
  defaultSort: { field: 'name', order: 'ASC' },
  routes: [
    route.list('/property-owners'),
    route.form('/property-owners/form/:id?'),
    route.form('/property-owner-form/:id'),
  ],
  delete: {
    blockedBy: [
      { resource: 'houses', field: 'owner_id', message: 'This owner still owns houses.' },
      { resource: 'properties', field: 'owner_id', message: 'This owner still owns properties.' },
      { resource: 'messages', field: 'owner_id', message: 'Messages were sent to this owner.' },
    ],
  },
});
