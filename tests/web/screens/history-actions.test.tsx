// A money record's history panel (words, Nairobi time, money, field labels, in English and
// Swahili) and the money actions that had no button: waive a penalty line, re-allocate a payment,
// approve a pending expense.
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { renderApp } from '../render-app';
import type { AppRoute } from '../../../src/web/routing/routes';
import { LeaseForm } from '../../../src/web/screens/leases/LeaseForm';
import { InvoiceForm } from '../../../src/web/screens/invoices/InvoiceForm';
import { PaymentForm } from '../../../src/web/screens/payments/PaymentForm';
import { describeEntry, type HistoryEntry } from '../../../src/web/screens/history/describe';
import { labelsFor } from '../../../src/web/generic/labels';
import { englishMessages } from '../../../src/web/i18n/en';
import { swahiliMessages } from '../../../src/web/i18n/sw';
import { screensApi } from './screens-api';

vi.setConfig({ testTimeout: 90_000 });
const T = { timeout: 8000 };
const Done = () => <p>List page</p>;
const routes: AppRoute[] = [
  { path: '/lease-form/:id?', area: 'auth', module: 'lease', action: 'form', component: LeaseForm },
  { path: '/leases', area: 'auth', module: 'lease', action: 'list', component: Done },
  { path: '/invoice-form/:ulid?', area: 'auth', module: 'invoice', action: 'form', component: InvoiceForm },
  { path: '/invoices', area: 'auth', module: 'invoice', action: 'list', component: Done },
  { path: '/payment-form/:ulid?', area: 'auth', module: 'payment', action: 'form', component: PaymentForm },
  { path: '/payments', area: 'auth', module: 'payment', action: 'list', component: Done },
];

type Row = Record<string, unknown> & { id: string };
const AMINA = { id: 'u-1', name: 'Amina Odhiambo' };
const entry = (e: Partial<HistoryEntry> & Pick<HistoryEntry, 'id' | 'action'>): HistoryEntry => ({ at: '2026-01-14T07:05:00.000Z', reason: null, user: AMINA, changes: [], details: null, ...e });
const historyRegion = () => screen.findByRole('region', { name: 'History' }, T);

