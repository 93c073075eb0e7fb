// Fake API answers for the money screens' tests: a tenant statement, a property statement, an
// aging report, the dashboard and the records the pickers list.
import { fakeApi, loggedIn } from '../fake-api';
import { todayInNairobi } from '../../../src/web/money/dates';
import type { AgingReport, Dashboard, PropertyStatement, TenantStatement } from '../../../src/web/money/types';

export const TENANT = { id: 'T1', name: 'Winnie Nduku', phone: '+254714617648' };
export const TENANT2 = { id: 'T2', name: 'Ian Macharia', phone: '+254787378885' };
export const LEASE = { id: 'L1', tenant_id: 'T1', house_id: 'H1', start_date: '2025-02-01', status: 'active' };

export const STATEMENT: TenantStatement = {
  tenant: TENANT,
  lease: null,
  from: '2026-01-01',
  to: '2026-11-22',
  opening_balance: '1000.00',
  entries: [
    { date: '2026-10-01', type: 'invoice', reference: 'INV-000001', description: 'Rent for October 2026', debit: '65000.00', credit: '0.00', balance: '66000.00' },
    { date: '2026-10-04', type: 'payment', reference: 'RCT-000001', description: 'Payment (mpesa UK2K67YH2G)', debit: '0.00', credit: '40000.00', balance: '26000.00' },
    { date: '2026-10-10', type: 'penalty', reference: 'INV-000001', description: 'Late payment penalty', debit: '500.00', credit: '0.00', balance: '26500.00' },
  ],
  total_debits: '65500.00',
  total_credits: '40000.00',
  closing_balance: '26500.00',
  deposit_held: '130000.00',
  deposit_unpaid: '0.00',
  credit_on_account: '0.00',
  deposit_settlements: [],
  deposit_ledger: { received: '130000.00', applied: '0.00', deducted: '0.00', unused_days_credit: '0.00', refunded: '0.00', balance_held: '130000.00' },
};

/** A tenant who moved out: the move-out credit, a waiver and the deposit applied, each on its day. */
export const MOVED_OUT: TenantStatement = {
  ...STATEMENT,
  from: '2026-04-01',
  to: '2026-04-30',
  opening_balance: '11500.00',
  entries: [
    { date: '2026-04-01', type: 'invoice', reference: 'INV-000002', description: 'Rent Apr 2026', debit: '20000.00', credit: '0.00', balance: '31500.00' },
    { date: '2026-04-12', type: 'payment', reference: 'RCT-000002', description: 'Payment (cash)', debit: '0.00', credit: '5000.00', balance: '26500.00' },
    { date: '2026-04-15', type: 'adjustment', reference: 'INV-000002', description: 'Move-out 15 Apr 2026: days not occupied', debit: '0.00', credit: '10000.00', balance: '16500.00' },
    { date: '2026-04-15', type: 'deposit', reference: 'INV-000001', description: 'Deposit applied to arrears', debit: '0.00', credit: '6000.00', balance: '10500.00' },
    { date: '2026-04-15', type: 'deposit', reference: 'INV-000002', description: 'Deposit applied to arrears', debit: '0.00', credit: '10000.00', balance: '500.00' },
    { date: '2026-04-15', type: 'waiver', reference: 'INV-000001', description: 'Waived: Late payment penalty 10 Mar 2026 (Paid at the bank)', debit: '0.00', credit: '500.00', balance: '0.00' },
  ],
  total_debits: '20000.00',
  total_credits: '31500.00',
  closing_balance: '0.00',
  deposit_held: '4000.00',
  deposit_unpaid: '0.00',
  deposit_settlements: [{
    lease_id: 'L1', house: 'A1', move_out_date: '2026-04-15', deposit: '20000.00', unpaid_cancelled: '0.00', arrears: '16000.00', applied: '16000.00', unused_days_credit: '0.00', credit_applied: '0.00', refundable: '4000.00',
    deductions: [], deductions_total: '0.00', deducted: '0.00', owed: '0.00', deduction_invoice_id: null,
    refund: { amount: '4000.00', method: 'mpesa', reference: 'QK7H2LX9', date: '2026-04-20', refunded_by: 'U1', refunded_by_name: 'Grace Achieng' },
  }],
  deposit_ledger: { received: '20000.00', applied: '16000.00', deducted: '0.00', unused_days_credit: '0.00', refunded: '4000.00', balance_held: '0.00' },
};

export const PROPERTY_STATEMENT: PropertyStatement = {
  from: '2026-01-01',
  to: '2026-11-22',
  owner: null,
  properties: [{
    property: { id: 'P1', name: 'Riverside Court', code: 'RVC', owner: 'Jane Wambui', aggregator: 'Nyumba Leads' },
    commission_rate: '10',
    vat_rate: '16',
    aggregator_share_rate: '20',
    houses: [
      { house_id: 'H1', house: 'A1', billed: '20000.00', collected: '15000.00', arrears: '5000.00' },
      { house_id: 'H2', house: 'A2', billed: '18000.00', collected: '18000.00', arrears: '0.00' },
    ],
    billed: '38000.00', collected: '33000.00', arrears: '5000.00',
    other_income: '2000.00', other_income_by_category: { parking: '2000.00' },
    expenses: '4000.00', expenses_by_category: { repairs: '4000.00' },
    expenses_not_owner: '0.00', unpaid_bills: '0.00',
    commission: '3300.00', commission_vat: '528.00', paid_out: '10000.00', aggregator_share: '660.00', agency_share: '2640.00', agency_charges: '1000.00',
    deposits_opening: '20000.00', deposits_received: '18000.00', deposits_applied: '6000.00', deposits_closing: '32000.00',
    opening_balance: '500.00', money_in: '35000.00', money_out: '17828.00', closing_balance: '17672.00',
  }],
  totals: {
    billed: '38000.00', collected: '33000.00', arrears: '5000.00', other_income: '2000.00', expenses: '4000.00', expenses_not_owner: '0.00', unpaid_bills: '0.00',
    commission: '3300.00', commission_vat: '528.00', paid_out: '10000.00', aggregator_share: '660.00', agency_share: '2640.00', agency_charges: '1000.00',
    deposits_opening: '20000.00', deposits_received: '18000.00', deposits_applied: '6000.00', deposits_closing: '32000.00',
    opening_balance: '500.00', money_in: '35000.00', money_out: '17828.00', closing_balance: '17672.00',
  },
  vat_rate: '16',
  unassigned_paid_out: '0.00',
  remittances: [{ id: 'R1', property_id: 'P1', date: '2026-10-31', method: 'mpesa', reference: 'SFK3H7QW2P', amount: '10000.00', voided: false }],
  amount_due_to_owner: '17672.00',
};

