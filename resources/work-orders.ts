import {
  choice, date, defineResource, longText, money, reference, route, text,
} from '../src/shared/resource.js';

export const WORK_ORDER_PAYERS = ['owner', 'tenant', 'agency'] as const;
export const WORK_ORDER_STATUSES = ['new', 'assigned', 'in_progress', 'completed', 'cancelled'] as const;

/**
 * Numbered by the server. Completing one with an actual cost creates its expense once, in the same
 * transaction (src/server/domain/work-orders.ts); while that expense is pending the cost may change
 * and the expense follows, once it is approved or paid the cost is corrected on the expense.
 */
export const workOrders = defineResource({
  name: 'work-orders',
  module: 'work_order',
  menu: 'maintenance',
  order: 20,
  icon: 'Build',
  recordTitle: (r) => String(r.number ?? r.id ?? ''),
  fields: [
    text('number', { readOnly: true, unique: true, list: true, sort: true, search: true }),
    reference('ticket_id', 'tickets', { filter: true }),
    reference('category_id', 'work-order-categories', { list: true, filter: true }),
    reference('service_provider_id', 'service-providers', { list: true, filter: true }),
    reference('property_id', 'properties', { required: true, list: true, filter: true }),
    reference('house_id', 'houses', { filter: true }),
    longText('description', { required: true, maxLength: 5000, search: true }),
    money('estimate', { group: 'cost', min: 0, sort: true }),
    money('actual_cost', { group: 'cost', min: 0, list: true, sort: true }),
    choice('paid_by', WORK_ORDER_PAYERS, { group: 'cost', required: true, default: 'owner', filter: true }),
    // paid by the tenant: the billing run puts the actual cost on the tenant's next invoice, once (this names it)
    reference('charged_invoice_id', 'invoices', { group: 'cost', readOnly: true, filter: true }),
    date('scheduled_date', { list: true, sort: true, filter: true }),
    choice('status', WORK_ORDER_STATUSES, { required: true, default: 'new', list: true, filter: true, sort: true }),
  ],
  defaultSort: { field: 'number', order: 'DESC' },
  routes: [route.list('/work-orders'), route.form('/work-order-form/:id?')],
  delete: {
    blockedWhen: [{ field: 'status', in: ['completed'], message: 'A completed work order is kept; cancel it instead.' }],
    blockedBy: [{ resource: 'expenses', field: 'work_order_id', message: 'An expense was recorded for this work order.' }],
  },
});
