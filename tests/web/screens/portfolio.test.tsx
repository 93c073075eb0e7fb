// The portfolio pieces as a user sees them: a property's rent roll with its figures and
// downloads, houses added in bulk from its houses panel with a preview first, a tenant's balance
// and an owner's statement on their screens — each only for those allowed.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, loggedIn } from '../fake-api';
import { renderApp } from '../render-app';
import { crud, HOUSE, HOUSE2, HOUSE_TYPE, OWNER, PROPERTY, serveResources } from '../generic/fake-resources';

const T = { timeout: 15_000 };
const MONEY = ['list.statement', 'export.statement'];
const PORTFOLIO = crud('house', 'property', 'house_type', 'property_owner', 'tenant');

beforeAll(async () => {
  await import('../../../src/web/generic/screens');
});
afterEach(() => vi.restoreAllMocks());

const ROLL = {
  property: { id: 'p1', name: 'Jirani Heights', code: 'KIL', owner: 'Baraka Holdings' },
  as_of: '2026-11-24',
  money: true,
  rows: [
    {
      house_id: 'h1', number: 'A1', account_code: 'KILA1', house_type: '2 Bedroom', status: 'occupied', tenant_id: 't1', tenant: 'Agnes Kiarie', phone: '+254712345678',
      lease_id: 'l1', lease_status: 'active', start_date: '2026-01-01', end_date: null, rent: '32000.00', let: true, deposit_held: '32000.00', balance: '15000.00', arrears: '10000.00',
    },
    {
      house_id: 'h2', number: 'A2', account_code: 'KILA2', house_type: '2 Bedroom', status: 'vacant', tenant_id: null, tenant: null, phone: null,
      lease_id: null, lease_status: null, start_date: null, end_date: null, rent: '9500.50', let: false, deposit_held: null, balance: null, arrears: null,
    },
    {
      house_id: 'h3', number: 'A3', account_code: 'KILA3', house_type: '2 Bedroom', status: 'occupied', tenant_id: 't2', tenant: 'Brian Otieno', phone: null,
      lease_id: 'l2', lease_status: 'notice', start_date: '2025-06-01', end_date: '2026-12-31', rent: '30000.00', let: true, deposit_held: '0.00', balance: '-2000.00', arrears: '0.00',
    },
  ],
  totals: {
    houses: 3, occupied: 2, vacant: 1, reserved: 0, unavailable: 0, occupancy: '66.7',
    rent_roll: '62000.00', potential_rent: '71500.50', deposit_held: '32000.00', balance: '13000.00', arrears: '10000.00',
  },
};

const moneyless = {
  ...ROLL, money: false,
  rows: ROLL.rows.map((r) => ({ ...r, deposit_held: null, balance: null, arrears: null })),
  totals: { ...ROLL.totals, deposit_held: null, balance: null, arrears: null },
};

function app(permissions: string[], roll: unknown = ROLL) {
  const api = fakeApi(loggedIn({ permissions }));
  const lists = serveResources(api, {
    'property-owners': [OWNER],
    properties: [PROPERTY],
    'house-types': [HOUSE_TYPE, { id: 'ht2', name: 'Bedsitter', default_rent: '9500.00', default_deposit: null, charge_ids: [] }],
    houses: [HOUSE, HOUSE2],
    charges: [],
    tenants: [{ id: 't1', kind: 'individual', name: 'Agnes Kiarie', phone: '+254712345678', sms_opt_in: true }],
  });
  api.on('GET', '/properties/p1/rent-roll', () => ({ status: 200, body: roll }));
  return { api, lists };
}

