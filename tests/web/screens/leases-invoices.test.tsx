// Lease: rent, deposit and charges default from the chosen house (GET /houses/:id) and are what
// is sent; the lifecycle actions call their endpoints. Invoice: live totals exact to the cent.
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp, currentPath } from '../render-app';
import type { AppRoute } from '../../../src/web/routing/routes';
import { LeaseForm } from '../../../src/web/screens/leases/LeaseForm';
import { InvoiceForm } from '../../../src/web/screens/invoices/InvoiceForm';
import { lineCents, totalCents } from '../../../src/web/screens/invoices/totals';
import { screensApi } from './screens-api';

// whole forms typed into on a busy machine: slower than the 30 s default allows
vi.setConfig({ testTimeout: 90_000 });
const T = { timeout: 8000 };
const Done = () => <p>List page</p>;
const routes: AppRoute[] = [
  { path: '/lease-form/:id?', area: 'auth', module: 'lease', action: 'form', component: LeaseForm },
  { path: '/leases', area: 'auth', module: 'lease', action: 'list', component: Done },
  { path: '/invoice-form/:ulid?', area: 'auth', module: 'invoice', action: 'form', component: InvoiceForm },
  { path: '/invoices', area: 'auth', module: 'invoice', action: 'list', component: Done },
];

const portfolio = () => ({
  tenants: [{ id: 't-1', name: 'Amina Wanjiru', phone: '+254712345678' }],
  houses: [
    { id: 'h-1', number: 'A4', account_code: 'JHA4', rent: '15000.00', deposit: '30000.00', charge_ids: ['c-1', 'c-2'], house_type_id: null, status: 'vacant' },
    { id: 'h-2', number: 'B1', account_code: 'JHB1', rent: '9500.50', deposit: null, charge_ids: [], house_type_id: 'ht-1', status: 'vacant' },
  ],
  'house-types': [{ id: 'ht-1', name: 'Bedsitter', default_rent: '9000.00', default_deposit: '9000.00', charge_ids: ['c-1'] }],
  charges: [
    { id: 'c-1', name: 'Garbage collection', amount: '300.00', category: 'service' },
    { id: 'c-2', name: 'Water', amount: '450.50', category: 'utility' },
  ],
  leases: [] as Array<Record<string, unknown> & { id: string }>,
});

async function pick(user: ReturnType<typeof userEvent.setup>, label: RegExp, text: string, option: string | RegExp) {
  const box = screen.getByRole('combobox', { name: label });
  await user.click(box);
  await user.type(box, text);
  await user.click(await screen.findByRole('option', { name: option }, T));
}

