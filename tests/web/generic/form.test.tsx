// The generic form as a user sees it: inputs per kind, groups under headings, presets from the
// route, defaults from the chosen records, the server's 422 errors inline, 409 on delete,
// back to the list after a save, related records, the settings singleton, custom pages.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, loggedIn } from '../fake-api';
import { renderApp, currentPath } from '../render-app';
import { areaExtensions } from '../../../src/web/areas/extensions';
import { crud, HOUSE, HOUSE2, HOUSE_TYPE, OWNER, PROPERTY, serveResources } from './fake-resources';

const T = { timeout: 15_000 };

// The registry fills when the generic screens load (they import src/web/areas/register once).
beforeAll(async () => {
  await import('../../../src/web/generic/screens');
});
const ALL = crud('house', 'property', 'house_type', 'property_owner', 'charge', 'lease', 'tenant', 'invoice', 'ticket', 'expense', 'work_order');

function app(permissions = ALL) {
  const api = fakeApi(loggedIn({ permissions }));
  const lists = serveResources(api, {
    'property-owners': [OWNER],
    properties: [PROPERTY],
    'house-types': [HOUSE_TYPE],
    houses: [HOUSE, HOUSE2],
    charges: [],
    leases: [{ id: 'l1', tenant_id: 't1', house_id: 'h1', start_date: '2026-01-01', rent: '32000.00', status: 'active' }],
    tenants: [{ id: 't1', kind: 'individual', name: 'Agnes Kiarie', phone: '+254712345678', sms_opt_in: true }],
    invoices: [],
    tickets: [],
    expenses: [],
    'work-orders': [],
  });
  return { api, lists };
}

const lastBody = (api: ReturnType<typeof fakeApi>, method: string, path: string) => api.apiCalls(method, path).at(-1)?.body as Record<string, unknown>;