describe('a property’s rent roll', { timeout: 60_000 }, () => {
  it('shows occupancy, the rent roll and arrears, and every house with its tenant, lease and balance', async () => {
    app([...PORTFOLIO, ...MONEY]);
    renderApp('/property-form/p1');
    const panel = await screen.findByRole('region', { name: 'Rent roll' }, T);
    expect(await within(panel).findByTestId('rent-roll-houses', {}, T)).toHaveTextContent('Houses3');
    expect(within(panel).getByTestId('rent-roll-occupied')).toHaveTextContent('2 / 1');
    expect(within(panel).getByTestId('rent-roll-occupancy')).toHaveTextContent('66.7%');
    expect(within(panel).getByTestId('rent-roll-total')).toHaveTextContent('Ksh 62,000.00');
    expect(within(panel).getByTestId('rent-roll-total')).toHaveTextContent('All let: Ksh 71,500.50');
    expect(within(panel).getByTestId('rent-roll-arrears')).toHaveTextContent('Ksh 10,000.00');
    const rows = within(panel).getAllByTestId('rent-roll-row');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('A1');
    expect(rows[0]).toHaveTextContent('Occupied');
    expect(rows[0]).toHaveTextContent('1 Jan 2026 – periodic');
    expect(within(rows[0]).getByRole('link', { name: 'Agnes Kiarie' })).toHaveAttribute('href', '/tenant-form/t1');
    expect(within(rows[0]).getByRole('link', { name: /15,000\.00/ })).toHaveAttribute('href', '/statements/user/t1/l1');
    expect(rows[1]).toHaveTextContent('Not let');
    expect(rows[1]).toHaveTextContent('Vacant');
    expect(rows[1]).toHaveTextContent('asking');
    expect(rows[2]).toHaveTextContent('On notice');
    expect(rows[2]).toHaveTextContent('31 Dec 2026');
    expect(within(panel).getByRole('columnheader', { name: 'Arrears' })).toBeInTheDocument();
    expect(within(panel).getByText('Totals · 2 of 3 let')).toBeInTheDocument();
  });

  it('downloads the rent roll as CSV or PDF for the organisation on screen', async () => {
    const user = userEvent.setup();
    const { api } = app([...PORTFOLIO, ...MONEY]);
    api.on('GET', '/properties/p1/rent-roll', (c) => (c.headers.get('Accept')?.includes('pdf')
      ? { status: 200, body: '%PDF', headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="rent-roll-KIL-2026-11-24.pdf"' } }
      : { status: 200, body: ROLL }));
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:roll'), revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderApp('/property-form/p1');
    const panel = await screen.findByRole('region', { name: 'Rent roll' }, T);
    await user.click(await within(panel).findByRole('button', { name: 'PDF' }, T));
    await waitFor(() => expect(click).toHaveBeenCalled(), T);
    const url = String(api.fetch.mock.calls.map(([u]) => String(u)).find((u) => u.includes('rent-roll?format=pdf')));
    expect(url).toBe('/api/v1/properties/p1/rent-roll?format=pdf');
    expect(api.calls.filter((c) => c.path === '/properties/p1/rent-roll').at(-1)!.headers.get('X-Tenant-Id')).toBe('01J0ORG0000000000000000001');
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('rent-roll-KIL-2026-11-24.pdf');
  });

  it('without statements: no money columns, no downloads, and says why', async () => {
    app(PORTFOLIO, moneyless);
    renderApp('/property-form/p1');
    const panel = await screen.findByRole('region', { name: 'Rent roll' }, T);
    await within(panel).findAllByTestId('rent-roll-row', {}, T);
    expect(within(panel).queryByRole('columnheader', { name: 'Balance' })).not.toBeInTheDocument();
    expect(within(panel).queryByTestId('rent-roll-arrears')).not.toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'CSV' })).not.toBeInTheDocument();
    expect(within(panel).getByText(/show to those who may see statements/)).toBeInTheDocument();
  });

  it('a property without houses offers to add them in bulk', async () => {
    app([...PORTFOLIO, ...MONEY], { ...ROLL, rows: [], totals: { ...ROLL.totals, houses: 0, occupied: 0, vacant: 0, occupancy: '0.0' } });
    renderApp('/property-form/p1');
    const panel = await screen.findByRole('region', { name: 'Rent roll' }, T);
    expect(await within(panel).findByText('No houses yet', {}, T)).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Add in bulk' })).toBeInTheDocument();
  });
});

