// The generic list as a user sees it: declared columns with money, chips and reference titles,
// filters, search, permission-hidden buttons, the empty state, preset route filters, the menu.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, loggedIn } from '../fake-api';
import { renderApp, currentPath } from '../render-app';
import { crud, HOUSE, HOUSE2, HOUSE_TYPE, OWNER, PROPERTY, serveResources } from './fake-resources';

const T = { timeout: 15_000 };

afterEach(() => vi.restoreAllMocks());

function housesApp(permissions: string[], data = { houses: [HOUSE, HOUSE2] }) {
  const api = fakeApi(loggedIn({ permissions }));
  serveResources(api, { 'property-owners': [OWNER], properties: [PROPERTY], 'house-types': [HOUSE_TYPE], charges: [], ...data });
  return api;
}

describe('a generic list', { timeout: 60_000 }, () => {
  it('shows the declared columns: references by title, money in KES, choices as labelled chips', async () => {
    housesApp(crud('house', 'property', 'house_type', 'property_owner'));
    renderApp('/houses');
    const table = await screen.findByRole('table', {}, T);
    const headers = within(table).getAllByRole('columnheader').map((h) => h.textContent?.trim()).filter(Boolean);
    expect(headers).toEqual(['Property', 'House type', 'House no.', 'Account code (M-Pesa)', 'Rent', 'Status']);
    expect(await within(table).findAllByText('Jirani Heights', {}, T)).toHaveLength(2);
    expect(within(table).getAllByText('2 Bedroom')).toHaveLength(2);
    expect(within(table).getByText('Ksh 32,000.00')).toBeInTheDocument();
    expect(within(table).getByText('Ksh 9,500.50')).toBeInTheDocument();
    expect(within(table).getByText('Occupied')).toBeInTheDocument();
    expect(within(table).getByText('Vacant')).toBeInTheDocument();
    // the reference links to the property's form
    expect(within(table).getAllByRole('link', { name: 'Jirani Heights' })[0]).toHaveAttribute('href', '/property-form/p1');
  });

  it('offers search, the status filter and the other declared filters', async () => {
    const user = userEvent.setup();
    const api = housesApp(crud('house', 'property', 'house_type', 'property_owner'));
    renderApp('/houses');
    await screen.findByRole('table', {}, T);
    expect(screen.getByPlaceholderText('Search')).toBeInTheDocument();
    expect(screen.getByLabelText('Status')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add filter' }));
    const menu = await screen.findByRole('menu');
    for (const name of ['Property', 'Owner', 'House type', 'Rent from', 'Rent to']) {
      expect(within(menu).getByRole('menuitemcheckbox', { name })).toBeInTheDocument();
    }
    await user.keyboard('{Escape}');
    await user.type(screen.getByPlaceholderText('Search'), 'KILA2');
    await waitFor(() => {
      const call = api.fetch.mock.calls.map(([u]) => String(u)).filter((u) => u.includes('/api/v1/houses?')).at(-1)!;
      expect(JSON.parse(new URL(call, 'http://x').searchParams.get('filter')!)).toEqual({ q: 'KILA2' });
    }, T);
    await waitFor(() => expect(screen.queryByText('KILA1')).not.toBeInTheDocument(), T);
    expect(screen.getByText('KILA2')).toBeInTheDocument();
  });

  it('sorts on the declared sortable columns only', async () => {
    housesApp(crud('house', 'property', 'house_type', 'property_owner'));
    renderApp('/houses');
    const table = await screen.findByRole('table', {}, T);
    const header = (name: string) => within(table).getByRole('columnheader', { name: new RegExp(name) });
    expect(within(header('House no.')).getByRole('button')).toBeInTheDocument();
    expect(within(header('Rent')).getByRole('button')).toBeInTheDocument();
    expect(within(header('Property')).queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows create, export and row selection with the permissions, and hides them without', async () => {
    housesApp([...crud('house', 'property', 'house_type', 'property_owner'), 'export.list']);
    renderApp('/houses');
    await screen.findByRole('table', {}, T);
    expect(screen.getByRole('link', { name: 'Create' })).toHaveAttribute('href', '/houses-form');
    expect(screen.getByRole('button', { name: 'Export' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select all' })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: /Add filter/i }));
    expect(within(await screen.findByRole('menu', {}, T)).getByText('Property')).toBeInTheDocument();
  });

  it('offers no export without export.list, and no filter whose choices the user may not list', async () => {
    housesApp(['list.house', 'show.house']);
    renderApp('/houses');
    await screen.findByRole('table', {}, T);
    expect(screen.queryByRole('button', { name: 'Export' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Create' })).toBeNull();
    // property, owner and house type filters would list areas this user may not read
    await userEvent.setup().click(screen.getByRole('button', { name: /Add filter/i }));
    const menu = await screen.findByRole('menu', {}, T);
    expect(within(menu).queryByText('Property')).toBeNull();
    expect(within(menu).queryByText('Owner')).toBeNull();
  });

  it('exports every matching row through the server: the current search, filters and sort, headers in the user’s words', async () => {
    const user = userEvent.setup();
    const api = housesApp([...crud('house', 'property', 'house_type', 'property_owner'), 'export.list']);
    api.on('GET', '/houses/export.csv', () => ({ status: 200, body: 'ID,House no.', headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="houses-2026-05-01.csv"' } }));
    const created = vi.fn((_: Blob) => 'blob:houses');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderApp('/houses');
    await screen.findByRole('table', {}, T);
    await user.type(screen.getByPlaceholderText('Search'), 'KILA');
    await waitFor(() => expect(api.fetch.mock.calls.map(([u]) => String(u)).some((u) => u.includes('/api/v1/houses?') && u.includes('KILA'))).toBe(true), T);
    const rent = await screen.findByRole('columnheader', { name: /Rent/ }, T);
    await user.click(within(rent).getByRole('button'));
    await waitFor(() => expect(api.fetch.mock.calls.map(([u]) => String(u)).some((u) => u.includes('/api/v1/houses?') && u.includes('rent'))).toBe(true), T);
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(click).toHaveBeenCalled(), T);
    const call = api.calls.filter((c) => c.path === '/houses/export.csv').at(-1)!;
    const url = new URL(String(api.fetch.mock.calls.find(([u]) => String(u).includes('/houses/export.csv'))![0]), 'http://x');
    expect(JSON.parse(url.searchParams.get('filter')!)).toEqual({ q: 'KILA' });
    expect(JSON.parse(url.searchParams.get('sort')!)).toEqual(['rent', 'ASC']);
    expect(url.searchParams.get('range')).toBeNull();
    const labels = JSON.parse(url.searchParams.get('labels')!);
    expect(labels.fields).toMatchObject({ number: 'House no.', account_code: 'Account code (M-Pesa)' });
    expect(labels.choices.status).toMatchObject({ occupied: 'Occupied', vacant: 'Vacant' });
    expect(call.headers.get('X-Tenant-Id')).toBe('01J0ORG0000000000000000001');
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('houses-2026-05-01.csv');
    expect(created).toHaveBeenCalled();
  });

  it('exports a preset route’s rows under its own name (the outbox), and says when the export fails', async () => {
    const user = userEvent.setup();
    const api = fakeApi(loggedIn({ permissions: [...crud('message'), 'export.list'] }));
    serveResources(api, { messages: [{ id: 'm1', channel: 'sms', to: '+254712345678', body: 'Rent reminder', status: 'queued', credits: 1 }] });
    let fail = false;
    api.on('GET', '/messages/export.csv', () => (fail ? { status: 403, body: { message: 'This action is unauthorized.' } } : { status: 200, body: 'x' }));
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderApp('/outbox');
    await screen.findByText('Rent reminder', {}, T);
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(click).toHaveBeenCalled(), T);
    const url = new URL(String(api.fetch.mock.calls.find(([u]) => String(u).includes('/messages/export.csv'))![0]), 'http://x');
    expect(JSON.parse(url.searchParams.get('filter')!)).toEqual({ status: ['queued', 'sending', 'failed', 'insufficient_credits'] });
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toMatch(/^outbox-\d{4}-\d{2}-\d{2}\.csv$/);
    fail = true;
    await user.click(screen.getByRole('button', { name: 'Export' }));
    expect(await screen.findByText('The export could not be downloaded', {}, T)).toBeInTheDocument();
    expect(screen.getByText('This action is unauthorized.')).toBeInTheDocument();
  });

  it('a user who may only list sees no create button, no selection and no row links', async () => {
    const user = userEvent.setup();
    housesApp(['list.house', 'list.property', 'list.house_type']);
    renderApp('/houses');
    const table = await screen.findByRole('table', {}, T);
    expect(screen.queryByRole('link', { name: 'Create' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Select all' })).not.toBeInTheDocument();
    await user.click(within(table).getByText('KILA1'));
    expect(currentPath()).toBe('/houses');
  });

  it('a row opens the record’s form', async () => {
    const user = userEvent.setup();
    housesApp(crud('house', 'property', 'house_type', 'property_owner'));
    renderApp('/houses');
    const table = await screen.findByRole('table', {}, T);
    await user.click(within(table).getByText('KILA2'));
    await waitFor(() => expect(currentPath()).toBe('/houses-form/h2'), T);
  });

  it('an empty list says what to do next, with a button to add the first record', async () => {
    housesApp(crud('house'), { houses: [] });
    renderApp('/houses');
    expect(await screen.findByRole('heading', { name: 'No houses yet' }, T)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add house' })).toHaveAttribute('href', '/houses-form');
  });

  it('a list route with a preset filter applies it (the outbox)', async () => {
    const api = fakeApi(loggedIn({ permissions: [...crud('message'), 'export.list'] }));
    serveResources(api, {
      messages: [
        { id: 'm1', channel: 'sms', to: '+254712345678', body: 'Rent reminder', status: 'queued', credits: 1 },
        { id: 'm2', channel: 'sms', to: '+254712345679', body: 'Thank you', status: 'delivered', credits: 1 },
      ],
    });
    renderApp('/outbox');
    expect(await screen.findByText('Rent reminder', {}, T)).toBeInTheDocument();
    expect(screen.queryByText('Thank you')).not.toBeInTheDocument();
    const url = api.fetch.mock.calls.map(([u]) => String(u)).find((u) => u.includes('/api/v1/messages?'))!;
    expect(JSON.parse(new URL(url, 'http://x').searchParams.get('filter')!)).toEqual({ status: ['queued', 'sending', 'failed', 'insufficient_credits'] });
    expect(screen.getAllByText('Outbox').length).toBeGreaterThan(0);
  });
});

describe('the menu', { timeout: 60_000 }, () => {
  it('groups the areas the user may list under their headings', async () => {
    housesApp([...crud('house', 'tenant', 'invoice'), 'list.statement']);
    renderApp('/houses');
    await screen.findByRole('table', {}, T);
    const nav = screen.getByRole('menu');
    expect(within(nav).getByText('Portfolio')).toBeInTheDocument();
    expect(within(nav).getByText('Tenancy')).toBeInTheDocument();
    expect(within(nav).getByText('Money')).toBeInTheDocument();
    expect(within(nav).getByRole('menuitem', { name: 'Houses' })).toHaveAttribute('href', '/houses');
    expect(within(nav).getByRole('menuitem', { name: 'Tenants' })).toHaveAttribute('href', '/tenants');
    expect(within(nav).getByRole('menuitem', { name: 'Invoices' })).toHaveAttribute('href', '/invoices');
    expect(within(nav).queryByRole('menuitem', { name: 'Charges' })).not.toBeInTheDocument();
    expect(within(nav).queryByText('Maintenance')).not.toBeInTheDocument();
    expect(within(nav).queryByText('Administration')).not.toBeInTheDocument();
  });
});
