import {
  boolean, choice, defineResource, email, longText, money, number, percent, phone, reference, route, text,
} from '../src/shared/resource.js';
import { DAY_OF_MONTH, kraPin, penaltyFields } from '../src/shared/resource-fields.js';

export const LOCALES = ['en-KE', 'sw-KE'] as const;
export const ALLOCATION_ORDERS = ['oldest_due_first', 'charge_priority_first'] as const;
export const SMS_DRIVERS = ['log', 'africastalking'] as const;

/** Settings fields stored as columns of organizations; every other field lives in organizations.settings. */
export const ORGANIZATION_COLUMNS = ['name', 'email', 'phone', 'address', 'kra_pin', 'logo', 'locale', 'timezone'] as const;

/**
 * One record per organisation (GET/PUT /api/v1/settings, screen /settings). Secrets are
 * write-only: never returned, and the web app's stored session never holds settings.
 */
export const settings = defineResource({
  name: 'settings',
  storage: 'settings',
  singleton: true,
  module: 'setting',
  menu: 'administration',
  order: 30,
  icon: 'Settings',
  recordTitle: 'name',
  fields: [
    text('name', { group: 'profile', required: true, maxLength: 150 }),
    // a data: URL (PNG or JPEG) is embedded in the PDFs; the server never fetches a web address (SSRF)
    text('logo', { group: 'profile', maxLength: 200_000 }),
    kraPin('kra_pin', 'profile'),
    longText('address', { group: 'profile', maxLength: 500 }),
    email('email', { group: 'profile' }),
    phone('phone', { group: 'profile' }),
    choice('locale', LOCALES, { group: 'locale', required: true, default: 'en-KE' }),
    text('timezone', { group: 'locale', required: true, default: 'Africa/Nairobi', maxLength: 50 }),
    text('invoice_prefix', { group: 'billing', default: 'INV-', maxLength: 10, pattern: '^[A-Za-z0-9/_-]*$' }),
    number('billing_day', { group: 'billing', required: true, default: 1, ...DAY_OF_MONTH }),
    number('due_day', { group: 'billing', required: true, default: 5, ...DAY_OF_MONTH }),
    number('grace_days', { group: 'billing', required: true, default: 3, min: 0, max: 60 }),
    ...penaltyFields(),
    choice('allocation_order', ALLOCATION_ORDERS, { group: 'billing', required: true, default: 'oldest_due_first' }),
    percent('default_commission_rate', { group: 'billing', default: '10' }),
    money('expense_approval_threshold', { group: 'billing', min: 0 }),
    // VAT on the management commission (the rate: tax_rates 'vat'), shown on owner statements
    boolean('vat_registered', { group: 'billing', required: true, default: false }),
    number('reminder_days_before', { group: 'reminders', default: 3, min: 0, max: 31 }),
    number('reminder_days_after', { group: 'reminders', default: 3, min: 0, max: 31 }),
    text('sms_sender_id', { group: 'sms', maxLength: 11 }),
    // an SMS receipt for every confirmed payment (domain/messaging/receipts.ts)
    boolean('send_receipts', { group: 'sms', required: true, default: true }),
    choice('sms_driver', SMS_DRIVERS, { group: 'sms', required: true, default: 'log' }),
    text('africastalking_username', { group: 'sms', maxLength: 100 }),
    text('africastalking_api_key', { group: 'sms', writeOnly: true, maxLength: 200 }),
    reference('default_payment_channel_id', 'payment-channels', { group: 'billing' }),
    longText('statement_footer', { group: 'statements', maxLength: 2000 }),
    boolean('dark_mode', { group: 'appearance', required: true, default: false }),
  ],
  defaultSort: { field: 'name', order: 'ASC' },
  routes: [route.form('/settings')],
  delete: { allowed: false, message: 'Settings cannot be deleted.' },
});
