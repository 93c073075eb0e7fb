import { choice, defineResource, email, multiReference, phone, route, text } from '../src/shared/resource.js';

/** invited and expired are pending invitations (listed beside members; the person joins on accepting). */
export const USER_STATUSES = ['active', 'disabled', 'invited', 'expired'] as const;

/**
 * The organisation's members: foundation tables users + memberships + user_roles (storage
 * 'custom') and invitations. Creating one invites by email (a member only once they accept);
 * disabling ends the user's sessions; deleting an invitation revokes it.
 */
export const users = defineResource({
  name: 'users',
  storage: 'custom',
  module: 'user',
  menu: 'administration',
  order: 10,
  icon: 'Group',
  recordTitle: 'name',
  fields: [
    text('name', { required: true, maxLength: 150, list: true, sort: true, search: true }),
    email('email', { required: true, list: true, sort: true, search: true }),
    phone('phone', { list: true }),
    choice('status', USER_STATUSES, { required: true, default: 'active', list: true, filter: true }),
    multiReference('role_ids', 'roles', { list: true, filter: true }),
  ],
  defaultSort: { field: 'name', order: 'ASC' },
  routes: [route.list('/users'), route.form('/user-form/:id?')],
});
