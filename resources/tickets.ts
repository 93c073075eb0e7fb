import {
  choice, date, defineResource, longText, number, reference, route, text,
} from '../src/shared/resource.js';

export const TICKET_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export const TICKET_SOURCES = ['call', 'visit', 'sms', 'email'] as const;
export const TICKET_STATUSES = ['open', 'in_progress', 'deferred', 'resolved', 'closed', 'declined'] as const;

/** The number is the server's (its gapless series); reopening (resolved, closed or declined → open or in progress) counts. May spawn work orders. */
export const tickets = defineResource({
  name: 'tickets',
  module: 'ticket',
  menu: 'maintenance',
  order: 10,
  icon: 'ConfirmationNumber',
  recordTitle: (r) => [r.number, r.subject].filter(Boolean).join(' · '),
  fields: [
    text('number', { readOnly: true, unique: true, list: true, sort: true, search: true }),
    reference('property_id', 'properties', { list: true, filter: true }),
    reference('house_id', 'houses', { filter: true }),
    reference('tenant_id', 'tenants', { filter: true }),
    reference('category_id', 'work-order-categories', { filter: true }),
    text('subject', { required: true, maxLength: 200, list: true, sort: true, search: true }),
    longText('description', { maxLength: 5000, search: true }),
    choice('priority', TICKET_PRIORITIES, { required: true, default: 'normal', list: true, filter: true, sort: true }),
    choice('source', TICKET_SOURCES, { required: true, default: 'call', filter: true }),
    reference('assignee_id', 'users', { list: true, filter: true }),
    date('due_date', { list: true, sort: true, filter: true }),
    choice('status', TICKET_STATUSES, { required: true, default: 'open', list: true, filter: true, sort: true }),
    number('reopen_count', { readOnly: true, default: 0 }),
  ],
  defaultSort: { field: 'number', order: 'DESC' },
  routes: [route.list('/tickets'), route.form('/ticket-form/:id?')],
  delete: {
    blockedBy: [{ resource: 'work-orders', field: 'ticket_id', message: 'This ticket has work orders.' }],
  },
});