describe('a generic form', { timeout: 60_000 }, () => {
  it('creates: inputs per field, group headings, required marks; saves and returns to the list', async () => {
    const user = userEvent.setup();
    const { api } = app();
    renderApp('/house-form');
    expect(await screen.findByRole('heading', { name: 'New house' }, T)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Meters' })).toBeInTheDocument();
    expect(screen.getByLabelText(/House no\.\s*\*/)).toBeInTheDocument(); // required
    expect(screen.getByLabelText(/^Block$/)).toBeInTheDocument(); // optional
    await user.type(screen.getByLabelText(/House no\./), 'B7');
    await user.type(screen.getByLabelText(/Account code/), 'kilb7');
    await user.type(screen.getByLabelText(/^Rent/), '25,000');
    // the owner is an autocomplete over the owners, showing their names
    await user.click(screen.getByLabelText(/^Owner/));
    await user.click(await screen.findByRole('option', { name: 'Baraka Holdings' }, T));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.apiCalls('POST', '/houses')).toHaveLength(1), T);
    expect(lastBody(api, 'POST', '/houses')).toMatchObject({ number: 'B7', account_code: 'kilb7', rent: '25000.00', owner_id: 'o1', status: 'vacant', charge_ids: [] });
    await waitFor(() => expect(currentPath()).toBe('/houses'), T);
    // the toast names the record, from the declaration's record title
    expect(await screen.findByText('House B7 (kilb7) created', {}, T)).toBeInTheDocument();
  });

  it('a new property opens at once (its houses come next), with a toast naming it', async () => {
    const user = userEvent.setup();
    const { api } = app();
    await import('../../../src/web/screens/portfolio');
    renderApp('/property-form');
    expect(await screen.findByRole('heading', { name: 'New property' }, T)).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Name/), 'Jirani Heights');
    await user.click(screen.getByLabelText(/^Owner/));
    await user.click(await screen.findByRole('option', { name: 'Baraka Holdings' }, T));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.apiCalls('POST', '/properties')).toHaveLength(1), T);
    expect(await screen.findByText('Property Jirani Heights created', {}, T)).toBeInTheDocument();
    await waitFor(() => expect(currentPath()).toMatch(/^\/property-form\/.+/), T);
  });

  it('shows the server’s 422 errors next to their fields', async () => {
    const user = userEvent.setup();
    const { api } = app();
    api.on('POST', '/houses', () => ({
      status: 422,
      body: { message: 'The given data was invalid.', errors: { account_code: ['This account code is already used.'], rent: ['Must be at least 0.'] } },
    }));
    renderApp('/property/p1/house-form');
    await screen.findByRole('heading', { name: 'New house' }, T);
    await user.type(screen.getByLabelText(/House no\./), 'A1');
    await user.type(screen.getByLabelText(/Account code/), 'KILA1');
    await user.type(screen.getByLabelText(/^Rent/), '100');
    await waitFor(() => expect(screen.getByLabelText(/^Owner/)).toHaveValue('Baraka Holdings'), T);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const code = screen.getByLabelText(/Account code/);
    await waitFor(() => expect(code).toHaveAccessibleDescription('This account code is already used.'), T);
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^Rent/)).toHaveAccessibleDescription('Must be at least 0.');
    expect(currentPath()).toBe('/property/p1/house-form');
  });

  it('a property route presets the property and fills in its owner', async () => {
    const user = userEvent.setup();
    const { api } = app();
    renderApp('/property/p1/house-form');
    await screen.findByRole('heading', { name: 'New house' }, T);
    await waitFor(() => expect(screen.getByLabelText(/^Property/)).toHaveValue('Jirani Heights'), T);
    await waitFor(() => expect(screen.getByLabelText(/^Owner/)).toHaveValue('Baraka Holdings'), T);
    await user.type(screen.getByLabelText(/House no\./), 'C1');
    await user.type(screen.getByLabelText(/Account code/), 'KILC1');
    await user.type(screen.getByLabelText(/^Rent/), '1000');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.apiCalls('POST', '/houses')).toHaveLength(1), T);
    expect(lastBody(api, 'POST', '/houses')).toMatchObject({ property_id: 'p1', owner_id: 'o1' });
  });

  it('an owner route presets the owner', async () => {
    app();
    renderApp('/o1/house-form');
    await screen.findByRole('heading', { name: 'New house' }, T);
    await waitFor(() => expect(screen.getByLabelText(/^Owner/)).toHaveValue('Baraka Holdings'), T);
  });

  it('choosing a house type fills rent and deposit from its defaults', async () => {
    const user = userEvent.setup();
    app();
    renderApp('/house-form');
    await screen.findByRole('heading', { name: 'New house' }, T);
    await user.click(screen.getByLabelText(/^House type/));
    await user.click(await screen.findByRole('option', { name: '2 Bedroom' }, T));
    await waitFor(() => expect(screen.getByLabelText(/^Rent/)).toHaveValue('32,000.00'), T);
    expect(screen.getByLabelText(/^Deposit/)).toHaveValue('64,000.00');
  });

  it('edits: loads the record, titles the page with it, shows what belongs to it', async () => {
    const user = userEvent.setup();
    const { api } = app();
    renderApp('/houses-form/h1');
    expect(await screen.findByRole('heading', { name: 'A1 (KILA1)' }, T)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Rent/)).toHaveValue('32,000.00');
    // the house's leases, with the tenant's name
    const leases = await screen.findByRole('region', { name: 'Leases' }, T);
    expect(await within(leases).findByText('Agnes Kiarie', {}, T)).toBeInTheDocument();
    expect(within(leases).getByRole('link', { name: /Add/ })).toHaveAttribute('href', '/lease-form?source=%7B%22house_id%22%3A%22h1%22%7D');
    await user.clear(screen.getByLabelText(/^Rent/));
    await user.type(screen.getByLabelText(/^Rent/), '33000');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.apiCalls('PUT', '/houses/h1')).toHaveLength(1), T);
    expect(lastBody(api, 'PUT', '/houses/h1')).toMatchObject({ rent: '33000.00', number: 'A1' });
    await waitFor(() => expect(currentPath()).toBe('/houses'), T);
  });

  it('a property shows its houses with counts per status', async () => {
    app();
    renderApp('/property-form/p1');
    const houses = await screen.findByRole('region', { name: 'Houses' }, T);
    expect(await within(houses).findByText('Occupied 1', {}, T)).toBeInTheDocument();
    expect(within(houses).getByText('Vacant 1')).toBeInTheDocument();
    expect(within(houses).getByText('KILA2')).toBeInTheDocument();
    expect(within(houses).getByRole('link', { name: /Add/ })).toHaveAttribute('href', '/property/p1/house-form');
  });

  it('delete: a 409 shows the server’s reason and keeps the record', async () => {
    const user = userEvent.setup();
    const { api } = app();
    api.on('DELETE', '/houses/h1', () => ({ status: 409, body: { message: 'This house has leases.' } }));
    renderApp('/house-form/h1');
    await screen.findByRole('heading', { name: 'A1 (KILA1)' }, T);
    await user.click(await screen.findByRole('button', { name: 'Delete' }, T));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }, T));
    expect(await screen.findByText('This house has leases.', {}, T)).toBeInTheDocument();
    expect(currentPath()).toBe('/house-form/h1');
  });

  it('without delete.house there is no delete button', async () => {
    app(ALL.filter((p) => p !== 'delete.house'));
    renderApp('/house-form/h1');
    await screen.findByRole('heading', { name: 'A1 (KILA1)' }, T);
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('a form route without the permission shows the 404 page', async () => {
    app(ALL.filter((p) => p !== 'create.house'));
    renderApp('/house-form');
    expect(await screen.findByRole('heading', { name: 'Page not found' }, T)).toBeInTheDocument();
  });
});