// as of today, as the report answers when the URL names no date
export const AGING: AgingReport = {
  as_of: todayInNairobi(),
  property_id: null,
  owner_id: null,
  rows: [
    { tenant_id: 'T2', tenant: 'Ian Macharia', phone: null, current: '0.00', d1_30: '10300.00', d31_60: '0.00', d61_90: '0.00', d90_plus: '0.00', open: '10300.00', deposit: '0.00', credit: '0.00', balance: '10300.00' },
    { tenant_id: 'T3', tenant: 'Glamour Touch Ltd', phone: null, current: '0.00', d1_30: '0.00', d31_60: '0.00', d61_90: '0.00', d90_plus: '0.00', open: '0.00', deposit: '0.00', credit: '25000.00', balance: '-25000.00' },
    { tenant_id: 'T1', tenant: 'Winnie Nduku', phone: '+254714617648', current: '1000.00', d1_30: '20000.00', d31_60: '5000.00', d61_90: '0.00', d90_plus: '500.00', open: '26500.00', deposit: '0.00', credit: '0.00', balance: '26500.00' },
  ],
  totals: { current: '1000.00', d1_30: '30300.00', d31_60: '5000.00', d61_90: '0.00', d90_plus: '500.00', open: '36800.00', deposit: '0.00', credit: '25000.00', balance: '11800.00' },
};

export const DASHBOARD: Dashboard = {
  as_of: '2026-11-22',
  occupancy: { houses: 60, occupied: 48, vacant: 10, other: 2, rate: '80.0' },
  months: Array.from({ length: 13 }, (_, i) => {
    const d = new Date(Date.UTC(2025, 10 + i, 1)).toISOString().slice(0, 7);
    return { month: d, billed: i === 12 ? '169550.00' : '150000.00', collected: i === 12 ? '137075.00' : '140000.00' };
  }),
  this_month: { billed: '169550.00', collected: '137075.00', collection_rate: '80.8', expenses: '12000.00', income: '3000.00' },
  arrears: { current: '0.00', d1_30: '75475.00', d31_60: '1000.00', d61_90: '0.00', d90_plus: '0.00', credit: '25000.00', total: '51475.00' },
  unmatched_payments: { count: 1, amount: '18000.00' },
  open_tickets: 5,
  sms_credits: 2994,
};

export const MONEY_PERMISSIONS = [
  'list.statement', 'export.statement', 'run.billing', 'list.invoice', 'list.payment', 'list.house', 'list.tenant', 'list.lease',
  'list.ticket', 'list.expense', 'list.income', 'list.sms_credit', 'list.property', 'list.property_owner', 'view.financials',
];

const page = (resource: string, rows: Array<Record<string, unknown>>) => ({
  status: 200,
  body: rows,
  headers: { 'Content-Range': `${resource} 0-${Math.max(rows.length - 1, 0)}/${rows.length}` },
});

/** The fake contract with a logged-in money user and the pickers' records. */
export function moneyApi(permissions: string[] = MONEY_PERMISSIONS) {
  const api = fakeApi(loggedIn({ permissions }));
  const tenants = [TENANT, TENANT2];
  api.on('GET', '/tenants', () => page('tenants', tenants));
  api.on('GET', /^\/tenants\/T\d$/, (c) => {
    const t = tenants.find((x) => c.path.endsWith(x.id));
    return t ? { status: 200, body: t } : { status: 404, body: { message: 'Not Found' } };
  });
  api.on('GET', '/leases', () => page('leases', [LEASE]));
  api.on('GET', '/houses', () => page('houses', [{ id: 'H1', number: 'A1', property_id: 'P1' }]));
  api.on('GET', '/properties', () => page('properties', [{ id: 'P1', name: 'Riverside Court', code: 'RVC' }]));
  api.on('GET', '/properties/P1', () => ({ status: 200, body: { id: 'P1', name: 'Riverside Court', code: 'RVC' } }));
  api.on('GET', '/property-owners', () => page('property-owners', [{ id: 'O1', name: 'Jane Wambui' }]));
  api.on('GET', '/property-owners/O1', () => ({ status: 200, body: { id: 'O1', name: 'Jane Wambui' } }));
  return api;
}

/** The URLs the app fetched under /api/v1<path> (the fake's calls keep no query string). */
export function requests(api: ReturnType<typeof fakeApi>, path: string): URL[] {
  return api.fetch.mock.calls
    .map(([input]) => new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost'))
    .filter((u) => u.pathname === `/api/v1${path}`);
}