describe('adding houses in bulk', { timeout: 60_000 }, () => {
  const PLAN = (numbers: string[], taken: string[] = []) => ({
    property: { id: 'p1', name: 'Jirani Heights', code: 'KIL' }, house_type: { id: 'ht1', name: '2 Bedroom' }, code_prefix: 'KIL',
    rent: '32000.00', deposit: '64000.00', charge_ids: ['c1', 'c2'],
    houses: numbers.map((n) => ({ number: n, account_code: `KIL${n}`, number_taken: taken.includes(n), code_taken: taken.includes(n) })),
    errors: taken.length ? { numbers: [`Jirani Heights already has house ${taken.join(', ')}.`] } : {},
  });

  async function openDialog(user: ReturnType<typeof userEvent.setup>) {
    const houses = await screen.findByRole('region', { name: 'Houses' }, T);
    await user.click(await within(houses).findByRole('button', { name: 'Add in bulk' }, T));
    const dialog = await screen.findByRole('dialog', { name: 'Add houses in bulk' }, T);
    await user.click(within(dialog).getByLabelText(/House type/));
    await user.click(await screen.findByRole('option', { name: '2 Bedroom' }, T));
    return dialog;
  }

  it('previews the numbers and account codes with the type’s amounts, then adds them and refreshes', async () => {
    const user = userEvent.setup();
    const { api } = app([...PORTFOLIO, ...MONEY]);
    api.on('POST', '/properties/p1/houses/bulk/preview', (c) => {
      const b = c.body as { prefix: string; from: number; to: number };
      return { status: 200, body: PLAN(Array.from({ length: b.to - b.from + 1 }, (_, i) => `${b.prefix}${b.from + i}`)) };
    });
    api.on('POST', '/properties/p1/houses/bulk', () => ({ status: 201, body: { count: 3, houses: [] } }));
    renderApp('/property-form/p1');
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText('Number prefix'), 'B');
    await user.clear(within(dialog).getByLabelText(/^To/));
    await user.type(within(dialog).getByLabelText(/^To/), '3');
    await waitFor(() => expect(within(dialog).getAllByTestId('bulk-preview-row').map((r) => r.textContent)).toEqual(['B1KILB1', 'B2KILB2', 'B3KILB3']), T);
    expect(within(dialog).getByText(/Rent: Ksh 32,000.00 · Deposit: Ksh 64,000.00 · 2 recurring charges/)).toBeInTheDocument();
    expect(within(dialog).getByText('Codes are this prefix and the house number: KILB1')).toBeInTheDocument();
    expect(api.apiCalls('POST', '/properties/p1/houses/bulk/preview').at(-1)!.body).toEqual({ house_type_id: 'ht1', from: 1, to: 3, prefix: 'B' });
    const housesBefore = api.apiCalls('GET', '/houses').length;
    const rollBefore = api.apiCalls('GET', '/properties/p1/rent-roll').length;
    await user.type(within(dialog).getByLabelText('Floor'), 'Ground');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Add 3 houses' })).toBeEnabled(), T);
    await user.click(within(dialog).getByRole('button', { name: 'Add 3 houses' }));
    await waitFor(() => expect(api.apiCalls('POST', '/properties/p1/houses/bulk')).toHaveLength(1), T);
    expect(api.apiCalls('POST', '/properties/p1/houses/bulk')[0].body).toEqual({ house_type_id: 'ht1', from: 1, to: 3, prefix: 'B', floor: 'Ground' });
    expect(await screen.findByText('3 houses added to Jirani Heights', {}, T)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add houses in bulk' })).not.toBeInTheDocument(), T);
    await waitFor(() => expect(api.apiCalls('GET', '/houses').length).toBeGreaterThan(housesBefore), T);
    await waitFor(() => expect(api.apiCalls('GET', '/properties/p1/rent-roll').length).toBeGreaterThan(rollBefore), T);
  });

  it('shows what is already taken and will not add the run; a refusal names the field', async () => {
    const user = userEvent.setup();
    const { api } = app([...PORTFOLIO, ...MONEY]);
    let taken = true;
    api.on('POST', '/properties/p1/houses/bulk/preview', () => ({ status: 200, body: taken ? PLAN(['A1', 'A2'], ['A1']) : PLAN(['X1', 'X2']) }));
    api.on('POST', '/properties/p1/houses/bulk', () => ({ status: 422, body: { message: 'Account codes are already in use.', errors: { code_prefix: ['Account code KILX1 is already in use: choose another code prefix.'] } } }));
    renderApp('/property-form/p1');
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText('Number prefix'), 'A');
    expect(await within(dialog).findByText('Already in this property', {}, T)).toBeInTheDocument();
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Jirani Heights already has house A1.');
    expect(within(dialog).getByRole('button', { name: 'Add 2 houses' })).toBeDisabled();
    // another prefix clears the preview; the server still refuses (someone took the codes meanwhile)
    taken = false;
    await user.clear(within(dialog).getByLabelText('Number prefix'));
    await user.type(within(dialog).getByLabelText('Number prefix'), 'X');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Add 2 houses' })).toBeEnabled(), T);
    await user.click(within(dialog).getByRole('button', { name: 'Add 2 houses' }));
    expect(await within(dialog).findByText('Account code KILX1 is already in use: choose another code prefix.', {}, T)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add houses in bulk' })).toBeInTheDocument();
  });

  it('is offered only to those who may add houses', async () => {
    app([...crud('property', 'property_owner', 'house_type'), 'list.house', 'show.house', ...MONEY]);
    renderApp('/property-form/p1');
    const houses = await screen.findByRole('region', { name: 'Houses' }, T);
    await within(houses).findByText('KILA1', {}, T);
    expect(within(houses).queryByRole('button', { name: 'Add in bulk' })).not.toBeInTheDocument();
  });

  it('is not offered in an owner’s houses panel (no one property to add to)', async () => {
    app([...PORTFOLIO, ...MONEY]);
    renderApp('/property-owner-form/o1');
    const ownerHouses = await screen.findByRole('region', { name: 'Houses' }, T);
    await within(ownerHouses).findByText('KILA1', {}, T);
    expect(within(ownerHouses).queryByRole('button', { name: 'Add in bulk' })).not.toBeInTheDocument();
  });
});

