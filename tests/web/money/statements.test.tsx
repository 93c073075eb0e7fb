// The statements as a landlord sees them: the tenant's ledger with its running balance, the
// owner's account with its identity, the aging table with totals and links; downloads.
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
// the screens load lazily in the app; loading them here keeps the first test within its timeout
import '../../../src/web/money';
import { renderApp, currentPath } from '../render-app';
import { AGING, MONEY_PERMISSIONS, MOVED_OUT, PROPERTY_STATEMENT, STATEMENT, moneyApi, requests } from './fixtures';

const T = { timeout: 20_000 };
const text = (el: Element) => (el.textContent ?? '').replace(/\u00a0/g, ' ');

describe('tenant statement', () => {
  it('shows the opening balance, every entry in date order with its running balance, and the closing figures', async () => {
    const api = moneyApi();
    api.on('GET', '/statements/user/T1', () => ({ status: 200, body: STATEMENT }));
    renderApp('/statements/user/T1?from=2026-01-01&to=2026-11-22');

    const rows = await screen.findAllByTestId('statement-entry', {}, T);
    expect(rows.map((r) => within(r).getAllByRole('cell').map(text))).toEqual([
      ['1 Oct 2026', 'Invoice', 'INV-000001', 'Rent for October 2026', 'Ksh 65,000.00', '', 'Ksh 66,000.00'],
      ['4 Oct 2026', 'Payment', 'RCT-000001', 'Payment (mpesa UK2K67YH2G)', '', 'Ksh 40,000.00', 'Ksh 26,000.00'],
      ['10 Oct 2026', 'Penalty', 'INV-000001', 'Late payment penalty', 'Ksh 500.00', '', 'Ksh 26,500.00'],
    ]);
    const table = screen.getByRole('table', { name: 'Tenant statement' });
    const opening = within(table).getAllByRole('row')[1];
    expect(text(opening)).toContain('Opening balance');
    expect(text(opening)).toContain('Ksh 1,000.00');
    expect(text(screen.getByTestId('closing-cell'))).toBe('Ksh 26,500.00');
    expect(text(screen.getByTestId('closing-balance'))).toContain('Ksh 26,500.00');
    expect(text(screen.getByTestId('closing-balance'))).toContain('The tenant owes this');
    expect(text(screen.getByTestId('deposit-held'))).toContain('Ksh 130,000.00');
    expect(text(screen.getByTestId('credit-on-account'))).toContain('Ksh 0.00');
    expect(screen.getByText(/opening Ksh 1,000.00 \+ debits Ksh 65,500.00 − credits Ksh 40,000.00 = Ksh 26,500.00/)).toBeInTheDocument();

    const [url] = requests(api, '/statements/user/T1');
    expect(url.searchParams.get('from')).toBe('2026-01-01');
    expect(url.searchParams.get('to')).toBe('2026-11-22');
  });

  it('shows a move-out: each credit on its day with its kind, never a negative debit, and how the deposit was settled', async () => {
    const api = moneyApi();
    api.on('GET', '/statements/user/T1', () => ({ status: 200, body: MOVED_OUT }));
    renderApp('/statements/user/T1?from=2026-04-01&to=2026-04-30');
    const rows = await screen.findAllByTestId('statement-entry', {}, T);
    expect(rows.map((r) => within(r).getAllByRole('cell').map(text)).map(([date, type, , , debit, credit, balance]) => [date, type, debit, credit, balance])).toEqual([
      ['1 Apr 2026', 'Invoice', 'Ksh 20,000.00', '', 'Ksh 31,500.00'],
      ['12 Apr 2026', 'Payment', '', 'Ksh 5,000.00', 'Ksh 26,500.00'],
      ['15 Apr 2026', 'Adjustment', '', 'Ksh 10,000.00', 'Ksh 16,500.00'],
      ['15 Apr 2026', 'Deposit', '', 'Ksh 6,000.00', 'Ksh 10,500.00'],
      ['15 Apr 2026', 'Deposit', '', 'Ksh 10,000.00', 'Ksh 500.00'],
      ['15 Apr 2026', 'Waiver', '', 'Ksh 500.00', 'Ksh 0.00'],
    ]);
    const settlement = screen.getByTestId('deposit-settlement');
    expect(text(settlement)).toContain('Deposit at move-out');
    expect(text(settlement)).toContain('Moved out 15 Apr 2026 · A1');
    // the parts as a sum: + deposit paid − applied (+ unused days, none here) = refund
    expect(text(settlement)).toMatch(/Deposit held \(paid\)\+ Ksh 20,000\.00Applied to what was owed− Ksh 16,000\.00Refundable to the tenantKsh 4,000\.00/);
    expect(text(settlement)).toContain('Owed at move-out, before the deposit: Ksh 16,000.00.');
    // nothing cancelled, no unused days: those lines are left out
    expect(text(settlement)).not.toContain('cancelled');
    expect(text(settlement)).not.toContain('Unused days');
    expect(text(screen.getByTestId('deposit-held'))).toContain('Ksh 4,000.00');
    expect(screen.queryByTestId('deposit-unpaid')).toBeNull();
  });

  it('lists the unused days credit that makes the refund larger than the deposit, and the parts add up', async () => {
    const api = moneyApi();
    const d = { ...MOVED_OUT.deposit_settlements[0], deposit: '32000.00', applied: '0.00', arrears: '0.00', unused_days_credit: '8133.00', refundable: '40133.00' };
    api.on('GET', '/statements/user/T1', () => ({ status: 200, body: { ...MOVED_OUT, deposit_settlements: [d] } }));
    renderApp('/statements/user/T1?from=2026-04-01&to=2026-04-30');
    const settlement = await screen.findByTestId('deposit-settlement', {}, T);
    expect(text(settlement)).toMatch(/\+ Ksh 32,000\.00.*− Ksh 0\.00.*Unused days credit \(paid for days after the move-out\)\+ Ksh 8,133\.00Refundable to the tenantKsh 40,133\.00/);
  });

  it('says how much of the closing balance is deposit not yet paid', async () => {
    const api = moneyApi();
    api.on('GET', '/statements/user/T1', () => ({ status: 200, body: { ...STATEMENT, deposit_unpaid: '15000.00' } }));
    renderApp('/statements/user/T1?from=2026-01-01&to=2026-11-22');
    expect(text(await screen.findByTestId('deposit-unpaid', {}, T))).toBe('Includes Ksh 15,000.00 of deposit not yet paid');
    expect(screen.queryByTestId('deposit-settlement')).toBeNull();
  });

  it('asks for a tenant first, and choosing one puts it in the URL', async () => {
    const user = userEvent.setup();
    const api = moneyApi();
    api.on('GET', '/statements/user/T2', () => ({ status: 200, body: { ...STATEMENT, tenant: { id: 'T2', name: 'Ian Macharia', phone: null }, entries: [] } }));
    renderApp('/statements/user');
    expect(await screen.findByText('Choose a tenant', {}, T)).toBeInTheDocument();
    await user.click(screen.getByLabelText('Tenant'));
    await user.click(await screen.findByRole('option', { name: /Ian Macharia/ }, T));
    await waitFor(() => expect(currentPath()).toBe('/statements/user/T2'));
    expect(await screen.findByText('Nothing was billed or paid in this period.', {}, T)).toBeInTheDocument();
    expect(new URLSearchParams(window.location.search).get('from')).toMatch(/^\d{4}-01-01$/);
  });

  it('sends the lease with the statement request when the URL names one', async () => {
    const api = moneyApi();
    api.on('GET', '/statements/user/T1', () => ({ status: 200, body: { ...STATEMENT, lease: { id: 'L1', house: 'A1', property: 'Riverside Court', start_date: '2025-02-01', end_date: null, rent: '65000.00', status: 'active' } } }));
    renderApp('/statements/user/T1/L1?from=2026-01-01&to=2026-11-22');
    expect(await screen.findByText('Riverside Court · A1', {}, T)).toBeInTheDocument();
    expect(requests(api, '/statements/user/T1')[0].searchParams.get('lease_id')).toBe('L1');
  });

  it('downloads the PDF with the organisation header and saves it under the server’s name', async () => {
    const user = userEvent.setup();
    const api = moneyApi();
    api.on('GET', '/statements/user/T1', (c) => (c.headers.get('Accept')?.includes('pdf')
      ? { status: 200, body: '%PDF-1.7', headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="statement-Winnie.pdf"' } }
      : { status: 200, body: STATEMENT }));
    const created = vi.fn((_: Blob) => 'blob:statement');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderApp('/statements/user/T1?from=2026-01-01&to=2026-11-22');
    await screen.findAllByTestId('statement-entry', {}, T);
    await user.click(screen.getByRole('button', { name: 'PDF' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const pdf = requests(api, '/statements/user/T1').find((u) => u.searchParams.get('format') === 'pdf')!;
    expect(pdf.searchParams.get('from')).toBe('2026-01-01');
    const call = api.calls.filter((c) => c.path === '/statements/user/T1').at(-1)!;
    expect(call.headers.get('X-Tenant-Id')).toBe('01J0ORG0000000000000000001');
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('statement-Winnie.pdf');
    expect(created).toHaveBeenCalled();
  });

  it('hides CSV and PDF from a user who may not export, but keeps Print', async () => {
    const api = moneyApi(MONEY_PERMISSIONS.filter((p) => p !== 'export.statement'));
    api.on('GET', '/statements/user/T1', () => ({ status: 200, body: STATEMENT }));
    renderApp('/statements/user/T1');
    await screen.findAllByTestId('statement-entry', {}, T);
    expect(screen.queryByRole('button', { name: 'PDF' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'CSV' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Print' })).toBeEnabled();
  });
});

describe('property statement', () => {
  it('shows billed and collected per house and the owner’s account: opening + in − out = closing', async () => {
    const api = moneyApi();
    api.on('GET', '/statements/property/P1', () => ({ status: 200, body: PROPERTY_STATEMENT }));
    renderApp('/statements/property/P1?from=2026-01-01&to=2026-11-22');
    const houses = await screen.findAllByTestId('house-row', {}, T);
    expect(houses.map((r) => within(r).getAllByRole('cell').map(text))).toEqual([
      ['A1', 'Ksh 20,000.00', 'Ksh 15,000.00', 'Ksh 5,000.00'],
      ['A2', 'Ksh 18,000.00', 'Ksh 18,000.00', ''],
    ]);
    expect(text(screen.getByTestId('identity'))).toBe('Opening Ksh 500.00 + money in Ksh 35,000.00 − money out Ksh 17,828.00 = closing Ksh 17,672.00');
    expect(text(screen.getByTestId('line-closing'))).toContain('Ksh 17,672.00');
    expect(text(screen.getByTestId('due-to-owner'))).toContain('Ksh 17,672.00');
    // VAT on the commission and the payouts each on their own line of money out
    expect(text(screen.getByTestId('line-vat'))).toBe('−VAT 16% on the commissionKsh 528.00');
    expect(text(screen.getByTestId('line-paid-out'))).toBe('−Paid out to the ownerKsh 10,000.00');
    expect(screen.getAllByTestId('payout-row').map(text)).toEqual(['31 Oct 2026M-Pesa · SFK3H7QW2P · Riverside CourtKsh 10,000.00']);
    expect(screen.queryByTestId('owes-agency')).toBeNull();
    expect(screen.getByText(/aggregator’s share is Ksh 660.00; the agency keeps Ksh 2,640.00/)).toBeInTheDocument();
    expect(screen.getByText('Parking')).toBeInTheDocument();
    expect(screen.getByText('Repairs')).toBeInTheDocument();
    // the agency's charges and the deposits held are not the owner's: shown apart, out of the identity
    expect(text(screen.getByTestId('agency-charges'))).toBe('Charges the agency keeps, paid in the period (not the owner’s): Ksh 1,000.00.');
    const deposits = screen.getByTestId('deposits');
    expect(within(deposits).getAllByText(/Ksh/).map(text)).toEqual(['Ksh 20,000.00', 'Ksh 18,000.00', 'Ksh 6,000.00', 'Ksh 32,000.00']);
    expect(text(deposits)).toContain('Not the owner’s money');
  });

  it('leaves the deposits out when there are none', async () => {
    const api = moneyApi();
    const none = { deposits_opening: '0.00', deposits_received: '0.00', deposits_applied: '0.00', deposits_closing: '0.00', agency_charges: '0.00' };
    api.on('GET', '/statements/property/P1', () => ({ status: 200, body: { ...PROPERTY_STATEMENT, totals: { ...PROPERTY_STATEMENT.totals, ...none } } }));
    renderApp('/statements/property/P1?from=2026-01-01&to=2026-11-22');
    await screen.findAllByTestId('house-row', {}, T);
    expect(screen.queryByTestId('deposits')).toBeNull();
    expect(screen.queryByTestId('agency-charges')).toBeNull();
  });

  it('for an owner, asks the owner endpoint and keeps the owner in the URL', async () => {
    const api = moneyApi();
    api.on('GET', '/statements/owner/O1', () => ({ status: 200, body: { ...PROPERTY_STATEMENT, owner: { id: 'O1', name: 'Jane Wambui' } } }));
    renderApp('/statements/property?owner_id=O1&from=2026-01-01&to=2026-06-30');
    expect(await screen.findByRole('heading', { name: 'Owner statement' }, T)).toBeInTheDocument();
    await screen.findAllByTestId('house-row', {}, T);
    const [url] = requests(api, '/statements/owner/O1');
    expect(url.searchParams.get('to')).toBe('2026-06-30');
  });
});

describe('aging balances', () => {
  it('lists each tenant by bucket with a totals row, credits apart, and links to the tenant’s statement', async () => {
    const api = moneyApi();
    api.on('GET', '/reports/aging-balances', () => ({ status: 200, body: AGING }));
    renderApp('/statements/aging-balances');
    const rows = await screen.findAllByTestId('aging-row', {}, T);
    expect(rows.map((r) => within(r).getAllByRole('cell').map(text))).toEqual([
      ['Glamour Touch Ltd', '', '', '', '', '', '', 'Ksh 25,000.00', '-Ksh 25,000.00'],
      ['Ian Macharia', '', 'Ksh 10,300.00', '', '', '', 'Ksh 10,300.00', '', 'Ksh 10,300.00'],
      ['Winnie Nduku+254714617648', 'Ksh 1,000.00', 'Ksh 20,000.00', 'Ksh 5,000.00', '', 'Ksh 500.00', 'Ksh 26,500.00', '', 'Ksh 26,500.00'],
    ]);
    expect(within(screen.getByTestId('aging-totals')).getAllByRole('cell').map(text)).toEqual([
      'Totals', 'Ksh 1,000.00', 'Ksh 30,300.00', 'Ksh 5,000.00', 'Ksh 0.00', 'Ksh 500.00', 'Ksh 36,800.00', 'Ksh 25,000.00', 'Ksh 11,800.00',
    ]);
    expect(screen.getByRole('link', { name: 'Winnie Nduku' })).toHaveAttribute('href', '/statements/user/T1');
    expect(text(screen.getByTestId('aging-grand-total'))).toContain('Ksh 11,800.00');
  });

  it('shows deposits not yet paid in a column apart from the buckets; the balance nets them in', async () => {
    const api = moneyApi();
    const rows = AGING.rows.map((r) => (r.tenant_id === 'T2' ? { ...r, deposit: '15000.00', balance: '25300.00' } : r));
    api.on('GET', '/reports/aging-balances', () => ({ status: 200, body: { ...AGING, rows, totals: { ...AGING.totals, deposit: '15000.00', balance: '26800.00' } } }));
    renderApp('/statements/aging-balances');
    const found = await screen.findAllByTestId('aging-row', {}, T);
    expect(screen.getByRole('columnheader', { name: 'Deposit due' })).toBeInTheDocument();
    expect(within(found[1]).getAllByRole('cell').map(text)).toEqual(['Ian Macharia', '', 'Ksh 10,300.00', '', '', '', 'Ksh 10,300.00', 'Ksh 15,000.00', '', 'Ksh 25,300.00']);
    expect(within(screen.getByTestId('aging-totals')).getAllByRole('cell').map(text).slice(-4)).toEqual(['Ksh 36,800.00', 'Ksh 15,000.00', 'Ksh 25,000.00', 'Ksh 26,800.00']);
    expect(text(screen.getByTestId('aging-deposit'))).toContain('Ksh 15,000.00');
  });

  it('sorts by balance and puts a past date in the URL and the request', async () => {
    const user = userEvent.setup();
    const api = moneyApi();
    api.on('GET', '/reports/aging-balances', () => ({ status: 200, body: { ...AGING, as_of: '2026-06-30' } }));
    renderApp('/statements/aging-balances?as_of=2026-06-30');
    await screen.findAllByTestId('aging-row', {}, T);
    expect(requests(api, '/reports/aging-balances')[0].searchParams.get('as_of')).toBe('2026-06-30');
    // a past date links to the statement up to that date
    expect(screen.getByRole('link', { name: 'Ian Macharia' })).toHaveAttribute('href', '/statements/user/T2?from=2026-01-01&to=2026-06-30');
    await user.click(screen.getByRole('button', { name: 'Balance' }));
    await waitFor(() => expect(screen.getAllByTestId('aging-row').map((r) => within(r).getAllByRole('link')[0].textContent)).toEqual(['Winnie Nduku', 'Ian Macharia', 'Glamour Touch Ltd']));
  });
});