describe('history panel', () => {
  it('shows a lease’s changes newest first: when in Nairobi time, who, and each field from what to what', async () => {
    const fake = screensApi(['list.lease', 'edit.lease'], {
      tenants: [{ id: 't-1', name: 'Amina Wanjiru' }],
      houses: [{ id: 'h-1', number: 'A4' }, { id: 'h-2', number: 'B1' }],
      charges: [],
      leases: [{ id: 'l-1', tenant_id: 't-1', house_id: 'h-2', start_date: '2026-01-01', rent: '16500.00', deposit: '30000.00', billing_frequency: 'monthly', status: 'draft', charges: [], updated_at: 'v1' }],
    });
    fake.on('GET', '/leases/l-1/history', () => ({
      status: 200,
      body: {
        entries: [
          entry({ id: 'a2', action: 'update', changes: [{ field: 'house_id', old: 'h-1', new: 'h-2' }, { field: 'rent', old: '15000.00', new: '16500.00' }] }),
          // 21:30 UTC is 00:30 the next day in Nairobi
          entry({ id: 'a1', action: 'create', at: '2026-01-13T21:30:00.000Z', user: null, changes: [{ field: 'tenant_id', old: null, new: 't-1' }, { field: 'rent', old: null, new: '15000.00' }, { field: 'deposit', old: null, new: '30000.00' }] }),
        ],
        references: { 'h-1': 'A4', 'h-2': 'B1', 't-1': 'Amina Wanjiru' },
      },
    }));
    renderApp('/lease-form/l-1', routes);
    const panel = await historyRegion();
    const items = await within(panel).findAllByRole('listitem', {}, T);
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Edited');
    expect(items[0]).toHaveTextContent('14 Jan 2026, 10:05 · Amina Odhiambo');
    expect(within(items[0]).getByText('House').nextSibling).toHaveTextContent('A4→B1');
    expect(within(items[0]).getByText('Rent').nextSibling).toHaveTextContent('Ksh 15,000.00→Ksh 16,500.00');
    expect(items[1]).toHaveTextContent('Created');
    expect(items[1]).toHaveTextContent('14 Jan 2026, 00:30 · Keja (automatic)');
    expect(within(items[1]).getByText('Tenant').nextSibling).toHaveTextContent(/^Amina Wanjiru$/);
    // a creation lists what the list shows; the rest is on the record
    expect(within(items[1]).queryByText('Deposit')).not.toBeInTheDocument();
  });

  it('puts an invoice’s money in words: allocated from a receipt, voided with its reason; it reloads after an action', async () => {
    const user = userEvent.setup();
    const invoice: Row = {
      id: 'i-1', number: 'INV-000007', status: 'partially_paid', tenant_id: 't-1', house_id: 'h-1', total: '15500.00', paid: '5000.00', balance: '10500.00',
      period_start: '2026-01-01', period_end: '2026-01-31', issue_date: '2026-01-01', due_date: '2026-01-05', updated_at: 'v1',
      lines: [
        { id: 'ln-1', kind: 'rent', description: 'Rent Jan 2026', quantity: '1', rate: '15000.00', amount: '15000.00', waived: false },
        { id: 'ln-2', kind: 'penalty', description: 'Late payment 10 Jan', quantity: '1', rate: '500.00', amount: '500.00', waived: false },
      ],
    };
    const data = { tenants: [{ id: 't-1', name: 'Amina Wanjiru' }], houses: [{ id: 'h-1', number: 'A4' }], invoices: [invoice] };
    const fake = screensApi(['list.invoice', 'edit.invoice', 'void.invoice'], data);
    const entries = [
      entry({ id: 'b2', action: 'allocate', changes: [{ field: 'paid', old: '0.00', new: '5000.00' }, { field: 'status', old: 'issued', new: 'partially_paid' }], details: { payment_id: 'p-12', amount: '5000.00' } }),
      entry({ id: 'b1', action: 'billing_run', user: null, changes: [{ field: 'number', old: null, new: 'INV-000007' }] }),
    ];
    fake.on('GET', '/invoices/i-1/history', () => ({ status: 200, body: { entries, references: { 'p-12': 'RCT-000012' } } }));
    fake.on('POST', '/invoices/i-1/lines/ln-2/waive', (body) => {
      const lines = invoice.lines as Row[];
      lines[1] = { ...lines[1], waived: true, amount: '0.00' };
      Object.assign(invoice, { total: '15000.00', balance: '10000.00', updated_at: 'v2' });
      entries.unshift(entry({ id: 'b3', action: 'waive_penalty', reason: String(body?.reason), changes: [{ field: 'total', old: '15500.00', new: '15000.00' }] }));
      return { status: 200, body: { invoice_id: 'i-1', line_id: 'ln-2', waived: '500.00', total: '15000.00' } };
    });
    renderApp('/invoice-form/i-1', routes);
    const panel = await historyRegion();
    expect(await within(panel).findByText('Allocated Ksh 5,000.00 from RCT-000012', {}, T)).toBeInTheDocument();
    expect(within(panel).getByText('Issued INV-000007 by the billing run')).toBeInTheDocument();
    expect(within(panel).getByText('Status').nextSibling).toHaveTextContent('Issued→Partially paid');

    // waive the penalty line: a reason is required
    await user.click(screen.getByRole('button', { name: 'Waive penalty Late payment 10 Jan' }));
    const dialog = await screen.findByRole('dialog', {}, T);
    expect(within(dialog).getByText('Waive this penalty of Ksh 500.00?')).toBeInTheDocument();
    const accept = within(dialog).getByRole('button', { name: 'Waive' });
    expect(accept).toBeDisabled();
    await user.type(within(dialog).getByLabelText(/Reason/), 'Paid at the bank on the 4th');
    await user.click(accept);
    await waitFor(() => expect(fake.sent('POST', '/invoices/i-1/lines/ln-2/waive')).toEqual([{ reason: 'Paid at the bank on the 4th' }]));
    expect(await screen.findByText('Penalty waived', {}, T)).toBeInTheDocument();
    // the invoice and its history reload: the line is waived, the sentence quotes the reason
    expect(await within(panel).findByText('Penalty of Ksh 500.00 waived: Paid at the bank on the 4th', {}, T)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('invoice-total')).toHaveTextContent('Ksh 15,000.00'));
    expect(screen.queryByRole('button', { name: /Waive penalty/ })).not.toBeInTheDocument();
  });

  it('hides Waive without void.invoice', async () => {
    screensApi(['list.invoice', 'edit.invoice'], {
      invoices: [{ id: 'i-1', number: 'INV-000007', status: 'issued', total: '500.00', paid: '0.00', balance: '500.00', lines: [{ id: 'ln-2', kind: 'penalty', description: 'Late payment', quantity: '1', rate: '500.00', amount: '500.00', waived: false }] }],
    });
    renderApp('/invoice-form/i-1', routes);
    await screen.findByRole('heading', { name: 'Invoice INV-000007' }, T);
    expect(screen.queryByRole('button', { name: /Waive/ })).not.toBeInTheDocument();
  });

  it('reads in Swahili, money and dates included', () => {
    const i18n = polyglotI18nProvider(() => swahiliMessages, 'sw', [], { allowMissing: true });
    const translate = (k: string, o?: Record<string, unknown>) => i18n.translate(k, o);
    const ctx = { resource: 'invoices', references: { 'p-12': 'RCT-000012' }, translate, labels: labelsFor(translate, { name: 'invoices' }), locale: 'sw' };
    const voided = describeEntry(entry({ id: 'x', action: 'void', reason: 'mpangaji alihama kabla ya kuingia', changes: [{ field: 'status', old: 'issued', new: 'void' }] }), ctx);
    expect(voided.title).toBe('Imebatilishwa: mpangaji alihama kabla ya kuingia');
    expect(voided.changes).toEqual([{ label: 'Hali', old: 'Imetolewa', new: 'Imebatilishwa' }]);
    const paid = describeEntry(entry({ id: 'y', action: 'allocate', details: { payment_id: 'p-12', amount: '5000.00' } }), ctx);
    // the currency keeps its no-break space (it never wraps away from the amount)
    expect(paid.title).toBe('Imegawiwa Ksh\u00a05,000.00 kutoka RCT-000012');
    expect(paid.who).toBe('Amina Odhiambo');
    expect(paid.when).toMatch(/^14 .+ 2026, 10:05$/);
    const en = polyglotI18nProvider(() => englishMessages, 'en');
    const enT = (k: string, o?: Record<string, unknown>) => en.translate(k, o);
    const system = describeEntry(entry({ id: 'z', action: 'penalty', user: null, details: { added: '250.00' } }), { ...ctx, translate: enT, labels: labelsFor(enT, { name: 'invoices' }), locale: 'en' });
    expect(system).toMatchObject({ title: 'Late-payment penalty added: Ksh\u00a0250.00', who: 'Keja (automatic)' });
    const ended = describeEntry(entry({
      id: 'e', action: 'end',
      changes: [{ field: 'status', old: 'notice', new: 'ended' }, { field: 'move_out_date', old: '2026-03-31', new: '2026-03-31' }],
      details: { deposit_settlement: { deposit: '30000.00', applied: '4000.00', refundable: '26000.00' } },
    }), { ...ctx, resource: 'leases', translate: enT, labels: labelsFor(enT, { name: 'leases' }), locale: 'en' });
    expect(ended.title).toBe('Ended: moved out 31 Mar 2026');
    expect(ended.extra?.replace(/\u00a0/g, ' ')).toBe('Deposit paid Ksh 30,000.00 − applied to arrears Ksh 4,000.00 + unused days credit Ksh 0.00 = Ksh 26,000.00 to refund');
    // recorded before the unused days credit had its own figure: it is what makes the difference
    const older = describeEntry(entry({
      id: 'e2', action: 'end', changes: [],
      details: { deposit_settlement: { deposit: '32000.00', applied: '0.00', refundable: '40133.00' } },
    }), { ...ctx, resource: 'leases', translate: enT, labels: labelsFor(enT, { name: 'leases' }), locale: 'en' });
    expect(older.extra?.replace(/\u00a0/g, ' ')).toBe('Deposit paid Ksh 32,000.00 − applied to arrears Ksh 0.00 + unused days credit Ksh 8,133.00 = Ksh 40,133.00 to refund');
    // a field the action kept shows its value alone
    expect(ended.changes).toEqual([{ label: 'Status', old: 'Notice', new: 'Ended' }, { label: 'Move-out date', old: null, new: '31 Mar 2026' }]);
  });
});

