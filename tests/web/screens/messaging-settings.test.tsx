// Templates: placeholders inserted where the cursor is, the preview and the segment counter.
// Settings: write-only secrets are never echoed and only sent when typed. Payments: assign and
// reverse as permitted. Compose: the server's preview (credits, who lacks what) and the POST /messages/send body. SMS credits:
// the balance above the ledger.
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp, currentPath } from '../render-app';
import type { AppRoute } from '../../../src/web/routing/routes';
import { TemplateForm } from '../../../src/web/screens/templates/TemplateForm';
import { SettingsForm } from '../../../src/web/screens/settings/SettingsForm';
import { PaymentForm } from '../../../src/web/screens/payments/PaymentForm';
import { ComposeMessage } from '../../../src/web/screens/messages/ComposeMessage';
import { SmsBalance } from '../../../src/web/screens/sms-credits/SmsCreditsList';
import { screensApi } from './screens-api';

// whole forms typed into on a busy machine: slower than the 30 s default allows
vi.setConfig({ testTimeout: 90_000 });
const T = { timeout: 8000 };
const Done = () => <p>List page</p>;
const routes: AppRoute[] = [
  { path: '/template-form/:ulid?', area: 'auth', module: 'template', action: 'form', component: TemplateForm },
  { path: '/templates', area: 'auth', module: 'template', action: 'list', component: Done },
  { path: '/settings', area: 'auth', permission: 'show.setting', component: SettingsForm },
  { path: '/payment-form/:ulid?', area: 'auth', module: 'payment', action: 'form', component: PaymentForm },
  { path: '/payments', area: 'auth', module: 'payment', action: 'list', component: Done },
  { path: '/send-message/:ulid?', area: 'auth', permission: 'send.message', component: ComposeMessage },
  { path: '/outbox', area: 'auth', module: 'message', action: 'list', component: Done },
  { path: '/sms-balance', area: 'auth', component: SmsBalance },
];

