// Granting rules on the screens (issue 12): roles and permissions the user does not hold are
// offered greyed out with why; a built-in role or a member above the user cannot be changed;
// an invitation shows as Invited with Send again and Revoke.
import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp, currentPath } from '../render-app';
import type { AppRoute } from '../../../src/web/routing/routes';
import { RoleForm } from '../../../src/web/screens/roles/RoleForm';
import { UserForm } from '../../../src/web/screens/users/UserForm';
import { ALL_PERMISSIONS } from '../../../src/shared/permissions';
import { screensApi } from './screens-api';

vi.setConfig({ testTimeout: 90_000 });
const T = { timeout: 8000 };
const Done = () => <p>List page</p>;
const routes: AppRoute[] = [
  { path: '/role/form/:role_id?', area: 'auth', module: 'role', action: 'form', component: RoleForm },
  { path: '/roles', area: 'auth', module: 'role', action: 'list', component: Done },
  { path: '/user-form/:ulid?', area: 'auth', module: 'user', action: 'form', component: UserForm },
  { path: '/users', area: 'auth', module: 'user', action: 'list', component: Done },
];
const ROLES = [
  { id: 'r-admin', name: 'Administrator', permissions: [...ALL_PERMISSIONS], built_in: true },
  { id: 'r-houses', name: 'Houses', permissions: ['list.house', 'show.house'], built_in: false },
];

describe('role form: permissions the user does not hold', () => {
  it('greys them out with why, and select-all ticks only the ones the user holds', async () => {
    const user = userEvent.setup();
    const mine = ['list.role', 'create.role', 'list.house', 'show.house'];
    const { sent } = screensApi(mine, { roles: [] });
    renderApp('/role/form', routes);
    await screen.findByRole('heading', { name: 'New role' }, T);
    expect(screen.getByLabelText('list.house')).toBeEnabled();
    expect(screen.getByLabelText('delete.user')).toBeDisabled();
    expect(screen.getByLabelText('void.invoice')).toBeDisabled();
    expect(screen.getByText(/Greyed-out permissions are ones you do not hold/)).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Name/), 'Small');
    await user.click(screen.getByLabelText('Select every permission'));
    expect(screen.getByText(`4 of ${ALL_PERMISSIONS.length} permissions`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('List page', {}, T);
    expect(new Set(sent('POST', 'roles')[0]!.permissions as string[])).toEqual(new Set(mine));
  });

  it('a built-in role is read-only for someone without every permission', async () => {
    screensApi(['list.role', 'edit.role', 'list.house'], { roles: [{ id: 'r-viewer', name: 'Viewer', description: '', permissions: ['list.house'], built_in: true }] });
    renderApp('/role/form/r-viewer', routes);
    await screen.findByRole('heading', { name: 'Viewer' }, T);
    expect(screen.getByText(/Built-in roles can only be changed by someone holding every permission/)).toBeInTheDocument();
    expect(screen.getByLabelText('list.house')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});

describe('user form: roles the user cannot give', () => {
  it('offers them disabled with why; the others can be given', async () => {
    const user = userEvent.setup();
    const { sent } = screensApi(['list.user', 'create.user', 'list.house', 'show.house'], { users: [], roles: ROLES.map((r) => ({ ...r })) });
    renderApp('/user-form', routes);
    await screen.findByRole('heading', { name: 'Invite a user' }, T);
    expect(await screen.findByText(/you cannot give them: Administrator/, {}, T)).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Name/), 'Wanjiru Kamau');
    await user.type(screen.getByLabelText(/Email/), 'wanjiru@example.co.ke');
    await user.click(screen.getByRole('combobox', { name: /Role/ }));
    expect(await screen.findByRole('option', { name: 'Administrator' }, T)).toHaveAttribute('aria-disabled', 'true');
    const houses = screen.getByRole('option', { name: 'Houses' });
    expect(houses).not.toHaveAttribute('aria-disabled', 'true');
    await user.click(houses);
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    await screen.findByText('List page', {}, T);
    expect(sent('POST', 'users')[0]!.role_ids).toEqual(['r-houses']);
  });

  it('a member holding more than the user cannot be changed here', async () => {
    screensApi(['list.user', 'edit.user', 'list.house', 'show.house'], {
      users: [{ id: 'u-boss', name: 'Boss', email: 'boss@example.co.ke', status: 'active', role_ids: ['r-admin'] }],
      roles: ROLES.map((r) => ({ ...r })),
    });
    renderApp('/user-form/u-boss', routes);
    await screen.findByRole('heading', { name: 'Boss' }, T);
    expect(await screen.findByText(/holds permissions you do not hold, so you cannot change their roles/, {}, T)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Disable' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('an invitation shows as Invited, with Send again and Revoke', async () => {
    const user = userEvent.setup();
    const fake = screensApi(['list.user', 'edit.user', 'create.user', 'delete.user', 'list.house', 'show.house'], {
      users: [{ id: 'inv-1', name: 'Typed Name', email: 'new@example.co.ke', phone: null, status: 'invited', role_ids: ['r-houses'], expires_at: '2026-12-02T08:00:00.000Z' }],
      roles: ROLES.map((r) => ({ ...r })),
    });
    fake.on('POST', '/users/inv-1/resend', () => ({ status: 200, body: { id: 'inv-1', status: 'invited' } }));
    fake.on('DELETE', '/users/inv-1', () => ({ status: 200, body: { id: 'inv-1', status: 'invited' } }));
    renderApp('/user-form/inv-1', routes);
    await screen.findByRole('heading', { name: 'Typed Name' }, T);
    expect(screen.getByText('Invited')).toBeInTheDocument();
    expect(screen.getByText(/Waiting for new@example.co.ke to accept/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Disable' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Send again' }));
    expect(await screen.findByText('Invitation sent again', {}, T)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Revoke invitation' }));
    const dialog = await screen.findByRole('dialog', {}, T);
    await user.click(within(dialog).getByRole('button', { name: 'Revoke invitation' }));
    await screen.findByText('List page', {}, T);
    expect(currentPath()).toBe('/users');
    expect(fake.calls.some((c) => c.method === 'DELETE' && c.resource.includes('inv-1'))).toBe(true);
  });
});
