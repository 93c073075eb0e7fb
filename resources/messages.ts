import {
  choice, datetime, defineResource, longText, number, reference, route, text,
} from '../src/shared/resource.js';

export const MESSAGE_CHANNELS = ['sms', 'email'] as const;
export const RECIPIENT_TYPES = ['tenant', 'owner', 'user', 'number'] as const;
/** logged: the log driver wrote it to the server log; it reached no phone and cost no credit. */
export const MESSAGE_STATUSES = ['queued', 'sending', 'sent', 'delivered', 'logged', 'failed', 'insufficient_credits'] as const;
export const OUTBOX_STATUSES = ['queued', 'sending', 'failed', 'insufficient_credits'] as const;
export const SENT_STATUSES = ['sent', 'delivered', 'logged'] as const;

/**
 * Composed at /send-message (a tenant preset), listed as the outbox (not yet sent or failed)
 * and sent. Delivery fields are the server's.
 */
export const messages = defineResource({
  name: 'messages',
  module: 'message',
  menu: 'messaging',
  order: 10,
  icon: 'Sms',
  recordTitle: (r) => String(r.subject || r.to || r.id || ''),
  actions: ['send.message'],
  fields: [
    choice('channel', MESSAGE_CHANNELS, { required: true, default: 'sms', list: true, filter: true }),
    choice('recipient_type', RECIPIENT_TYPES, { required: true, default: 'tenant', filter: true }),
    reference('tenant_id', 'tenants', { filter: true }),
    reference('owner_id', 'property-owners', { filter: true }),
    reference('user_id', 'users', { filter: true }),
    text('to', { required: true, maxLength: 254, list: true, search: true }),
    text('subject', { maxLength: 200, search: true }),
    longText('body', { required: true, maxLength: 2000, list: true, search: true }),
    reference('template_id', 'templates', { filter: true }),
    choice('status', MESSAGE_STATUSES, { readOnly: true, default: 'queued', list: true, filter: true, sort: true }),
    number('segments', { readOnly: true, default: 0 }),
    number('credits', { readOnly: true, default: 0, list: true }),
    text('provider_id', { readOnly: true }),
    /** The provider's price as it gave it (Africa's Talking: "KES 0.8000"). */
    text('cost', { readOnly: true, maxLength: 40 }),
    text('error', { readOnly: true, maxLength: 1000 }),
    datetime('scheduled_at', { sort: true, filter: true }),
    datetime('sent_at', { readOnly: true, list: true, sort: true, filter: true }),
    /** When the provider's delivery report said it reached the phone. */
    datetime('delivered_at', { readOnly: true, sort: true }),
    // the sender's (domain/messaging/dispatch.ts): how many times it was handed to a provider, and
    // when a transient failure will be tried again
    number('attempts', { readOnly: true, default: 0 }),
    datetime('next_attempt_at', { readOnly: true }),
    // the server's own, never shown: until when a worker holds the message ('sending'), and the
    // key that makes a receipt or a reminder unique (receipt:<payment>, reminder:<invoice>:<rule>)
    datetime('claimed_until', { readOnly: true, writeOnly: true }),
    text('dedup_key', { readOnly: true, writeOnly: true, maxLength: 100 }),
  ],
  unique: [{ fields: ['dedup_key'], message: 'This receipt or reminder was already written.' }],
  defaultSort: { field: 'id', order: 'DESC' },
  routes: [
    route.list('/outbox', { status: [...OUTBOX_STATUSES] }),
    route.list('/sent', { status: [...SENT_STATUSES] }),
    route.page('/send-message/:tenant_id?', 'compose-message', 'send.message'),
  ],
  delete: {
    blockedWhen: [{ field: 'status', in: ['sending', 'sent', 'delivered', 'logged'], message: 'A sent message is kept as history.' }],
    blockedBy: [{ resource: 'sms-credits', field: 'message_id', message: 'Credits were used for this message.' }],
  },
});
