import { defineResource, longText, route, text } from '../src/shared/resource.js';

/** Plumbing, electrical, carpentry… */
export const workOrderCategories = defineResource({
  name: 'work-order-categories',
  module: 'work_order_category',
  menu: 'maintenance',
  order: 30,
  icon: 'Label',
  recordTitle: 'name',
  fields: [
    text('name', { required: true, maxLength: 100, unique: true, list: true, sort: true, search: true }),
    longText('description', { maxLength: 2000, list: true }),
  ],
  defaultSort: { field: 'name', order: 'ASC' },
  routes: [route.list('/work-order-categories'), route.form('/work-order-category-form/:id?')],
  delete: {
    blockedBy: [
      { resource: 'work-orders', field: 'category_id', message: 'Work orders use this category.' },
      { resource: 'tickets', field: 'category_id', message: 'Tickets use this category.' },
      { resource: 'service-providers', field: 'category_ids', message: 'Service providers offer this category.' },
    ],
  },
});