describe('settings', { timeout: 60_000 }, () => {
  // the generic singleton form (the settings screen may be replaced by a registered one)
  const saved = areaExtensions.settings;
  afterEach(() => {
    if (saved) areaExtensions.settings = saved;
  });

  it('is one form: loads GET /settings, says whether a secret is set, saves with PUT', async () => {
    const user = userEvent.setup();
    delete areaExtensions.settings;
    const api = fakeApi(loggedIn({ permissions: ['show.setting', 'edit.setting'] }));
    api.on('GET', '/settings', () => ({
      status: 200,
      body: { id: 'org', name: 'Riverside Lettings', locale: 'en-KE', timezone: 'Africa/Nairobi', billing_day: 1, due_day: 5, grace_days: 3, sms_driver: 'log', dark_mode: false, allocation_order: 'oldest_due_first', africastalking_api_key_set: false },
    }));
    api.on('PUT', '/settings', (c) => ({ status: 200, body: { id: 'org', ...(c.body as object) } }));
    renderApp('/settings');
    expect(await screen.findByRole('heading', { name: 'Settings' }, T)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Billing' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Organisation name/)).toHaveValue('Riverside Lettings');
    expect(screen.getByText('Not set.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/Grace days/));
    await user.type(screen.getByLabelText(/Grace days/), '5');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.apiCalls('PUT', '/settings')).toHaveLength(1), T);
    expect(lastBody(api, 'PUT', '/settings')).toMatchObject({ grace_days: 5, name: 'Riverside Lettings' });
    expect(lastBody(api, 'PUT', '/settings')).not.toHaveProperty('africastalking_api_key');
  });
});

describe('page routes', { timeout: 60_000 }, () => {
  const saved = areaExtensions['page:compose-message'];
  afterEach(() => {
    if (saved) areaExtensions['page:compose-message'] = saved;
    else delete areaExtensions['page:compose-message'];
  });

  it('render the page registered as page:<name>, or the 404 page when none is', async () => {
    fakeApi(loggedIn({ permissions: ['send.message'] }));
    delete areaExtensions['page:compose-message'];
    renderApp('/send-message');
    expect(await screen.findByRole('heading', { name: 'Page not found' }, T)).toBeInTheDocument();
  });

  it('render a registered page', async () => {
    fakeApi(loggedIn({ permissions: ['send.message'] }));
    areaExtensions['page:compose-message'] = { form: () => <h1>Compose</h1> };
    renderApp('/send-message/t1');
    expect(await screen.findByRole('heading', { name: 'Compose' }, T)).toBeInTheDocument();
  });
});
