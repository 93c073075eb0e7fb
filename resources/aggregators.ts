import { boolean, defineResource, email, percent, phone, route, text } from '../src/shared/resource.js';
import { kraPin, payoutFields } from '../src/shared/resource-fields.js';

/** An intermediary who brings owners and properties and earns a share of the management commission. */
export const aggregators = defineResource({
  name: 'aggregators',
  module: 'aggregator',
  menu: 'portfolio',
  order: 20,
  icon: 'Handshake',
  recordTitle: 'name',
  fields: [
    text('name', { required: true, maxLength: 150, list: true, sort: true, search: true }),
    text('contact_person', { maxLength: 150, list: true, search: true }),
    phone('phone', { list: true, search: true }),
    email('email', { list: true, search: true }),
    kraPin(),
    percent('commission_share', { list: true, sort: true }),
    ...payoutFields(),
    boolean('active', { required: true, default: true, list: true, filter: true }),
  ],
  defaultSort: { field: 'name', order: 'ASC' },
  routes: [route.list('/aggregators'), route.form('/aggregator/form/:id?')],
  delete: {
    blockedBy: [{ resource: 'properties', field: 'aggregator_id', message: 'Properties still name this aggregator.' }],
  },
});
