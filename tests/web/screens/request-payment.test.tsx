// "Request payment" on a tenant: the dialog opens with the tenant's M-Pesa phone and the balance
// rounded up to whole shillings, sends the push, then follows the request until the phone answers.
// Without create.payment there is no button.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, loggedIn } from '../fake-api';
import { renderApp } from '../render-app';
import { crud, serveResources } from '../generic/fake-resources';

vi.setConfig({ testTimeout: 90_000 });
const T = { timeout: 40_000 };
afterEach(() => vi.restoreAllMocks());

const TENANT = { id: 't1', kind: 'individual', name: 'Amina Wanjiru', phone: '+254712345678', sms_opt_in: true };
const DRAFT = {
  tenant_id: 't1', tenant_name: 'Amina Wanjiru', invoice_id: null, invoice_number: null, lease_id: 'l1', balance: '1499.50', amount: '1500.00',
  phone: '254712345678', channel_id: 'ch1', channel_name: 'M-Pesa Paybill 4015532', account_reference: 'KIL01',
};
const REQUEST = {
  id: 'r1', channel_id: 'ch1', tenant_id: 't1', lease_id: 'l1', invoice_id: null, phone: '254712345678', amount: '1500.00', account_reference: 'KIL01',
  state: 'sent', merchant_request_id: 'm1', checkout_request_id: 'ws_CO_1', result_code: '0', result_desc: 'Success. Request accepted for processing',
  customer_message: null, receipt: null, payment_id: null, requested_at: '2026-11-25T07:00:00.000Z', answered_at: '2026-11-25T07:00:01.000Z', completed_at: null, queried_at: null,
};

function serve(permissions: string[]) {
  const api = fakeApi(loggedIn({ permissions }));
  serveResources(api, { tenants: [TENANT], leases: [], invoices: [], payments: [] });
  api.on('GET', '/payment-requests/draft', () => ({ status: 200, body: DRAFT }));
  return api;
}

describe('Request payment', () => {
  it('prefills phone and amount, sends the push, then shows it paid with the M-Pesa receipt', async () => {
    const user = userEvent.setup();
    const api = serve([...crud('tenant'), 'create.payment', 'show.payment']);
    api.on('POST', '/payment-requests', () => ({ status: 201, body: REQUEST }));
    let reads = 0;
    api.on('GET', '/payment-requests/r1', () => {
      reads++;
      return { status: 200, body: reads < 2 ? REQUEST : { ...REQUEST, state: 'paid', receipt: 'SKL51ZDR4F', payment_id: 'p1', result_desc: 'The service request is processed successfully.' } };
    });
    renderApp('/tenant-form/t1');
    await user.click(await screen.findByRole('button', { name: 'Request payment' }, T));
    const dialog = await screen.findByRole('dialog', { name: 'Request payment by M-Pesa' }, T);
    await waitFor(() => expect(within(dialog).getByLabelText(/M-Pesa phone/)).toHaveValue('254712345678'), T);
    expect(within(dialog).getByLabelText(/Amount \(KES\)/)).toHaveValue('1500');
    expect(dialog).toHaveTextContent('KIL01');
    expect(dialog).toHaveTextContent(/Owed: .*1,499\.50/);
    // cents are refused before anything is sent
    const amount = within(dialog).getByLabelText(/Amount \(KES\)/);
    await user.clear(amount);
    await user.type(amount, '10.50');
    expect(within(dialog).getByRole('button', { name: 'Send prompt' })).toBeDisabled();
    await user.clear(amount);
    await user.type(amount, '1500');
    await user.click(within(dialog).getByRole('button', { name: 'Send prompt' }));
    const state = await within(dialog).findByTestId('payment-request-state', {}, T);
    expect(state).toHaveTextContent('waiting for the tenant');
    await waitFor(() => expect(state).toHaveAttribute('data-state', 'paid'), T);
    expect(state).toHaveTextContent('M-Pesa receipt SKL51ZDR4F');
    expect(within(state).getByRole('link', { name: 'View payment' })).toHaveAttribute('href', '/payment-form/p1');
    const call = api.calls.find((c) => c.method === 'POST' && c.path === '/payment-requests');
    expect(call?.body).toEqual({ tenant_id: 't1', invoice_id: null, channel_id: 'ch1', phone: '254712345678', amount: '1500' });
  });

  it('shows Safaricom’s refusal in plain words, and no button without create.payment', async () => {
    const user = userEvent.setup();
    const api = serve([...crud('tenant'), 'create.payment']);
    api.on('POST', '/payment-requests', () => ({ status: 201, body: { ...REQUEST, state: 'failed', result_code: '500.001.1001', result_desc: 'Wrong credentials', checkout_request_id: null } }));
    const { unmount } = renderApp('/tenant-form/t1');
    await user.click(await screen.findByRole('button', { name: 'Request payment' }, T));
    const dialog = await screen.findByRole('dialog', { name: 'Request payment by M-Pesa' }, T);
    await waitFor(() => expect(within(dialog).getByLabelText(/M-Pesa phone/)).toHaveValue('254712345678'), T);
    await user.click(within(dialog).getByRole('button', { name: 'Send prompt' }));
    const state = await within(dialog).findByTestId('payment-request-state', {}, T);
    expect(state).toHaveTextContent('The prompt failed');
    expect(state).toHaveTextContent('Safaricom said: 500.001.1001 · Wrong credentials');
    unmount();

    serve(crud('tenant'));
    renderApp('/tenant-form/t1');
    await screen.findByDisplayValue('Amina Wanjiru', {}, T);
    expect(screen.queryByRole('button', { name: 'Request payment' })).toBeNull();
  });
});
