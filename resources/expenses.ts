import {
  choice, date, defineResource, money, reference, route, text,
} from '../src/shared/resource.js';

export const EXPENSE_CATEGORIES = [
  'repairs', 'maintenance', 'utilities', 'security', 'cleaning', 'insurance', 'taxes', 'legal',
  'management', 'other',
] as const;
export const BORNE_BY = ['owner', 'agency', 'tenant'] as const;
export const EXPENSE_STATUSES = ['pending', 'approved', 'paid'] as const;

/** Appears on property statements; approval (approve.expense) may be required above a threshold. */
export const expenses = defineResource({
  name: 'expenses',
  module: 'expense',
  menu: 'money',
  order: 20,
  icon: 'MoneyOff',
  recordTitle: (r) => [r.reference, r.payee].filter(Boolean).join(' ') || String(r.id ?? ''),
  actions: ['approve.expense'],
  fields: [
    reference('property_id', 'properties', { required: true, list: true, filter: true }),
    reference('house_id', 'houses', { filter: true }),
    choice('category', EXPENSE_CATEGORIES, { required: true, default: 'other', list: true, filter: true, sort: true }),
    reference('service_provider_id', 'service-providers', { group: 'payee', filter: true }),
    text('payee', { group: 'payee', maxLength: 150, list: true, search: true }),
    reference('work_order_id', 'work-orders', { filter: true }),
    money('amount', { required: true, min: 0.01, list: true, sort: true, filter: true }),
    date('date', { required: true, list: true, sort: true, filter: true }),
    text('reference', { maxLength: 100, search: true }),
    choice('borne_by', BORNE_BY, { required: true, default: 'owner', list: true, filter: true }),
    choice('status', EXPENSE_STATUSES, { required: true, default: 'pending', list: true, filter: true, sort: true }),
    text('attachment', { maxLength: 500 }),
  ],
  defaultSort: { field: 'date', order: 'DESC' },
  booksDate: 'date',
  routes: [route.list('/expenses'), route.form('/expense-form/:id?')],
  delete: {
    blockedWhen: [{ field: 'status', in: ['paid'], message: 'A paid expense cannot be deleted.' }],
  },
});
