// The README's "Add an area" drill, the web side: a declaration added to the list resources/index.ts
// exports is, with no other edit, in the menu of a user who may list it, has its list (columns,
// references by title, money) and its form at its own routes, and its buttons follow the permissions.
import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { fakeApi, loggedIn } from '../fake-api';
import { renderApp } from '../render-app';
import { PROPERTY, serveResources } from './fake-resources';

vi.mock('../../../resources/index', async (importOriginal) => {
  const { withParkingBays } = await import('../../fixtures/parking-bays');
  return withParkingBays(await importOriginal<typeof import('../../../resources/index')>());
});

const T = { timeout: 15_000 };
const BAY = { id: 'b1', property_id: 'p1', code: 'P-01', monthly_fee: '2500.00', kind: 'covered' };

function app(permissions: string[]) {
  const api = fakeApi(loggedIn({ permissions }));
  serveResources(api, { 'parking-bays': [BAY], properties: [PROPERTY] });
  return api;
}

describe('a new area from its declaration alone', { timeout: 60_000 }, () => {
  it('is in the menu, lists its records and opens its form', async () => {
    app(['list.property', 'show.property', 'create.property', 'edit.property']);
    renderApp('/parking-bays');
    const table = await screen.findByRole('table', {}, T);
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent?.trim()).filter(Boolean))
      .toEqual(['Property', 'Code', 'Monthly fee', 'Kind']);
    expect(await within(table).findByText('Jirani Heights', {}, T)).toBeInTheDocument();
    expect(within(table).getByText('Ksh 2,500.00')).toBeInTheDocument();
    expect(within(table).getByText('Covered')).toBeInTheDocument();
    const menu = screen.getByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Parking bays' })).toHaveAttribute('href', '/parking-bays');
    expect(screen.getByRole('link', { name: 'Create' })).toHaveAttribute('href', '/parking-bay-form');
  });

  it('its form creates at the declared route', async () => {
    app(['list.property', 'show.property', 'create.property', 'edit.property']);
    renderApp('/parking-bay-form');
    expect(await screen.findByLabelText(/Code/, {}, T)).toBeInTheDocument();
    expect(screen.getByLabelText(/Monthly fee/)).toBeInTheDocument();
  });

  it('is guarded like every area: without list.property no menu entry and the 404 page', async () => {
    app(['list.charge']);
    renderApp('/parking-bays');
    expect(await screen.findByRole('heading', { name: 'Page not found' }, T)).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Parking bays' })).toBeNull();
  });
});
