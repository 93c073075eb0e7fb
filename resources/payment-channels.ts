import { boolean, choice, defineResource, route, text } from '../src/shared/resource.js';

export const CHANNEL_KINDS = ['mpesa_paybill', 'mpesa_till', 'bank_account', 'cash', 'cheque'] as const;
export const DARAJA_ENVIRONMENTS = ['sandbox', 'production'] as const;

/**
 * A paybill receives Daraja C2B callbacks at URLs carrying callback_secret: made by the server,
 * never taken from input nor returned with the record (GET /payment-channels/{id}/callback-urls
 * shows the URLs to those who may edit the channel, who may also rotate it; the secret alone names
 * the channel and never spells a word Safaricom refuses: domain/daraja/url-rules.ts). Daraja keys are
 * encrypted at rest and never returned; with a passkey too, the channel can send STK pushes
 * ("Request payment", domain/daraja/stk.ts). At most one channel is the default.
 */
export const paymentChannels = defineResource({
  name: 'payment-channels',
  module: 'payment_channel',
  menu: 'money',
  order: 50,
  icon: 'AccountBalance',
  recordTitle: 'name',
  fields: [
    text('name', { required: true, maxLength: 100, list: true, sort: true, search: true }),
    choice('kind', CHANNEL_KINDS, { required: true, default: 'mpesa_paybill', list: true, filter: true }),
    text('number', { maxLength: 50, list: true, search: true }),
    text('bank_name', { group: 'bank', maxLength: 100 }),
    text('bank_branch', { group: 'bank', maxLength: 100 }),
    text('account_format', { maxLength: 100 }),
    boolean('is_default', { required: true, default: false, list: true, filter: true }),
    text('callback_secret', { group: 'daraja', readOnly: true, writeOnly: true }),
    choice('daraja_environment', DARAJA_ENVIRONMENTS, { group: 'daraja', default: 'production' }),
    text('daraja_consumer_key', { group: 'daraja', writeOnly: true, maxLength: 200 }),
    text('daraja_consumer_secret', { group: 'daraja', writeOnly: true, maxLength: 200 }),
    text('daraja_passkey', { group: 'daraja', writeOnly: true, maxLength: 200 }),
    // STK push ("Request payment") on a till names the head-office (store) number as
    // BusinessShortCode and the till as PartyB; blank: the channel's number (a paybill)
    text('daraja_store_number', { group: 'daraja', maxLength: 20 }),
    // validation callback: an account code that matches no house is refused (C2B00012) when
    // true, else accepted and the payment waits as unmatched
    boolean('daraja_refuse_unknown_accounts', { group: 'daraja', required: true, default: false }),
  ],
  defaultSort: { field: 'name', order: 'ASC' },
  unique: [{ fields: ['is_default'], where: { field: 'is_default', in: ['true'] }, message: 'Another channel is already the default.' }],
  routes: [route.list('/payment-channels'), route.form('/payment-channel-form/:id?')],
  delete: {
    blockedBy: [
      { resource: 'payments', field: 'channel_id', message: 'Payments were received on this channel.' },
      { resource: 'properties', field: 'payment_channel_id', message: 'Properties use this channel.' },
      { resource: 'incomes', field: 'channel_id', message: 'Incomes were received on this channel.' },
    ],
  },
});
