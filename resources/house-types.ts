import { defineResource, longText, money, multiReference, route, text } from '../src/shared/resource.js';

/** Defaults only: a house may override them; a lease freezes the amounts it was signed with. */
export const houseTypes = defineResource({
  name: 'house-types',
  module: 'house_type',
  menu: 'portfolio',
  order: 40,
  icon: 'Category',
  recordTitle: 'name',
  fields: [
    text('name', { required: true, maxLength: 100, unique: true, list: true, sort: true, search: true }),
    money('default_rent', { min: 0, list: true, sort: true }),
    money('default_deposit', { min: 0, list: true }),
    multiReference('charge_ids', 'charges'),
    longText('description', { maxLength: 2000 }),
  ],
  defaultSort: { field: 'name', order: 'ASC' },
  routes: [route.list('/house-types'), route.form('/house-type-form/:id?')],
  delete: {
    blockedBy: [{ resource: 'houses', field: 'house_type_id', message: 'Houses still use this house type.' }],
  },
});
