import {
  boolean, choice, defineResource, email, longText, phone, route, text,
} from '../src/shared/resource.js';
import { kraPin } from '../src/shared/resource-fields.js';

export const TENANT_KINDS = ['individual', 'company'] as const;

export const tenants = defineResource({
  name: 'tenants',
  module: 'tenant',
  menu: 'tenancy',
  order: 10,
  icon: 'Person',
  recordTitle: 'name',
  fields: [
    choice('kind', TENANT_KINDS, { required: true, default: 'individual', list: true, filter: true }),
    text('name', { required: true, maxLength: 150, list: true, sort: true, search: true }),
    text('id_number', { maxLength: 50, search: true }),
    kraPin(),
    phone('phone', { required: true, list: true, search: true }),
    phone('alt_phone'),
    email('email', { list: true, search: true }),
    text('next_of_kin', { group: 'contacts', maxLength: 150 }),
    phone('next_of_kin_phone', { group: 'contacts' }),
    text('employer', { group: 'contacts', maxLength: 150 }),
    boolean('sms_opt_in', { required: true, default: true, filter: true }),
    longText('notes'),
  ],
  defaultSort: { field: 'name', order: 'ASC' },
  routes: [route.list('/tenants'), route.form('/tenant-form/:id?')],
  delete: {
    blockedBy: [
      { resource: 'leases', field: 'tenant_id', message: 'This tenant has leases.' },
      { resource: 'invoices', field: 'tenant_id', message: 'This tenant has invoices.' },
      { resource: 'payments', field: 'tenant_id', message: 'This tenant has payments.' },
      { resource: 'tickets', field: 'tenant_id', message: 'This tenant has tickets.' },
      { resource: 'messages', field: 'tenant_id', message: 'Messages were sent to this tenant.' },
    ],
  },
});
