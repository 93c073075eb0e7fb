// The outbox's retry button (a failed or short-of-credits message, send.message) and a payment
// channel's Daraja panel (its callback URLs for editors, a new secret after a confirmation).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, loggedIn } from '../fake-api';
import { renderApp } from '../render-app';
import { crud, serveResources } from '../generic/fake-resources';

vi.setConfig({ testTimeout: 90_000 });
const T = { timeout: 15_000 };
afterEach(() => vi.restoreAllMocks());

const FAILED = { id: 'm1', channel: 'sms', to: '+254712345678', body: 'Kodi inadaiwa', status: 'insufficient_credits', credits: 2, error: 'This message needs 2 credits and the balance is 1: top up, then retry.' };
const QUEUED = { id: 'm2', channel: 'sms', to: '+254722000111', body: 'Kesho ni siku ya kodi', status: 'queued', credits: 1, scheduled_at: '2026-05-04T06:00:00.000Z' };

describe('the outbox', () => {
  it('retries a message refused for lack of credits and says when a scheduled one goes out', async () => {
    const user = userEvent.setup();
    const api = fakeApi(loggedIn({ permissions: [...crud('message'), 'send.message'] }));
    const lists = serveResources(api, { messages: [FAILED, QUEUED] });
    api.on('POST', '/messages/m1/retry', () => {
      const row = lists.get('messages')!.find((m) => m.id === 'm1')!;
      Object.assign(row, { status: 'sent', error: null });
      return { status: 200, body: row };
    });
    renderApp('/outbox');
    await screen.findByText('Kodi inadaiwa', {}, T);
    expect(await screen.findByText(/Goes out 4 May/, {}, T)).toBeInTheDocument();
    const buttons = await screen.findAllByRole('button', { name: 'Send this message again' }, T);
    expect(buttons).toHaveLength(1);
    await user.click(buttons[0]);
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST' && c.path === '/messages/m1/retry')).toBe(true), T);
    expect(await screen.findByText('Message sent', {}, T)).toBeInTheDocument();
    // the list is read again: the sent message has no retry any more
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Send this message again' })).toBeNull(), T);
  });

  it('offers no retry without send.message', async () => {
    const api = fakeApi(loggedIn({ permissions: crud('message') }));
    serveResources(api, { messages: [FAILED] });
    renderApp('/outbox');
    // the row action has loaded: it says why the message waits
    expect(await screen.findByText(FAILED.error, {}, T)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send this message again' })).toBeNull();
  });
});

const PAYBILL = { id: 'ch1', name: 'M-Pesa Paybill 4015532', kind: 'mpesa_paybill', number: '4015532', is_default: true, daraja_environment: 'production' };
const urls = (secret: string) => ({
  confirmation_url: `https://keja.example/api/v1/webhooks/mpesa/ch1/${secret}/confirmation`,
  validation_url: `https://keja.example/api/v1/webhooks/mpesa/ch1/${secret}/validation`,
  keys_set: { daraja_consumer_key: true, daraja_consumer_secret: true, daraja_passkey: false },
});

describe('a payment channel', () => {
  it('shows an M-Pesa channel\'s callback URLs and stored keys to an editor, and makes a new secret after asking', async () => {
    const user = userEvent.setup();
    const api = fakeApi(loggedIn({ permissions: crud('payment_channel', 'property', 'payment', 'income') }));
    serveResources(api, { 'payment-channels': [PAYBILL, { id: 'ch2', name: 'Office cash', kind: 'cash', is_default: false }], properties: [], payments: [], incomes: [] });
    api.on('GET', '/payment-channels/ch1/callback-urls', () => ({ status: 200, body: urls('OLDsecret') }));
    api.on('POST', '/payment-channels/ch1/rotate-secret', () => ({ status: 200, body: { confirmation_url: urls('NEWsecret').confirmation_url, validation_url: urls('NEWsecret').validation_url } }));
    renderApp('/payment-channel-form/ch1');
    const panel = await screen.findByRole('region', { name: 'M-Pesa callbacks (Daraja C2B)' }, T);
    await waitFor(() => expect(within(panel).getByLabelText('Confirmation URL')).toHaveValue(urls('OLDsecret').confirmation_url), T);
    expect(within(panel).getByLabelText('Validation URL')).toHaveValue(urls('OLDsecret').validation_url);
    expect(within(panel).getByTestId('daraja-keys')).toHaveTextContent('Daraja passkey: not set');
    expect(within(panel).getByTestId('daraja-keys')).toHaveTextContent('Daraja consumer key: stored');
    await user.click(within(panel).getByRole('button', { name: 'Make a new secret' }));
    const dialog = await screen.findByRole('dialog', {}, T);
    expect(dialog).toHaveTextContent('stop working at once');
    await user.click(within(dialog).getByRole('button', { name: 'Make a new secret' }));
    await waitFor(() => expect(within(panel).getByLabelText('Confirmation URL')).toHaveValue(urls('NEWsecret').confirmation_url), T);
    expect(api.calls.filter((c) => c.path === '/payment-channels/ch1/rotate-secret')).toHaveLength(1);
    // the keys are still described after the rotation
    expect(within(panel).getByTestId('daraja-keys')).toHaveTextContent('Daraja consumer secret: stored');
  });

  it('has no Daraja panel when it is not M-Pesa', async () => {
    const api = fakeApi(loggedIn({ permissions: crud('payment_channel', 'property', 'payment', 'income') }));
    serveResources(api, { 'payment-channels': [{ id: 'ch2', name: 'Office cash', kind: 'cash', is_default: false }], properties: [], payments: [], incomes: [] });
    renderApp('/payment-channel-form/ch2');
    await screen.findByDisplayValue('Office cash', {}, T);
    expect(screen.queryByRole('region', { name: 'M-Pesa callbacks (Daraja C2B)' })).toBeNull();
    expect(api.calls.some((c) => c.path.includes('callback-urls'))).toBe(false);
  });
});