describe('a tenant’s balance and an owner’s statement', { timeout: 60_000 }, () => {
  it('shows what the tenant owes now, the overdue part and credit, with a link to the statement', async () => {
    const { api } = app([...PORTFOLIO, 'list.statement']);
    api.on('GET', '/tenants/t1/balance', () => ({
      status: 200, body: { tenant_id: 't1', as_of: '2026-11-24', open_invoices: 2, open_balance: '15000.00', overdue: '10000.00', credit_on_account: '0.00', balance: '15000.00' },
    }));
    renderApp('/tenant-form/t1');
    const card = await screen.findByRole('region', { name: 'Balance' }, T);
    expect(await within(card).findByTestId('tenant-balance', {}, T)).toHaveTextContent('OwesKsh 15,000.00');
    expect(within(card).getByTestId('tenant-open')).toHaveTextContent('Open invoices (2)Ksh 15,000.00');
    expect(within(card).getByTestId('tenant-overdue')).toHaveTextContent('Ksh 10,000.00');
    expect(within(card).getByRole('link', { name: 'Statement' })).toHaveAttribute('href', '/statements/user/t1');
  });

  it('says a tenant in credit is in credit', async () => {
    const { api } = app([...PORTFOLIO, 'list.statement']);
    api.on('GET', '/tenants/t1/balance', () => ({
      status: 200, body: { tenant_id: 't1', as_of: '2026-11-24', open_invoices: 0, open_balance: '0.00', overdue: '0.00', credit_on_account: '2000.00', balance: '-2000.00' },
    }));
    renderApp('/tenant-form/t1');
    const card = await screen.findByRole('region', { name: 'Balance' }, T);
    expect(await within(card).findByTestId('tenant-balance', {}, T)).toHaveTextContent('In creditKsh 2,000.00');
  });

  it('shows an owner’s amount due and this month, with a link to the owner statement', async () => {
    const { api } = app([...PORTFOLIO, 'list.statement']);
    api.on('GET', '/statements/owner/o1', () => ({
      status: 200,
      body: {
        from: '2026-11-01', to: '2026-11-24', owner: { id: 'o1', name: 'Baraka Holdings' }, properties: [], amount_due_to_owner: '120500.00',
        totals: { billed: '200000.00', collected: '150000.00', expenses: '9500.00' },
      },
    }));
    renderApp('/property-owner-form/o1');
    const card = await screen.findByRole('region', { name: 'Owner statement' }, T);
    expect(await within(card).findByTestId('owner-due', {}, T)).toHaveTextContent('Ksh 120,500.00');
    expect(within(card).getByTestId('owner-collected')).toHaveTextContent('Ksh 150,000.00');
    const link = within(card).getByRole('link', { name: 'Owner statement' });
    expect(link.getAttribute('href')).toMatch(/^\/statements\/property\?owner_id=o1&from=\d{4}-\d{2}-01&to=\d{4}-\d{2}-\d{2}$/);
    const request = api.fetch.mock.calls.map(([u]) => String(u)).find((u) => u.includes('/statements/owner/o1'))!;
    expect(new URL(request, 'http://x').searchParams.get('from')).toMatch(/-01$/);
  });

  it('shows neither to someone who may not see statements', async () => {
    const { api } = app(PORTFOLIO);
    await import('../../../src/web/screens/portfolio/AccountCards');
    renderApp('/tenant-form/t1');
    await screen.findByRole('heading', { name: 'Agnes Kiarie' }, T);
    await new Promise((r) => setTimeout(r, 300));
    expect(screen.queryByRole('region', { name: 'Balance' })).not.toBeInTheDocument();
    expect(api.apiCalls('GET', '/tenants/t1/balance')).toHaveLength(0);
  });
});
