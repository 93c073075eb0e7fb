// The permission catalogue: `action.module` strings (seed section 6, product section 2).
// Both sides import this: the server enforces it, the web app hides what it forbids.

import { AREA_MODULES } from './area-modules.generated.js';

/** Modules that are not an area of their own (an area's module comes with its declaration). */
export const OTHER_MODULES = ['statement'] as const;

/** Every area's module (generated from resources/ by `npm run areas`), then the others. */
export const MODULES = [...AREA_MODULES, ...OTHER_MODULES] as const;
export type Module = (typeof MODULES)[number];

export const CRUD_ACTIONS = ['list', 'show', 'create', 'edit', 'delete'] as const;

/**
 * Verbs that only some modules have. Two are not about one module: `view.financials` shows the
 * dashboard's money figures (billed, collected, arrears, flows: the API leaves them out without
 * it), and `export.list` downloads a whole list as CSV (GET /<area>/export.csv, on top of
 * list.<module>): reading tenants one screen at a time is not the same as taking all of them away.
 */
export const DOMAIN_PERMISSIONS = [
  'void.invoice', 'reverse.payment', 'run.billing', 'send.message', 'approve.expense',
  'assign.payment', 'export.statement', 'view.financials', 'export.list', 'approve.remittance',
  'refund.lease',
  'close.period', 'reopen.period',
] as const;

/**
 * Paying a tenant's deposit back at the move-out: money leaving the agency, approved like an
 * owner's payout (approve.remittance) by the people who hold the books, not by whoever ends leases.
 */
export const REFUND_LEASE = 'refund.lease';

/** Closing a month of the books (nothing dated in it changes after) and reopening the latest closed one. */
export const CLOSE_PERIOD = 'close.period';
export const REOPEN_PERIOD = 'reopen.period';

/** The money figures of the dashboard. */
export const VIEW_FINANCIALS = 'view.financials';
/** Downloading a whole list as CSV. */
export const EXPORT_LIST = 'export.list';

export type Permission = string;

export const permission = (action: string, module: string): Permission => `${action}.${module}`;

export const ALL_PERMISSIONS: readonly Permission[] = [
  ...MODULES.flatMap((m) => CRUD_ACTIONS.map((a) => permission(a, m))),
  ...DOMAIN_PERMISSIONS,
];

export const isKnownPermission = (p: string): boolean => ALL_PERMISSIONS.includes(p);

export function can(permissions: readonly string[] | undefined, action: string, module: string): boolean {
  return !!permissions && permissions.includes(permission(action, module));
}

const read = (...modules: Module[]) => modules.flatMap((m) => [permission('list', m), permission('show', m)]);
const write = (...modules: Module[]) =>
  modules.flatMap((m) => [permission('create', m), permission('edit', m)]);
const everything = (...modules: Module[]) => modules.flatMap((m) => CRUD_ACTIONS.map((a) => permission(a, m)));

const PORTFOLIO: Module[] = ['property_owner', 'aggregator', 'property', 'house_type', 'house', 'charge', 'meter', 'reading'];
const TENANCY: Module[] = ['tenant', 'lease'];
const MONEY: Module[] = ['invoice', 'expense', 'income', 'payment', 'payment_channel', 'remittance'];
const MESSAGING: Module[] = ['message', 'template', 'sms_credit'];
const MAINTENANCE: Module[] = ['ticket', 'work_order', 'work_order_category', 'service_provider'];

export const ADMINISTRATOR = 'Administrator';

/**
 * The five roles every new organisation starts with; all editable but Administrator keeps everything.
 * Each is what that person does in a day (product.md 2 and 7; tests/server/roles/*-day.test.ts walk
 * it). Organisations made before a change get it through a migration that only touches a built-in
 * role still holding exactly the old set (0012: an edited role is the administrator's choice).
 */
export const BUILT_IN_ROLES: ReadonlyArray<{ name: string; description: string; permissions: readonly Permission[] }> = [
  { name: ADMINISTRATOR, description: 'Everything, including users, roles and settings.', permissions: ALL_PERMISSIONS },
  {
    name: 'Manager',
    description: 'Runs the portfolio and tenancies, chases arrears, answers tickets.',
    permissions: unique([
      ...everything(...PORTFOLIO, ...TENANCY, ...MAINTENANCE, ...MESSAGING),
      ...read(...MONEY, 'statement', 'user', 'role', 'setting'),
      ...write('invoice', 'payment', 'expense', 'income'),
      'send.message', 'assign.payment', 'export.statement', 'run.billing', VIEW_FINANCIALS, EXPORT_LIST,
    ]),
  },
  {
    name: 'Accountant',
    description: 'Billing runs, receipts, allocations, expenses and statements.',
    permissions: unique([
      ...everything(...MONEY),
      ...read(...PORTFOLIO, ...TENANCY, 'statement', 'message', 'template', 'sms_credit', 'setting'),
      'void.invoice', 'reverse.payment', 'run.billing', 'approve.expense', 'assign.payment', 'export.statement',
      'approve.remittance', REFUND_LEASE, CLOSE_PERIOD, VIEW_FINANCIALS, EXPORT_LIST,
    ]),
  },
  {
    name: 'Caretaker',
    description: 'On site: tickets, work orders, meter readings and cash receipts.',
    // A cash receipt needs its channel (the form's picker) and shows which invoices it paid; no
    // money figures on the dashboard and no mass export of tenants' details. Readings are typed
    // on the walk round the property and corrected until billed, never deleted by the caretaker.
    permissions: unique([
      ...read('property', 'house', 'tenant', 'lease', 'service_provider', 'work_order_category', 'payment', 'payment_channel', 'invoice', 'meter', 'reading'),
      ...everything('ticket', 'work_order'),
      ...write('reading'),
      permission('create', 'payment'),
    ]),
  },
  {
    name: 'Viewer',
    description: 'Reads everything, changes nothing.',
    permissions: unique([
      ...read(...PORTFOLIO, ...TENANCY, ...MONEY, ...MESSAGING, ...MAINTENANCE, 'statement'),
      VIEW_FINANCIALS,
    ]),
  },
];

function unique(list: Permission[]): Permission[] {
  return [...new Set(list)];
}
