// Each built-in role's screens show only what it may use (issue 15): the menu lists the areas it
// may list, the dashboard draws money only with view.financials, lists offer Export only with
// export.list, and the caretaker's payment form offers its channels (no 403 spinner).
import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import '../../src/web/pages/DashboardPage';
import { BUILT_IN_ROLES, VIEW_FINANCIALS, EXPORT_LIST } from '../../src/shared/permissions';
import { PaymentForm } from '../../src/web/screens/payments/PaymentForm';
import type { AppRoute } from '../../src/web/routing/routes';
import { renderApp } from './render-app';
import { DASHBOARD, moneyApi } from './money/fixtures';
import { screensApi } from './screens/screens-api';

vi.setConfig({ testTimeout: 90_000 });
const T = { timeout: 20_000 };

const permissionsOf = (name: string) => [...BUILT_IN_ROLES.find((r) => r.name === name)!.permissions];

/** What GET /dashboard sends this member (server: domain/reports/dashboard.ts). */
function boardFor(permissions: string[]) {
  const { months: _m, this_month: _t, arrears: _a, unmatched_payments: _u, ...rest } = DASHBOARD;
  const attention = { urgent_tickets: 1, draft_leases: 2, failed_messages: 3, unmatched_payments: 4 };
  const listed = { urgent_tickets: 'ticket', draft_leases: 'lease', failed_messages: 'message', unmatched_payments: 'payment' } as const;
  const mine = Object.fromEntries(Object.entries(attention).filter(([k]) => permissions.includes(`list.${listed[k as keyof typeof listed]}`)));
  return permissions.includes(VIEW_FINANCIALS) ? { ...DASHBOARD, attention: mine } : { ...rest, attention: mine };
}

const AREAS: Array<[string, string]> = [
  ['Houses', 'house'], ['Tenants', 'tenant'], ['Leases', 'lease'], ['Invoices', 'invoice'], ['Payments', 'payment'],
  ['Tickets', 'ticket'], ['Work orders', 'work_order'], ['Users', 'user'], ['Roles', 'role'],
];

describe.each(['Manager', 'Accountant', 'Caretaker', 'Viewer'])('the built-in %s', (role) => {
  it('sees on the dashboard and in the menu only what it may use', async () => {
    const permissions = permissionsOf(role);
    const api = moneyApi(permissions);
    api.on('GET', '/dashboard', () => ({ status: 200, body: boardFor(permissions) }));
    renderApp('/dashboard');
    await screen.findByTestId('tile-occupancy', {}, T);
    const money = permissions.includes(VIEW_FINANCIALS);
    for (const id of ['tile-billed', 'tile-collected', 'tile-arrears', 'tile-flows']) {
      expect(!!screen.queryByTestId(id), `${role} ${id}`).toBe(money);
    }
    const panel = screen.getByTestId('attention');
    expect(!!within(panel).queryByText(/urgent tickets? open/), `${role} urgent`).toBe(permissions.includes('list.ticket'));
    expect(!!within(panel).queryByText(/payments? to match/), `${role} unmatched`).toBe(permissions.includes('list.payment'));
    const nav = screen.getByRole('menu');
    for (const [label, module] of AREAS) {
      expect(!!within(nav).queryByRole('menuitem', { name: label }), `${role} menu ${label}`).toBe(permissions.includes(`list.${module}`));
    }
  });
});

describe('the built-in Caretaker', () => {
  it('gets no Export on the tenants list; the Manager does', async () => {
    for (const [role, exports] of [['Caretaker', false], ['Manager', true]] as const) {
      const permissions = permissionsOf(role);
      expect(permissions.includes(EXPORT_LIST)).toBe(exports);
      moneyApi(permissions);
      const { unmount } = renderApp('/tenants');
      await screen.findByRole('table', {}, T);
      expect(!!screen.queryByRole('button', { name: 'Export' }), role).toBe(exports);
      unmount();
    }
  });

  it('picks the cash channel on the payment form', async () => {
    const routes: AppRoute[] = [{ path: '/payment-form/:ulid?', area: 'auth', module: 'payment', action: 'form', component: PaymentForm }];
    const fake = screensApi(permissionsOf('Caretaker'), {
      'payment-channels': [{ id: 'c-1', name: 'Office cash', kind: 'cash' }],
      tenants: [{ id: 't-1', name: 'Mary Atieno' }],
      leases: [],
    });
    renderApp('/payment-form', routes);
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText(/^Channel/, {}, T));
    expect(await screen.findByRole('option', { name: 'Office cash' }, T)).toBeInTheDocument();
    expect(fake.calls.some((c) => c.method === 'GET' && c.resource === 'payment-channels')).toBe(true);
  });
});