describe('lease form', () => {
  it('fills rent, deposit and charges from the chosen house and sends them', async () => {
    const user = userEvent.setup();
    const fake = screensApi(['list.lease', 'create.lease'], portfolio());
    renderApp('/lease-form', routes);
    await screen.findByRole('heading', { name: 'New lease' }, T);
    await pick(user, /Tenant/, 'Amina', 'Amina Wanjiru');
    await pick(user, /House/, 'A4', 'A4 (JHA4)');
    expect(await screen.findByTestId('house-defaults', {}, T)).toHaveTextContent('Rent, deposit and charges filled from house A4 (rent Ksh 15,000.00).');
    await waitFor(() => expect(screen.getByLabelText(/Rent/)).toHaveValue('15,000.00'));
    expect(screen.getByLabelText(/Deposit/)).toHaveValue('30,000.00');
    expect(fake.calls.some((c) => c.method === 'GET' && c.resource === 'houses' && c.id === 'h-1')).toBe(true);
    // the house's recurring charges are listed with their amounts
    await screen.findByDisplayValue('Garbage collection', {}, T);
    expect(screen.getByDisplayValue('Water')).toBeInTheDocument();
    expect(screen.getByDisplayValue('450.50')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('List page', {}, T);
    expect(currentPath()).toBe('/leases');
    expect(fake.sent('POST', 'leases')[0]).toMatchObject({
      tenant_id: 't-1', house_id: 'h-1', rent: '15000.00', deposit: '30000.00', billing_frequency: 'monthly',
      charges: [{ charge_id: 'c-1', amount: '300.00' }, { charge_id: 'c-2', amount: '450.50' }],
    });
  });

  it('takes the house type’s deposit and charges when the house names none', async () => {
    const user = userEvent.setup();
    screensApi(['create.lease'], portfolio());
    renderApp('/lease-form', routes);
    await screen.findByRole('heading', { name: 'New lease' }, T);
    await pick(user, /House/, 'B1', 'B1 (JHB1)');
    await waitFor(() => expect(screen.getByLabelText(/Rent/)).toHaveValue('9,500.50'));
    expect(screen.getByLabelText(/Deposit/)).toHaveValue('9,000.00');
    expect(await screen.findByDisplayValue('Garbage collection', {}, T)).toBeInTheDocument();
  });

  it('activates a draft lease after confirming and says which invoice it issued', async () => {
    const user = userEvent.setup();
    const data = portfolio();
    data.leases.push({ id: 'l-1', tenant_id: 't-1', house_id: 'h-1', start_date: '2026-11-10', rent: '15000.00', deposit: '30000.00', billing_frequency: 'monthly', status: 'draft', charges: [] });
    const fake = screensApi(['list.lease', 'edit.lease'], data);
    fake.on('POST', '/leases/l-1/activate', () => {
      data.leases[0].status = 'active';
      data.leases[0].updated_at = 'now';
      return { status: 200, body: { lease: data.leases[0], invoice: { id: 'i-1', number: 'INV-000042' } } };
    });
    renderApp('/lease-form/l-1', routes);
    await user.click(await screen.findByRole('button', { name: 'Activate' }, T));
    const dialog = await screen.findByRole('dialog', {}, T);
    expect(within(dialog).getByText(/first period is billed at once/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Activate' }));
    expect(await screen.findByText('First invoice INV-000042 issued.', {}, T)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Give notice' }, T)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Activate' })).not.toBeInTheDocument();
  });

  it('ends a lease with the chosen move-out date and deposit option', async () => {
    const user = userEvent.setup();
    const data = portfolio();
    data.leases.push({ id: 'l-2', tenant_id: 't-1', house_id: 'h-1', start_date: '2026-01-01', rent: '15000.00', deposit: '30000.00', billing_frequency: 'monthly', status: 'notice', move_out_date: '2026-11-30', notice_date: '2026-11-01', charges: [] });
    const fake = screensApi(['edit.lease'], data);
    // the server's settlement, the same in the preview and the result: 32,000 − 0 + 8,133 = 40,133
    const settlement = { deposit: '32000.00', unpaid_cancelled: '0.00', arrears: '0.00', applied: '0.00', unused_days_credit: '8133.00', refundable: '40133.00', deductions: [], deductions_total: '0.00', deducted: '0.00', owed: '0.00' };
    fake.on('POST', '/leases/l-2/end-preview', () => ({ status: 200, body: { voided: ['i-9'], kept: [], last_period: null, settlement: { ...settlement, applications: [] } } }));
    fake.on('POST', '/leases/l-2/end', () => ({ status: 200, body: { lease: { ...data.leases[0], status: 'ended' }, voided: ['i-9'], kept: [], settlement: { ...settlement, applications: [] } } }));
    renderApp('/lease-form/l-2', routes);
    await user.click(await screen.findByRole('button', { name: 'End lease' }, T));
    const dialog = await screen.findByRole('dialog', {}, T);
    expect(within(dialog).getByLabelText('Move-out date')).toHaveValue('2026-11-30');
    // the preview lists every part, the unused days credit that makes the difference included
    const preview = await within(dialog).findByTestId('settlement-preview', {}, T);
    expect(preview.textContent?.replace(/\u00a0/g, ' ')).toMatch(/Deposit held \(paid\)\+ Ksh 32,000\.00Applied to what was owed− Ksh 0\.00Unused days credit \(paid for days after the move-out\)\+ Ksh 8,133\.00Refundable to the tenantKsh 40,133\.00/);
    expect(fake.sent('POST', '/leases/l-2/end-preview')[0]).toEqual({ move_out_date: '2026-11-30', apply_deposit_to_arrears: true, deductions: [] });
    await user.click(within(dialog).getByLabelText('Use the deposit to pay what the tenant still owes'));
    await waitFor(() => expect(fake.sent('POST', '/leases/l-2/end-preview').at(-1)).toEqual({ move_out_date: '2026-11-30', apply_deposit_to_arrears: false, deductions: [] }));
    await user.click(within(dialog).getByRole('button', { name: 'End lease' }));
    await waitFor(() => expect(fake.sent('POST', '/leases/l-2/end')[0]).toEqual({ move_out_date: '2026-11-30', apply_deposit_to_arrears: false, deductions: [] }));
    expect(await screen.findByText(/Deposit paid Ksh 32,000.00 − applied to arrears Ksh 0.00 − deducted Ksh 0.00 \+ unused days credit Ksh 8,133.00 = Ksh 40,133.00 to refund. 1 future invoice/, {}, T)).toBeInTheDocument();
  });
});

describe('invoice totals', () => {
  it('computes line amounts and the total in cents, rounding half away from zero', () => {
    expect(lineCents({ quantity: '3', rate: '333.33' })).toBe(99999n);
    expect(lineCents({ quantity: '1.5', rate: '0.01' })).toBe(2n);
    expect(lineCents({ quantity: '2', rate: 'abc' })).toBeNull();
    expect(lineCents({ quantity: '2', rate: '100.00', waived: true })).toBe(0n);
    // 0.1 + 0.2 in floats is 0.30000000000000004: never here
    expect(totalCents([{ quantity: '1', rate: '0.10' }, { quantity: '1', rate: '0.20' }])).toBe(30n);
  });

  it('shows each line’s amount and the total as the person types, and sends the lines', async () => {
    const user = userEvent.setup();
    const data = { ...portfolio(), invoices: [] as Array<Record<string, unknown> & { id: string }> };
    data.leases.push({ id: 'l-1', tenant_id: 't-1', house_id: 'h-1', start_date: '2026-01-01', status: 'active' });
    const fake = screensApi(['list.invoice', 'create.invoice'], data);
    renderApp('/invoice-form', routes);
    await screen.findByRole('heading', { name: 'New invoice' }, T);
    await pick(user, /Lease/, 'A4', /A4 · Amina Wanjiru/);
    await user.type(screen.getByLabelText(/Period end/), '2026-11-30');
    const descriptions = () => screen.getAllByLabelText(/Description/);
    await user.type(descriptions()[0], 'Rent November');
    await user.clear(screen.getAllByLabelText(/Qty/)[0]);
    await user.type(screen.getAllByLabelText(/Qty/)[0], '3');
    await user.type(screen.getAllByLabelText(/Rate|Unit amount/)[0], '333.33');
    expect(screen.getAllByTestId('line-amount')[0]).toHaveTextContent('Ksh 999.99');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(descriptions()).toHaveLength(2));
    await user.type(descriptions()[1], 'Water 1.5 units');
    await user.clear(screen.getAllByLabelText(/Qty/)[1]);
    await user.type(screen.getAllByLabelText(/Qty/)[1], '1.5');
    await user.type(screen.getAllByLabelText(/Rate|Unit amount/)[1], '0.01');
    expect(screen.getAllByTestId('line-amount')[1]).toHaveTextContent('Ksh 0.02');
    expect(screen.getByTestId('invoice-total')).toHaveTextContent('Ksh 1,000.01');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('List page', {}, T);
    const body = fake.sent('POST', 'invoices')[0]!;
    expect(body).toMatchObject({ lease_id: 'l-1', period_end: '2026-11-30', status: 'draft' });
    expect(body.lines).toEqual([
      { kind: 'rent', charge_id: null, description: 'Rent November', quantity: '3', rate: '333.33', waived: false },
      { kind: 'charge', charge_id: null, description: 'Water 1.5 units', quantity: '1.5', rate: '0.01', waived: false },
    ]);
  });

  it('shows an issued invoice read-only and voids it with a reason (void.invoice)', async () => {
    const user = userEvent.setup();
    const data = { ...portfolio(), invoices: [{ id: 'i-1', number: 'INV-000007', status: 'issued', tenant_id: 't-1', house_id: 'h-1', total: '15300.00', paid: '0.00', balance: '15300.00', period_start: '2026-11-01', period_end: '2026-11-30', issue_date: '2026-11-01', due_date: '2026-11-05', lines: [{ id: 'x', kind: 'rent', description: 'Rent Nov 2026', quantity: '1', rate: '15000.00', amount: '15000.00' }] }] };
    const fake = screensApi(['list.invoice', 'edit.invoice', 'void.invoice'], data);
    fake.on('POST', '/invoices/i-1/void', () => ({ status: 409, body: { message: 'Payments are allocated to this invoice; move them to another invoice first (POST /payments/{id}/allocate), then void it.' } }));
    renderApp('/invoice-form/i-1', routes);
    await screen.findByRole('heading', { name: 'Invoice INV-000007' }, T);
    expect(screen.getByTestId('invoice-total')).toHaveTextContent('Ksh 15,300.00');
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Void' }));
    const dialog = await screen.findByRole('dialog', {}, T);
    const accept = within(dialog).getByRole('button', { name: 'Void' });
    expect(accept).toBeDisabled();
    await user.type(within(dialog).getByLabelText(/Reason/), 'Billed the wrong house');
    await user.click(accept);
    expect(await within(dialog).findByText(/Payments are allocated to this invoice/, {}, T)).toBeInTheDocument();
    expect(fake.sent('POST', '/invoices/i-1/void')[0]).toEqual({ reason: 'Billed the wrong house' });
  });

  it('hides Void without the permission', async () => {
    screensApi(['list.invoice', 'edit.invoice'], { ...portfolio(), invoices: [{ id: 'i-1', number: 'INV-000007', status: 'issued', total: '1.00', paid: '0.00', balance: '1.00', lines: [] }] });
    renderApp('/invoice-form/i-1', routes);
    await screen.findByRole('heading', { name: 'Invoice INV-000007' }, T);
    expect(screen.queryByRole('button', { name: 'Void' })).not.toBeInTheDocument();
  });
});