describe('re-allocating a payment', () => {
  const setup = (permissions: string[], status = 'allocated') => {
    const payment: Row = {
      id: 'p-1', receipt_number: 'RCT-000031', status, tenant_id: 't-1', channel_id: 'ch-1', method: 'cash', amount: '7000.00', unallocated: '0.00',
      paid_at: '2026-02-10T08:00:00.000Z', updated_at: 'v1',
      allocations: [{ invoice_id: 'i-1', amount: '5000.00' }, { invoice_id: 'i-2', amount: '2000.00' }],
    };
    const inv = (id: string, number: string, due: string, status: string, balance: string, tenant = 't-1'): Row => ({ id, number, due_date: due, status, balance, tenant_id: tenant, total: '5000.00', period_start: due, period_end: due });
    const data = {
      payments: [payment], tenants: [{ id: 't-1', name: 'Amina Wanjiru' }], 'payment-channels': [{ id: 'ch-1', name: 'Office cash' }],
      invoices: [inv('i-1', 'INV-000001', '2026-01-05', 'paid', '0.00'), inv('i-2', 'INV-000002', '2026-02-05', 'partially_paid', '3000.00'), inv('i-3', 'INV-000003', '2026-03-05', 'issued', '4000.00'), inv('i-9', 'INV-000009', '2026-01-05', 'issued', '9000.00', 't-2')],
    };
    const fake = screensApi(permissions, data);
    fake.on('GET', '/payments/p-1/history', () => ({ status: 200, body: { entries: [], references: {} } }));
    return { fake, payment };
  };

  it('lets the amounts go to the tenant’s open invoices, never beyond an invoice’s room or the payment, and sends them', async () => {
    const user = userEvent.setup();
    const { fake, payment } = setup(['list.payment', 'edit.payment']);
    let answer = { status: 409, body: { message: 'A deposit is never used for rent while its lease runs; end the lease first.' } as unknown };
    fake.on('POST', '/payments/p-1/allocate', () => answer as { status: number; body: unknown });
    renderApp('/payment-form/p-1', routes);
    await user.click(await screen.findByRole('button', { name: 'Re-allocate' }, T));
    const dialog = await screen.findByRole('dialog', {}, T);
    // this payment's invoices can take back what it put on them; another tenant's invoice is not offered
    const first = await within(dialog).findByLabelText('Amount for INV-000001', {}, T);
    const second = within(dialog).getByLabelText('Amount for INV-000002');
    const third = within(dialog).getByLabelText('Amount for INV-000003');
    expect(within(dialog).queryByText('INV-000009')).not.toBeInTheDocument();
    expect(first).toHaveValue('5000.00');
    expect(second).toHaveValue('2000.00');
    expect(within(dialog).getAllByText(/Can take Ksh 5,000.00/)).toHaveLength(2);
    expect(within(dialog).getByText(/Due 5 Mar 2026 · Can take Ksh 4,000.00/)).toBeInTheDocument();
    const save = within(dialog).getByRole('button', { name: 'Save' });

    await user.clear(first);
    await user.clear(second);
    await user.type(second, '5000.01');
    expect(await within(dialog).findByText('At most Ksh 5,000.00', {}, T)).toBeInTheDocument();
    expect(save).toBeDisabled();
    await user.clear(second);
    await user.type(second, '3500');
    await user.type(third, '4000');
    expect(within(dialog).getByText('That is Ksh 500.00 more than the payment.')).toBeInTheDocument();
    expect(save).toBeDisabled();
    await user.clear(second);
    await user.type(second, '3000');
    expect(within(dialog).getByText('Allocated: Ksh 7,000.00')).toBeInTheDocument();
    expect(within(dialog).getByText('Left as credit: Ksh 0.00')).toBeInTheDocument();

    // the server's refusal shows in the dialog, which stays open
    await user.click(save);
    expect(await within(dialog).findByText(/A deposit is never used for rent/, {}, T)).toBeInTheDocument();
    answer = { status: 200, body: { ...payment, allocations: [{ invoice_id: 'i-2', amount: '3000.00' }, { invoice_id: 'i-3', amount: '4000.00' }], updated_at: 'v2' } };
    await user.click(save);
    expect(await screen.findByText('Allocations saved', {}, T)).toBeInTheDocument();
    expect(fake.sent('POST', '/payments/p-1/allocate').at(-1)).toEqual({ allocations: [{ invoice_id: 'i-2', amount: '3000.00' }, { invoice_id: 'i-3', amount: '4000.00' }] });
  });

  it('is not offered on a reversed payment', async () => {
    setup(['list.payment', 'edit.payment', 'reverse.payment'], 'reversed');
    renderApp('/payment-form/p-1', routes);
    await screen.findByRole('heading', { name: 'Payment RCT-000031' }, T);
    expect(screen.queryByRole('button', { name: 'Re-allocate' })).not.toBeInTheDocument();
  });
});

