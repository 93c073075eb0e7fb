import { choice, date, defineResource, money, number, reference, route, text } from '../src/shared/resource.js';

export const SMS_CREDIT_KINDS = ['top_up', 'usage'] as const;

/**
 * A ledger: top-ups add credits, usage (written by the server when a message is sent) takes them.
 * Balance = top-ups − usage; a send beyond it is refused.
 */
export const smsCredits = defineResource({
  name: 'sms-credits',
  module: 'sms_credit',
  menu: 'messaging',
  order: 30,
  icon: 'Toll',
  recordTitle: (r) => `${r.kind === 'usage' ? '−' : '+'}${r.credits ?? ''}`,
  fields: [
    choice('kind', SMS_CREDIT_KINDS, { required: true, default: 'top_up', list: true, filter: true }),
    number('credits', { required: true, min: 1, list: true, sort: true }),
    money('cost', { min: 0, list: true }),
    text('reference', { maxLength: 100, list: true, search: true }),
    date('date', { required: true, list: true, sort: true, filter: true }),
    reference('message_id', 'messages', { readOnly: true }),
  ],
  defaultSort: { field: 'date', order: 'DESC' },
  routes: [route.list('/sms-credits'), route.form('/sms-credit-form/:id?')],
  delete: {
    blockedWhen: [{ field: 'kind', in: ['usage'], message: 'Usage entries are written by sending and cannot be deleted.' }],
  },
});
