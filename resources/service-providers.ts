import {
  boolean, defineResource, email, longText, multiReference, number, phone, route, text,
} from '../src/shared/resource.js';
import { kraPin, payoutFields } from '../src/shared/resource-fields.js';

export const serviceProviders = defineResource({
  name: 'service-providers',
  module: 'service_provider',
  menu: 'maintenance',
  order: 40,
  icon: 'Engineering',
  recordTitle: 'name',
  fields: [
    text('name', { required: true, maxLength: 150, list: true, sort: true, search: true }),
    multiReference('category_ids', 'work-order-categories', { list: true }),
    phone('phone', { list: true, search: true }),
    email('email', { search: true }),
    kraPin(),
    ...payoutFields(),
    longText('rate_notes', { maxLength: 2000 }),
    number('rating', { min: 1, max: 5, list: true, sort: true, filter: true }),
    boolean('active', { required: true, default: true, list: true, filter: true }),
  ],
  defaultSort: { field: 'name', order: 'ASC' },
  routes: [route.list('/service-providers'), route.form('/service-provider-form/:id?')],
  delete: {
    blockedBy: [
      { resource: 'work-orders', field: 'service_provider_id', message: 'Work orders were given to this provider.' },
      { resource: 'expenses', field: 'service_provider_id', message: 'Expenses were paid to this provider.' },
    ],
  },
});
