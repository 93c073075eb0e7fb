import { choice, defineResource, longText, route, text } from '../src/shared/resource.js';

export const TEMPLATE_CHANNELS = ['sms', 'email'] as const;
export const TEMPLATE_PURPOSES = ['reminder', 'receipt', 'invoice', 'welcome', 'notice', 'other'] as const;
export const TEMPLATE_PLACEHOLDERS = [
  'tenant_name', 'house_number', 'property_name', 'balance', 'due_date', 'amount_paid',
  'receipt_number', 'paybill', 'account_code',
] as const;

/** The `{name}` placeholders in a text that are not in TEMPLATE_PLACEHOLDERS. */
export function unknownPlaceholders(text: unknown): string[] {
  if (typeof text !== 'string') return [];
  const found = [...text.matchAll(/\{([^{}]*)\}/g)].map((m) => m[1]);
  return [...new Set(found.filter((p) => !(TEMPLATE_PLACEHOLDERS as readonly string[]).includes(p)))];
}

export const templates = defineResource({
  name: 'templates',
  module: 'template',
  menu: 'messaging',
  order: 20,
  icon: 'TextSnippet',
  recordTitle: 'name',
  fields: [
    text('name', { required: true, maxLength: 100, unique: true, list: true, sort: true, search: true }),
    choice('channel', TEMPLATE_CHANNELS, { required: true, default: 'sms', list: true, filter: true }),
    choice('purpose', TEMPLATE_PURPOSES, { required: true, default: 'other', list: true, filter: true }),
    text('subject', { maxLength: 200 }),
    longText('body', { required: true, maxLength: 2000, search: true }),
  ],
  check: (values) => {
    const errors: Record<string, string[]> = {};
    for (const key of ['subject', 'body']) {
      const bad = unknownPlaceholders(values[key]);
      if (bad.length) errors[key] = [`Unknown placeholders: ${bad.map((p) => `{${p}}`).join(', ')}.`];
    }
    return errors;
  },
  defaultSort: { field: 'name', order: 'ASC' },
  routes: [route.list('/templates'), route.form('/template-form/:id?')],
  delete: {
    blockedBy: [{ resource: 'messages', field: 'template_id', message: 'Messages were sent from this template.' }],
  },
});
