import {
  choice, date, defineResource, longText, money, reference, route, text,
} from '../src/shared/resource.js';

export const INCOME_CATEGORIES = ['commission', 'letting_fee', 'parking', 'other'] as const;

/** Non-tenant income; appears on statements. */
export const incomes = defineResource({
  name: 'incomes',
  module: 'income',
  menu: 'money',
  order: 30,
  icon: 'AttachMoney',
  recordTitle: (r) => String(r.reference || r.category || r.id || ''),
  fields: [
    reference('property_id', 'properties', { list: true, filter: true }),
    choice('category', INCOME_CATEGORIES, { required: true, default: 'other', list: true, filter: true, sort: true }),
    money('amount', { required: true, min: 0.01, list: true, sort: true, filter: true }),
    date('date', { required: true, list: true, sort: true, filter: true }),
    reference('channel_id', 'payment-channels', { filter: true }),
    text('reference', { maxLength: 100, list: true, search: true }),
    longText('description', { maxLength: 2000, search: true }),
  ],
  defaultSort: { field: 'date', order: 'DESC' },
  booksDate: 'date',
  routes: [route.list('/incomes'), route.form('/income-form/:id?')],
});