describe('approving an expense', () => {
  const setup = (permissions: string[]) => {
    const expense: Row = {
      id: 'e-1', property_id: 'p-1', category: 'repairs', payee: 'Maji Plumbers', amount: '25000.00', date: '2026-02-03', borne_by: 'owner', status: 'pending', updated_at: 'v1',
    };
    const data = { expenses: [expense], properties: [{ id: 'p-1', name: 'Jamhuri Court' }], houses: [], 'service-providers': [], 'work-orders': [] };
    const fake = screensApi(permissions, data);
    const entries = [entry({ id: 'c1', action: 'create', changes: [{ field: 'amount', old: null, new: '25000.00' }, { field: 'status', old: null, new: 'pending' }] })];
    fake.on('GET', '/expenses/e-1/history', () => ({ status: 200, body: { entries, references: {} } }));
    return { fake, expense, entries };
  };

  it('approves a pending expense from its form (approve.expense), and its history says so', async () => {
    const user = userEvent.setup();
    const { fake, expense, entries } = setup(['list.expense', 'edit.expense', 'approve.expense']);
    fake.on('POST', '/expenses/e-1/approve', () => {
      Object.assign(expense, { status: 'approved', updated_at: 'v2' });
      entries.unshift(entry({ id: 'c2', action: 'approve', changes: [{ field: 'status', old: 'pending', new: 'approved' }] }));
      return { status: 200, body: expense };
    });
    renderApp('/expense-form/e-1');
    const panel = await historyRegion();
    expect(await within(panel).findByText('Created', {}, T)).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Approve' }, T));
    const dialog = await screen.findByRole('dialog', {}, T);
    expect(within(dialog).getByText('Approve this expense of Ksh 25,000.00?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(fake.sent('POST', '/expenses/e-1/approve')).toHaveLength(1));
    expect(await screen.findByText('Expense approved', {}, T)).toBeInTheDocument();
    await waitFor(() => expect(within(panel).getAllByRole('listitem')[0]).toHaveTextContent(/^Approved/), T);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument());
  });

  it('without approve.expense shows it pending, with no Approve; saving it says it waits for approval', async () => {
    const user = userEvent.setup();
    const { fake } = setup(['list.expense', 'edit.expense']);
    renderApp('/expense-form/e-1');
    await historyRegion();
    expect(await screen.findByTitle(/Waiting for approval/, {}, T)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText(/Payee/), ' Ltd');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/Saved as pending: the amount is above the organisation’s approval threshold/, {}, T)).toBeInTheDocument();
    expect(fake.sent('PUT', 'expenses')).toHaveLength(1);
  });
});