describe('template form', () => {
  it('inserts a clicked placeholder at the cursor, previews it with sample values and counts segments', async () => {
    const user = userEvent.setup();
    const fake = screensApi(['list.template', 'create.template'], { templates: [] });
    renderApp('/template-form', routes);
    await screen.findByRole('heading', { name: 'New template' }, T);
    await user.type(screen.getByLabelText(/^Name/), 'Reminder');
    const body = screen.getByLabelText(/Body/) as HTMLTextAreaElement;
    await user.type(body, 'Habari , kodi inadaiwa.');
    body.setSelectionRange(7, 7);
    fireEvent.select(body);
    await user.click(screen.getByRole('button', { name: '{tenant_name}' }));
    await waitFor(() => expect(body).toHaveValue('Habari {tenant_name}, kodi inadaiwa.'));
    expect(screen.getByTestId('template-preview')).toHaveTextContent('Habari Amina, kodi inadaiwa.');
    expect(screen.getByTestId('sms-segments')).toHaveTextContent('1 SMS');
    // 161 plain characters after filling: two parts of 153
    fireEvent.change(body, { target: { value: 'x'.repeat(161) } });
    await waitFor(() => expect(screen.getByTestId('sms-segments')).toHaveTextContent('2 SMS'));
    expect(screen.getByTestId('sms-counter')).toHaveTextContent('161 characters');
    // a non-GSM character switches to UCS-2: 70 per SMS
    fireEvent.change(body, { target: { value: `${'ş'.repeat(71)}` } });
    await waitFor(() => expect(screen.getByTestId('sms-counter')).toHaveTextContent('UCS-2'));
    expect(screen.getByTestId('sms-segments')).toHaveTextContent('2 SMS');
    fireEvent.change(body, { target: { value: 'Lipa {kodi} leo' } });
    expect(await screen.findByText('Unknown placeholders: {kodi}', {}, T)).toBeInTheDocument();
    fireEvent.change(body, { target: { value: 'Asante {tenant_name}, tumepokea {amount_paid}.' } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('List page', {}, T);
    expect(fake.sent('POST', 'templates')[0]).toEqual({ name: 'Reminder', channel: 'sms', purpose: 'reminder', subject: null, body: 'Asante {tenant_name}, tumepokea {amount_paid}.' });
  });
});

const SETTINGS = {
  id: 'org-1', name: 'Riverside Lettings', logo: null, kra_pin: null, address: null, email: null, phone: null, locale: 'en-KE', timezone: 'Africa/Nairobi',
  invoice_prefix: 'INV-', billing_day: 1, due_day: 5, grace_days: 3, penalty_type: 'fixed', penalty_amount: '1000.00', penalty_rate: null,
  penalty_frequency: 'once', penalty_cap: null, allocation_order: 'oldest_due_first', default_commission_rate: '10', expense_approval_threshold: null,
  reminder_days_before: 3, reminder_days_after: 3, sms_sender_id: 'RIVERSIDE', sms_driver: 'africastalking', africastalking_username: 'riverside',
  africastalking_api_key_set: true, default_payment_channel_id: null, statement_footer: null, dark_mode: false,
};

describe('settings', () => {
  it('never shows a stored secret, says it is set, and sends one only when typed', async () => {
    const user = userEvent.setup();
    const fake = screensApi(['show.setting', 'edit.setting'], { 'payment-channels': [] });
    fake.on('GET', '/settings', () => ({ status: 200, body: SETTINGS }));
    fake.on('PUT', '/settings', (b) => ({ status: 200, body: { ...SETTINGS, ...b, africastalking_api_key: undefined, africastalking_api_key_set: true } }));
    renderApp('/settings', routes);
    await screen.findByRole('heading', { name: 'Settings' }, T);
    await user.click(screen.getByRole('tab', { name: /SMS/ }));
    const key = screen.getByLabelText(/Africa's Talking API key|API key/);
    expect(key).toHaveValue('');
    expect(screen.getByTestId('secret-status')).toHaveTextContent('API key set');
    expect(key).toHaveAttribute('placeholder', 'Type a new key to replace it');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fake.sent('PUT', '/settings')).toHaveLength(1));
    const first = fake.sent('PUT', '/settings')[0]!;
    expect(first).not.toHaveProperty('africastalking_api_key');
    expect(first).not.toHaveProperty('africastalking_api_key_set');
    expect(first).toMatchObject({ name: 'Riverside Lettings', sms_driver: 'africastalking', penalty_amount: '1000.00', default_commission_rate: 10 });
    await screen.findByText('Settings saved', {}, T);
    await user.click(screen.getByRole('tab', { name: /SMS/ }));
    await user.type(screen.getByLabelText(/API key/), 'atsk_new_key_123');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fake.sent('PUT', '/settings')).toHaveLength(2));
    expect(fake.sent('PUT', '/settings')[1]).toMatchObject({ africastalking_api_key: 'atsk_new_key_123' });
    // after the save the field is empty again: the key is not kept in the page
    await waitFor(() => expect(screen.getByLabelText(/API key/)).toHaveValue(''));
  });

  it('sends a test SMS with the typed number, shows the provider\'s answer in plain words, and shows the delivery-report URL', async () => {
    const user = userEvent.setup();
    const fake = screensApi(['show.setting', 'edit.setting'], { 'payment-channels': [] });
    const url = `http://keja.test/api/v1/webhooks/sms/${'a'.repeat(64)}/delivery-reports`;
    fake.on('GET', '/settings', () => ({ status: 200, body: SETTINGS }));
    fake.on('GET', '/settings/sms/delivery-report-url', () => ({ status: 200, body: { delivery_report_url: url } }));
    fake.on('POST', '/settings/test-sms', (b) => (b?.to === '12'
      ? { status: 422, body: { message: 'The given data was invalid.', errors: { to: ['Enter a valid phone number, e.g. 0712 345678 or +254712345678.'] } } }
      : { status: 200, body: { ok: false, outcome: 'refused', permanent: true, message: 'The recipient has opted out of SMS from this sender (UserInBlacklist).', provider_status: 'UserInBlacklist', provider_id: null, cost: null } }));
    renderApp('/settings', routes);
    await screen.findByRole('heading', { name: 'Settings' }, T);
    await user.click(screen.getByRole('tab', { name: /SMS/ }));
    expect(await screen.findByDisplayValue(url, {}, T)).toHaveAttribute('readonly');
    await user.type(screen.getByLabelText('Phone number'), '12');
    await user.click(screen.getByRole('button', { name: 'Send test SMS' }));
    expect(await screen.findByText(/Enter a valid phone number/, {}, T)).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Phone number'));
    await user.type(screen.getByLabelText('Phone number'), '0712 345678{Enter}');
    expect(await screen.findByTestId('test-sms-answer', {}, T)).toHaveTextContent('opted out of SMS from this sender');
    expect(fake.sent('POST', '/settings/test-sms')).toEqual([{ to: '12' }, { to: '0712 345678' }]);
    // Enter in the test field never submitted the settings form
    expect(fake.sent('PUT', '/settings')).toHaveLength(0);
  });

  it('takes the logo from a PNG file as a data: URL (the PDFs embed it), refuses other files, and can remove it', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const fake = screensApi(['show.setting', 'edit.setting'], { 'payment-channels': [] });
    fake.on('GET', '/settings', () => ({ status: 200, body: SETTINGS }));
    fake.on('PUT', '/settings', (b) => ({ status: 200, body: { ...SETTINGS, ...b } }));
    renderApp('/settings', routes);
    await screen.findByRole('heading', { name: 'Settings' }, T);
    const input = screen.getByTestId('logo-file') as HTMLInputElement;
    await user.upload(input, new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' }));
    expect(await screen.findByText('Choose a PNG or JPEG image.', {}, T)).toBeInTheDocument();
    await user.upload(input, new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'logo.png', { type: 'image/png' }));
    expect(await screen.findByTestId('logo-preview', {}, T)).toHaveAttribute('src', expect.stringMatching(/^data:image\/png;base64,iVBORw0KGgo/));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fake.sent('PUT', '/settings')).toHaveLength(1));
    expect(String(fake.sent('PUT', '/settings')[0]!.logo)).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fake.sent('PUT', '/settings')).toHaveLength(2));
    expect(fake.sent('PUT', '/settings')[1]!.logo ?? null).toBeNull();
  });

  it('is read-only without edit.setting', async () => {
    const fake = screensApi(['show.setting'], { 'payment-channels': [] });
    fake.on('GET', '/settings', () => ({ status: 200, body: SETTINGS }));
    renderApp('/settings', routes);
    await screen.findByRole('heading', { name: 'Settings' }, T);
    expect(screen.getByText(/You can read these settings/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.getByDisplayValue('Riverside Lettings')).toBeDisabled();
  });
});

