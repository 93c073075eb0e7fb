// A save the server refuses keeps what was typed and says why, under the field it names, in words
// (a label, never a key like start_date): the payment form (a duplicate M-Pesa code, an amount
// over the limit, a 409, a field it does not show).
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../render-app';
import type { AppRoute } from '../../../src/web/routing/routes';
import { PaymentForm } from '../../../src/web/screens/payments/PaymentForm';
import { plainMessage, placeFailure } from '../../../src/web/components/field-messages';
import { screensApi } from './screens-api';

vi.setConfig({ testTimeout: 90_000 });
const T = { timeout: 8000 };
const Done = () => <p>List page</p>;
const routes: AppRoute[] = [
  { path: '/payment-form/:ulid?', area: 'auth', module: 'payment', action: 'form', component: PaymentForm },
  { path: '/payments', area: 'auth', module: 'payment', action: 'list', component: Done },
];

const data = () => ({
  tenants: [{ id: 't-1', name: 'Amina Wanjiru' }],
  leases: [] as Array<Record<string, unknown> & { id: string }>,
  houses: [{ id: 'h-1', number: 'A4', account_code: 'JHA4', rent: '15000.00', deposit: null, charge_ids: [], house_type_id: null, status: 'vacant' }],
  charges: [],
  'house-types': [],
  'payment-channels': [{ id: 'ch-1', name: 'Office M-Pesa' }],
  payments: [] as Array<Record<string, unknown> & { id: string }>,
});

async function fillPayment(user: ReturnType<typeof userEvent.setup>) {
  await screen.findByRole('heading', { name: 'Record a payment' }, T);
  await user.type(screen.getByLabelText(/Amount/), '12500');
  await user.click(screen.getByRole('radio', { name: 'M-Pesa' }));
  const channel = screen.getByRole('combobox', { name: /Channel/ });
  await user.click(channel);
  await user.click(await screen.findByRole('option', { name: 'Office M-Pesa' }, T));
  await user.type(screen.getByLabelText(/M-Pesa transaction code/), 'qgh7x2k9lm');
  await user.type(screen.getByLabelText(/Payer name/), 'Amina');
}

const kept = () => {
  expect(screen.getByLabelText(/Amount/)).toHaveValue('12,500.00');
  expect(screen.getByLabelText(/M-Pesa transaction code/)).toHaveValue('QGH7X2K9LM');
  expect(screen.getByRole('combobox', { name: /Channel/ })).toHaveValue('Office M-Pesa');
  expect(screen.getByLabelText(/Payer name/)).toHaveValue('Amina');
  expect(screen.getByRole('radio', { name: 'M-Pesa' })).toBeChecked();
};

describe('payment form, refused', () => {
  it('a code already recorded: the values stay and the message is under the code', async () => {
    const user = userEvent.setup();
    const fake = screensApi(['list.payment', 'create.payment'], data());
    fake.on('POST', '/payments', () => ({ status: 422, body: { message: 'The given data was invalid.', errors: { external_reference: ['This transaction is already recorded for this channel.'] } } }));
    renderApp('/payment-form', routes);
    await fillPayment(user);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This transaction is already recorded for this channel.', {}, T)).toBeInTheDocument();
    // under the field: its input says it is invalid and names the message
    const code = screen.getByLabelText(/M-Pesa transaction code/);
    await waitFor(() => expect(code).toHaveAttribute('aria-invalid', 'true'));
    kept();
    expect(fake.sent('POST', '/payments')[0]).toMatchObject({ amount: '12500.00', method: 'mpesa', external_reference: 'QGH7X2K9LM', channel_id: 'ch-1' });
    expect(screen.queryByText('List page')).not.toBeInTheDocument();
  });

  it('an amount over the limit: under the amount; a 409: above the form; the values stay each time', async () => {
    const user = userEvent.setup();
    const fake = screensApi(['list.payment', 'create.payment'], data());
    let answer: { status: number; body: unknown } = { status: 422, body: { message: 'Invalid', errors: { amount: ['Must be at most 999999999999.99.'] } } };
    fake.on('POST', '/payments', () => answer);
    renderApp('/payment-form', routes);
    await fillPayment(user);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Must be at most 999999999999.99.', {}, T)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText(/Amount/)).toHaveAttribute('aria-invalid', 'true'));
    kept();
    answer = { status: 409, body: { message: 'This transaction is already recorded for this channel.' } };
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert', {}, T)).toHaveTextContent('This transaction is already recorded for this channel.');
    kept();
    // a field the form does not show (status) is said above it, by its label
    answer = { status: 422, body: { message: 'Invalid', errors: { receipt_number: ['This value is already in use.'] } } };
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Receipt no.: This value is already in use.'));
    kept();
  });
});

describe('messages in words', () => {
  it('names a field by its label, never its key', async () => {
    const user = userEvent.setup();
    const fake = screensApi(['list.payment', 'create.payment'], data());
    fake.on('POST', '/payments', () => ({ status: 422, body: { message: 'Invalid', errors: { paid_at: ['Must not be before payer_phone was given.'] } } }));
    renderApp('/payment-form', routes);
    await fillPayment(user);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Must not be before payer phone was given.', {}, T)).toBeInTheDocument();
    expect(screen.queryByText(/payer_phone/)).not.toBeInTheDocument();
    kept();
  });

  it('keeps abbreviations and child rows readable', () => {
    const labelOf = (k: string) => ({ kra_pin: 'KRA PIN', start_date: 'Tarehe ya kuanza', external_reference: 'M-Pesa code' }[k] ?? k);
    expect(plainMessage('Must not be before start_date.', labelOf)).toBe('Must not be before tarehe ya kuanza.');
    expect(plainMessage('kra_pin is not valid', labelOf)).toBe('KRA PIN is not valid');
    expect(plainMessage('external_reference taken', labelOf)).toBe('M-Pesa code taken');
    const placed = placeFailure({ body: { errors: { 'charges.0.amount': ['Must be at least 0.'], rent: ['Required'] } } }, {
      shown: (p) => p === 'rent', labelOf: (p) => (p === 'charges.0.amount' ? 'Amount (Charges 1)' : p),
    });
    expect(placed).toEqual({ inline: { rent: 'Required' }, formError: 'Amount (Charges 1): Must be at least 0.' });
  });
});
