import {
  boolean, choice, date, datetime, defineResource, longText, money, reference, route, text,
} from '../src/shared/resource.js';
import { formatDay } from '../src/shared/format.js';

export const REMITTANCE_METHODS = ['bank', 'mpesa', 'cheque', 'cash'] as const;
export const REMITTANCE_STATUSES = ['draft', 'approved', 'void'] as const;

/**
 * A payout to an owner (domain C6: remittance = what was collected less fees and expenses). It
 * counts on the owner's statement from its date once approved (POST /remittances/:id/approve,
 * approve.remittance); a void (with a reason) takes it back on the day it is voided, so a
 * statement printed before stays true. A draft is edited or deleted; an approved one is voided.
 * More than what is due to the owner is refused until overpayment_confirmed is set: the owner
 * then owes the agency (a negative due). The property is optional: a payout may settle an
 * owner's whole account.
 */
export const remittances = defineResource({
  name: 'remittances',
  module: 'remittance',
  menu: 'money',
  order: 25,
  icon: 'Outbound',
  label: 'Owner remittance |||| Owner remittances',
  recordTitle: (r) => [r.reference, formatDay(r.date)].filter(Boolean).join(' · ') || String(r.id ?? ''),
  actions: ['approve.remittance'],
  fields: [
    reference('owner_id', 'property-owners', { required: true, list: true, filter: true }),
    reference('property_id', 'properties', { list: true, filter: true }),
    choice('method', REMITTANCE_METHODS, { required: true, default: 'bank', list: true, filter: true }),
    text('reference', { maxLength: 100, list: true, search: true }),
    date('date', { required: true, list: true, sort: true, filter: true }),
    money('amount', { required: true, min: 0.01, list: true, sort: true, filter: true }),
    date('period_start', { required: true, group: 'period', filter: true }),
    date('period_end', { required: true, group: 'period', notBefore: 'period_start' }),
    boolean('overpayment_confirmed', { required: true, default: false, label: 'Pay more than is due (the owner will owe the agency)' }),
    choice('status', REMITTANCE_STATUSES, { readOnly: true, default: 'draft', list: true, filter: true, sort: true }),
    longText('notes', { maxLength: 2000, search: true }),
    reference('approved_by_id', 'users', { readOnly: true, group: 'approval' }),
    datetime('approved_at', { readOnly: true, group: 'approval' }),
    date('voided_on', { readOnly: true, group: 'approval' }),
    text('void_reason', { readOnly: true, maxLength: 500, group: 'approval' }),
  ],
  searchThrough: ['owner_id'],
  defaultSort: { field: 'date', order: 'DESC' },
  booksDate: 'date',
  // the owner statement's "Record a payout" opens the form with its owner chosen
  routes: [route.list('/remittances'), route.form('/remittance-form/:id?'), route.form('/property-owner/:owner_id/remittance-form')],
  delete: {
    blockedWhen: [{ field: 'status', in: ['approved', 'void'], message: 'An approved remittance is never deleted; void it with a reason instead.' }],
  },
});
