// A paybill's Daraja actions: "Register URLs" shows Safaricom's answer in plain words, and in demo
// mode "Simulate a payment" sends the amount and account and links to the payment that arrived.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, loggedIn } from '../fake-api';
import { renderApp } from '../render-app';
import { crud, serveResources } from '../generic/fake-resources';

vi.setConfig({ testTimeout: 90_000 });
const T = { timeout: 40_000 };
afterEach(() => vi.restoreAllMocks());

const PAYBILL = { id: 'ch1', name: 'M-Pesa Paybill 4015532', kind: 'mpesa_paybill', number: '4015532', is_default: true, daraja_environment: 'production' };
const URLS = {
  confirmation_url: 'https://keja.example/api/v1/webhooks/c2b/abc/confirmation',
  validation_url: 'https://keja.example/api/v1/webhooks/c2b/abc/validation',
  keys_set: { daraja_consumer_key: true, daraja_consumer_secret: true, daraja_passkey: false },
};

function serve(canSimulate: boolean) {
  const api = fakeApi(loggedIn({ permissions: crud('payment_channel', 'property', 'payment', 'income', 'house') }));
  serveResources(api, { 'payment-channels': [PAYBILL], properties: [], payments: [], incomes: [], houses: [{ id: 'h1', number: '1', account_code: 'KIL01' }] });
  api.on('GET', '/payment-channels/ch1/callback-urls', () => ({ status: 200, body: { ...URLS, can_simulate: canSimulate } }));
  return api;
}

describe('Daraja actions on a paybill', () => {
  it('register URLs: says in plain words that production URLs are already registered, with Safaricom’s own answer', async () => {
    const user = userEvent.setup();
    const api = serve(false);
    api.on('POST', '/payment-channels/ch1/register-urls', () => ({ status: 200, body: { outcome: 'already_registered', code: '500.003.1001', description: 'Urls are already registered', ...URLS } }));
    renderApp('/payment-channel-form/ch1');
    const panel = await screen.findByRole('region', { name: 'M-Pesa callbacks (Daraja C2B)' }, T);
    await user.click(await within(panel).findByRole('button', { name: 'Register URLs' }, T));
    const answer = await within(panel).findByTestId('daraja-answer', {}, T);
    expect(answer).toHaveTextContent('Safaricom already holds URLs for this shortcode');
    expect(answer).toHaveTextContent('Safaricom said: 500.003.1001 · Urls are already registered');
    // no simulation outside demo mode
    expect(within(panel).queryByRole('button', { name: 'Simulate a payment' })).toBeNull();
  });

  it('simulate a payment (demo): sends amount and account, then links to the payment', async () => {
    const user = userEvent.setup();
    const api = serve(true);
    api.on('POST', '/payment-channels/ch1/simulate', () => ({ status: 200, body: { outcome: 'ok', code: '0', description: 'Accept the service request successfully.', payment_id: 'p1' } }));
    renderApp('/payment-channel-form/ch1');
    const panel = await screen.findByRole('region', { name: 'M-Pesa callbacks (Daraja C2B)' }, T);
    const account = await within(panel).findByLabelText('Account number', {}, T);
    await waitFor(() => expect(account).toHaveValue('KIL01'), T);
    const amount = within(panel).getByLabelText('Amount (KES)');
    await user.clear(amount);
    await user.type(amount, '2500');
    await user.click(within(panel).getByRole('button', { name: 'Simulate a payment' }));
    const answer = await within(panel).findByTestId('daraja-answer', {}, T);
    expect(answer).toHaveTextContent('The fake Daraja delivered the payment to Keja.');
    expect(within(answer).getByRole('link', { name: 'View payment' })).toHaveAttribute('href', '/payment-form/p1');
    const call = api.calls.find((c) => c.method === 'POST' && c.path === '/payment-channels/ch1/simulate');
    expect(call?.body).toEqual({ amount: '2500', account: 'KIL01' });
  });
});
