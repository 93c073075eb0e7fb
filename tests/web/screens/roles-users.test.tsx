// Roles: the permission matrix's row and column select-all and what is saved; Administrator
// read-only. Users: the invitation body and the server's refusal to lose the last admin.
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp, currentPath } from '../render-app';
import type { AppRoute } from '../../../src/web/routing/routes';
import { RoleForm } from '../../../src/web/screens/roles/RoleForm';
import { UserForm } from '../../../src/web/screens/users/UserForm';
import { ALL_PERMISSIONS, CRUD_ACTIONS, MODULES } from '../../../src/shared/permissions';
import { screensApi } from './screens-api';

// whole forms typed into on a busy machine: slower than the 30 s default allows
vi.setConfig({ testTimeout: 90_000 });
const T = { timeout: 8000 };
const Done = () => <p>List page</p>;
const routes: AppRoute[] = [
  { path: '/role/form/:role_id?', area: 'auth', module: 'role', action: 'form', component: RoleForm },
  { path: '/roles', area: 'auth', module: 'role', action: 'list', component: Done },
  { path: '/user-form/:ulid?', area: 'auth', module: 'user', action: 'form', component: UserForm },
  { path: '/users', area: 'auth', module: 'user', action: 'list', component: Done },
];

describe('role form', () => {
  it('ticks a whole row and a whole column and saves exactly those permissions', async () => {
    const user = userEvent.setup();
    // an Administrator: every permission is theirs to grant (grants.test.tsx covers the others)
    const { sent } = screensApi([...ALL_PERMISSIONS], { roles: [] });
    renderApp('/role/form', routes);
    await screen.findByRole('heading', { name: 'New role' }, T);
    await user.type(screen.getByLabelText(/Name/), 'Letting agent');
    await user.click(screen.getByLabelText('Select everything in Leases'));
    await user.click(screen.getByLabelText('Select List for every module'));
    // the row box shows all ticked; the column box too
    expect(screen.getByLabelText('Select everything in Leases')).toBeChecked();
    expect(screen.getByLabelText('Select List for every module')).toBeChecked();
    expect(screen.getByLabelText('list.invoice')).toBeChecked();
    expect(screen.getByLabelText('show.invoice')).not.toBeChecked();
    // an untick in the column makes it indeterminate again
    await user.click(screen.getByLabelText('list.charge'));
    expect(screen.getByLabelText('Select List for every module')).toHaveAttribute('data-indeterminate', 'true');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('List page', {}, T);
    expect(currentPath()).toBe('/roles');
    const body = sent('POST', 'roles')[0]!;
    // the Leases row is every permission on leases: the CRUD ones and its own verbs (refund.lease)
    const expected = new Set([...CRUD_ACTIONS.map((a) => `${a}.lease`), ...ALL_PERMISSIONS.filter((p) => p.endsWith('.lease')), ...MODULES.map((m) => `list.${m}`)]);
    expected.delete('list.charge');
    expect(body.name).toBe('Letting agent');
    expect(new Set(body.permissions as string[])).toEqual(expected);
    expect((body.permissions as string[]).length).toBe(expected.size);
  });

  it('selects every permission at once', async () => {
    const user = userEvent.setup();
    screensApi([...ALL_PERMISSIONS], { roles: [] });
    renderApp('/role/form', routes);
    await screen.findByRole('heading', { name: 'New role' }, T);
    await user.click(screen.getByLabelText('Select every permission'));
    expect(screen.getByText(`${ALL_PERMISSIONS.length} of ${ALL_PERMISSIONS.length} permissions`)).toBeInTheDocument();
    expect(screen.getByLabelText('void.invoice')).toBeChecked();
  });

  it('shows Administrator read-only: the matrix and the name cannot change', async () => {
    screensApi(['edit.role'], { roles: [{ id: 'r-admin', name: 'Administrator', description: 'Everything', permissions: [...ALL_PERMISSIONS], built_in: true }] });
    renderApp('/role/form/r-admin', routes);
    await screen.findByRole('heading', { name: 'Administrator' }, T);
    expect(screen.getByText(/Administrator always keeps every permission/)).toBeInTheDocument();
    expect(screen.getByLabelText('delete.user')).toBeDisabled();
    expect(screen.getByLabelText('Select every permission')).toBeDisabled();
    expect(screen.getByLabelText(/Name/)).toBeDisabled();
  });
});

describe('user form', () => {
  it('invites by email with a name and roles', async () => {
    const user = userEvent.setup();
    const { sent } = screensApi(['list.user', 'create.user'], {
      users: [],
      roles: [{ id: 'r-acc', name: 'Accountant' }, { id: 'r-man', name: 'Manager' }],
    });
    renderApp('/user-form', routes);
    await screen.findByRole('heading', { name: 'Invite a user' }, T);
    await user.type(screen.getByLabelText(/Name/), 'Wanjiru Kamau');
    await user.type(screen.getByLabelText(/Email/), 'wanjiru@example.co.ke');
    await user.click(screen.getByRole('combobox', { name: /Role/ }));
    await user.click(await screen.findByRole('option', { name: 'Accountant' }, T));
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    await screen.findByText('List page', {}, T);
    expect(sent('POST', 'users')[0]).toEqual({ name: 'Wanjiru Kamau', email: 'wanjiru@example.co.ke', phone: null, role_ids: ['r-acc'] });
    expect(screen.getByText('Invitation sent')).toBeInTheDocument();
  });

  it('shows the server’s refusal to disable the last administrator', async () => {
    const user = userEvent.setup();
    const fake = screensApi(['list.user', 'edit.user'], {
      users: [{ id: 'u-2', name: 'Otieno Okoth', email: 'otieno@example.co.ke', status: 'active', role_ids: ['r-admin'] }],
      roles: [{ id: 'r-admin', name: 'Administrator' }],
    });
    fake.on('PUT', '/users/u-2', () => ({ status: 409, body: { message: 'This is the last active Administrator: give the role to someone else first.' } }));
    renderApp('/user-form/u-2', routes);
    await screen.findByRole('heading', { name: 'Otieno Okoth' }, T);
    expect(screen.getByText('Active')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Disable' }));
    const dialog = await screen.findByRole('dialog', {}, T);
    await user.click(within(dialog).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('This is the last active Administrator: give the role to someone else first.', {}, T)).toBeInTheDocument();
    await waitFor(() => expect(currentPath()).toBe('/user-form/u-2'));
  });
});