describe('payment form', () => {
  const unmatched = { id: 'p-1', receipt_number: 'RCT-000010', status: 'unmatched', amount: '5000.00', unallocated: '5000.00', method: 'mpesa', external_reference: 'QGH7X2K9LM', channel_id: 'ch-1', paid_at: '2026-11-20T08:00:00.000Z', tenant_id: null, lease_id: null, allocations: [] };

  it('records a cash payment without a tenant (unmatched) and requires an M-Pesa code for M-Pesa', async () => {
    const user = userEvent.setup();
    const fake = screensApi(['list.payment', 'create.payment'], { payments: [], 'payment-channels': [{ id: 'ch-1', name: 'Office cash' }], tenants: [] });
    renderApp('/payment-form', routes);
    await screen.findByRole('heading', { name: 'Record a payment' }, T);
    await user.type(screen.getByLabelText(/Amount/), '2500.50');
    await user.click(screen.getByRole('combobox', { name: /Channel/ }));
    await user.click(await screen.findByRole('option', { name: 'Office cash' }, T));
    await user.click(screen.getByLabelText('M-Pesa'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The M-Pesa transaction code is required', {}, T)).toBeInTheDocument();
    await user.click(screen.getByLabelText('Cash'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('List page', {}, T);
    expect(fake.sent('POST', 'payments')[0]).toMatchObject({ amount: '2500.50', method: 'cash', channel_id: 'ch-1', tenant_id: null, lease_id: null });
  });

  it('assigns an unmatched payment to a tenant (assign.payment) and hides Reverse without reverse.payment', async () => {
    const user = userEvent.setup();
    const fake = screensApi(['list.payment', 'edit.payment', 'assign.payment'], {
      payments: [{ ...unmatched }], 'payment-channels': [{ id: 'ch-1', name: 'Paybill 4015532' }],
      tenants: [{ id: 't-1', name: 'Amina Wanjiru' }], leases: [], houses: [], invoices: [],
    });
    fake.on('POST', '/payments/p-1/assign', () => ({ status: 200, body: { ...unmatched, status: 'allocated', tenant_id: 't-1' } }));
    renderApp('/payment-form/p-1', routes);
    await screen.findByRole('heading', { name: 'Payment RCT-000010' }, T);
    expect(screen.queryByRole('button', { name: 'Reverse' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Assign to tenant' }));
    const dialog = await screen.findByRole('dialog', {}, T);
    await user.click(within(dialog).getByRole('combobox', { name: 'Tenant' }));
    await user.click(await screen.findByRole('option', { name: 'Amina Wanjiru' }, T));
    await user.click(within(dialog).getByRole('button', { name: 'Assign to tenant' }));
    await waitFor(() => expect(fake.sent('POST', '/payments/p-1/assign')[0]).toEqual({ tenant_id: 't-1', lease_id: null }));
    expect(await screen.findByText('Payment assigned', {}, T)).toBeInTheDocument();
  });

  it('shows allocations read-only and reverses with a reason', async () => {
    const user = userEvent.setup();
    const allocated = { ...unmatched, status: 'allocated', tenant_id: 't-1', unallocated: '500.00', allocations: [{ invoice_id: 'i-1', amount: '4500.00' }] };
    const fake = screensApi(['list.payment', 'edit.payment', 'reverse.payment', 'assign.payment'], {
      payments: [allocated], 'payment-channels': [{ id: 'ch-1', name: 'Paybill 4015532' }], tenants: [{ id: 't-1', name: 'Amina Wanjiru' }],
      invoices: [{ id: 'i-1', number: 'INV-000031', period_start: '2026-11-01', period_end: '2026-11-30' }],
    });
    fake.on('POST', '/payments/p-1/reverse', () => ({ status: 200, body: { ...allocated, status: 'reversed' } }));
    renderApp('/payment-form/p-1', routes);
    await screen.findByRole('heading', { name: 'Payment RCT-000010' }, T);
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Assign to tenant' })).not.toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Allocations' });
    expect(await within(table).findByText('INV-000031', {}, T)).toBeInTheDocument();
    expect(within(table).getByText('Ksh 4,500.00')).toBeInTheDocument();
    expect(screen.getByTestId('payment-unallocated')).toHaveTextContent('Ksh 500.00');
    await user.click(screen.getByRole('button', { name: 'Reverse' }));
    const dialog = await screen.findByRole('dialog', {}, T);
    await user.type(within(dialog).getByLabelText(/Reason/), 'Cheque bounced');
    await user.click(within(dialog).getByRole('button', { name: 'Reverse' }));
    await waitFor(() => expect(fake.sent('POST', '/payments/p-1/reverse')[0]).toEqual({ reason: 'Cheque bounced' }));
  });
});

describe('compose message', () => {
  // the server's plan (POST /messages/preview): filled per tenant, who lacks what, credits and balance
  const planFor = (body: string) => {
    const filled = body
      .replaceAll('{tenant_name}', 'Amina').replaceAll('{house_number}', 'A4').replaceAll('{balance}', '15,000.00')
      .replaceAll('{paybill}', '4015532').replaceAll('{account_code}', 'JHA4');
    const gaps = /\{due_date\}/.test(body);
    const segments = Math.ceil(filled.length / (filled.length > 160 ? 153 : 160));
    return {
      messages: [{ tenant_id: 't-1', name: 'Amina Wanjiru', to: '+254712345678', subject: null, body: filled, segments, credits: segments }],
      skipped: gaps ? [{ tenant_id: 't-2', name: 'Chege Kamau', reason: 'No value for {due_date}: not sent.', missing: ['due_date'] }] : [],
      credits: segments, balance: 1,
    };
  };

  it('presets the tenant, shows the server\'s filled text, who lacks what, credits against the balance, and sends', async () => {
    const user = userEvent.setup();
    const fake = screensApi(['send.message', 'create.message', 'list.message', 'list.statement'], {
      tenants: [{ id: 't-1', name: 'Amina Wanjiru', phone: '+254712345678', email: null, sms_opt_in: true }],
      templates: [{ id: 'tp-1', name: 'Rent reminder', channel: 'sms', body: 'Habari {tenant_name}, kodi ya {house_number} ni KES {balance}. Paybill {paybill}, akaunti {account_code}.', subject: null }],
      messages: [],
    });
    fake.on('POST', '/messages/preview', (b) => ({ status: 200, body: planFor(String(b?.body)) }));
    fake.on('POST', '/messages/send', () => ({ status: 201, body: { messages: [], skipped: [], credits: 2, sent: 0, logged: 0, queued: 0, insufficient_credits: 1, failed: 0 } }));
    renderApp('/send-message/t-1', routes);
    await screen.findByRole('heading', { name: 'Send a message' }, T);
    await waitFor(() => expect(screen.getByTestId('recipient-count')).toHaveTextContent('1 recipient'), T);
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    await user.click(screen.getByRole('combobox', { name: 'Template' }));
    await user.click(await screen.findByRole('option', { name: 'Rent reminder' }, T));
    const expected = 'Habari Amina, kodi ya A4 ni KES 15,000.00. Paybill 4015532, akaunti JHA4.';
    await waitFor(() => expect(screen.getByTestId('compose-preview')).toHaveTextContent(expected), T);
    expect(screen.getByTestId('sms-credits')).toHaveTextContent('1 credit for 1 recipient');
    // more than 160 characters and a placeholder one tenant has no value for
    const message = screen.getByLabelText(/^Message/) as HTMLTextAreaElement;
    fireEvent.change(message, { target: { value: `${message.value} Tangu {due_date}. ${'x'.repeat(100)}` } });
    await waitFor(() => expect(screen.getByTestId('sms-credits')).toHaveTextContent('2 credits'), T);
    expect(screen.getByTestId('credit-balance')).toHaveTextContent('needs 2 credits but the balance is 1');
    expect(screen.getByTestId('compose-incomplete')).toHaveTextContent('1 recipient will get nothing');
    expect(screen.getByTestId('compose-incomplete')).toHaveTextContent('Chege Kamau: no {due_date}');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const dialog = await screen.findByRole('dialog', {}, T);
    expect(dialog).toHaveTextContent('Send to 1 recipient?');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await screen.findByText('List page', {}, T);
    expect(currentPath()).toBe('/outbox');
    // one call: the audience and the text as written; the server fills each tenant's placeholders
    expect(fake.sent('POST', '/messages/send')).toEqual([{
      audience: { kind: 'tenant', tenant_id: 't-1' }, channel: 'sms', subject: null, template_id: 'tp-1', scheduled_at: null,
      body: `Habari {tenant_name}, kodi ya {house_number} ni KES {balance}. Paybill {paybill}, akaunti {account_code}. Tangu {due_date}. ${'x'.repeat(100)}`,
    }]);
    expect(fake.sent('POST', 'messages')).toEqual([]);
    // one waits for credits: the outbox, which shows it
    expect(screen.getByText('Sent: 0 · Scheduled: 0 · Waiting for credits: 1 · Failed: 0')).toBeInTheDocument();
  });

  it('says so when the log driver only wrote the messages to the server log', async () => {
    const user = userEvent.setup();
    const fake = screensApi(['send.message', 'list.message'], { tenants: [{ id: 't-1', name: 'Amina Wanjiru', phone: '+254712345678' }], templates: [], messages: [] });
    fake.on('POST', '/messages/preview', (b) => ({ status: 200, body: { ...planFor(String(b?.body)), balance: 0 } }));
    fake.on('POST', '/messages/send', () => ({ status: 201, body: { messages: [], skipped: [], credits: 1, sent: 0, logged: 1, queued: 0, insufficient_credits: 0, failed: 0 } }));
    renderApp('/send-message/t-1', routes);
    await waitFor(() => expect(screen.getByTestId('recipient-count')).toHaveTextContent('1 recipient'), T);
    fireEvent.change(screen.getByLabelText(/^Message/), { target: { value: 'Habari {tenant_name}' } });
    await waitFor(() => expect(screen.getByTestId('compose-preview')).toHaveTextContent('Habari Amina'), T);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await user.click(within(await screen.findByRole('dialog', {}, T)).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(/1 written to the server log, not delivered/, {}, T)).toBeInTheDocument();
    expect(screen.getByText(/Sent: 0/)).toBeInTheDocument();
  });
});

describe('SMS credits', () => {
  it('shows the balance prominently', async () => {
    const fake = screensApi(['list.sms_credit', 'send.message'], {});
    fake.on('GET', '/dashboard', () => ({ status: 200, body: { sms_credits: 2345 } }));
    renderApp('/sms-balance', routes);
    expect(await screen.findByTestId('sms-balance', {}, T)).toHaveTextContent('2,345credits');
    expect(screen.getByRole('link', { name: 'Send a message' })).toHaveAttribute('href', '/send-message');
  });
});
