// Reference pickers as a user sees them: a house reads "Property · House" and, once the form has
// a property, only that property's houses are offered; a picker whose list the user may not read
// is not offered at all (an optional field), so nothing spins on a 403.
import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, loggedIn } from '../fake-api';
import { renderApp } from '../render-app';
import { crud, HOUSE, HOUSE2, OWNER, PROPERTY, serveResources } from './fake-resources';

const T = { timeout: 15_000 };

beforeAll(async () => {
  await import('../../../src/web/generic/screens');
});

const OTHER_PROPERTY = { ...PROPERTY, id: 'p2', name: 'Ruaka Gardens', code: 'RUA' };
const OTHER_HOUSE = { ...HOUSE, id: 'h3', property_id: 'p2', number: 'A1', account_code: 'RUAA1' };

function app(permissions: string[]) {
  const api = fakeApi(loggedIn({ permissions }));
  serveResources(api, {
    'property-owners': [OWNER], properties: [PROPERTY, OTHER_PROPERTY], houses: [HOUSE, HOUSE2, OTHER_HOUSE],
    tenants: [], tickets: [], 'work-order-categories': [],
  });
  return api;
}

describe('reference pickers', { timeout: 60_000 }, () => {
  it('show houses as "Property · House", only the chosen property’s once there is one', async () => {
    const user = userEvent.setup();
    const api = app([...crud('ticket', 'property', 'house', 'tenant', 'work_order_category'), 'list.user']);
    api.on('GET', '/users', () => ({ status: 200, body: [], headers: { 'Content-Range': 'users 0-0/0' } }));
    renderApp('/ticket-form');
    const house = await screen.findByLabelText(/^House/, {}, T);
    expect(screen.getByLabelText(/^Assigned to/)).toBeInTheDocument();
    await user.click(house);
    expect(await screen.findByRole('option', { name: 'Jirani Heights · A1 (KILA1)' }, T)).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Ruaka Gardens · A1 (RUAA1)' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.click(screen.getByLabelText(/^Property/));
    await user.click(await screen.findByRole('option', { name: 'Ruaka Gardens' }, T));
    await user.click(screen.getByLabelText(/^House/));
    await waitFor(() => expect(screen.queryByRole('option', { name: 'Jirani Heights · A1 (KILA1)' })).toBeNull(), T);
    expect(await screen.findByRole('option', { name: 'Ruaka Gardens · A1 (RUAA1)' }, T)).toBeInTheDocument();
    const asked = api.fetch.mock.calls.map(([u]) => decodeURIComponent(String(u))).filter((u) => u.includes('/api/v1/houses?'));
    expect(asked.some((u) => u.includes('"property_id":"p2"'))).toBe(true);
  });

  it('offer no assignee picker to a member who may not list members (the caretaker)', async () => {
    app(crud('ticket', 'property', 'house', 'tenant', 'work_order_category'));
    renderApp('/ticket-form');
    expect(await screen.findByLabelText(/^House/, {}, T)).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Assigned to/)).toBeNull();
  });
});
