import { ALL_PERMISSIONS } from '../src/shared/permissions.js';
import { boolean, defineResource, longText, multiChoice, route, text } from '../src/shared/resource.js';

/**
 * Foundation table roles (storage 'custom'). Administrator cannot lose a permission nor be
 * deleted while it is the last role with users.
 */
export const roles = defineResource({
  name: 'roles',
  storage: 'custom',
  module: 'role',
  menu: 'administration',
  order: 20,
  icon: 'AdminPanelSettings',
  recordTitle: 'name',
  fields: [
    text('name', { required: true, maxLength: 100, list: true, sort: true, search: true }),
    longText('description', { maxLength: 500, list: true }),
    multiChoice('permissions', ALL_PERMISSIONS, { default: [] }),
    boolean('built_in', { readOnly: true, list: true }),
  ],
  defaultSort: { field: 'name', order: 'ASC' },
  routes: [route.list('/roles'), route.form('/role/form/:id?')],
});
