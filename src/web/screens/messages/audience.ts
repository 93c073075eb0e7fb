// Who a message goes to and the values its placeholders take for each of them: the tenant, their
// running lease's house and property, their balance (aging report) and the paybill.
import type { DataProvider, RaRecord } from 'react-admin';
import { parseMoney } from '../../../shared/resource-values';
import { api } from '../../providers/http-client';

export type AudienceKind = 'tenant' | 'property' | 'arrears';

export interface Recipient {
  tenant: RaRecord;
  /** Placeholder values known for this tenant. */
  values: Record<string, string>;
  /** The balance owed, as decimal text, when the aging report was readable. */
  balance: string | null;
}

interface AgingRow { tenant_id: string; balance: string }

const RUNNING = ['active', 'notice'];
const MAX = 1000;

const ids = (rows: RaRecord[], key: string) => [...new Set(rows.map((r) => r[key]).filter(Boolean).map(String))];

export async function agingBalances(asOf: string, propertyId?: string): Promise<Map<string, string>> {
  const q = new URLSearchParams({ as_of: asOf });
  if (propertyId) q.set('property_id', propertyId);
  const report = await api<{ rows: AgingRow[] }>(`/reports/aging-balances?${q.toString()}`);
  return new Map(report.rows.map((r) => [String(r.tenant_id), r.balance]));
}

/** The tenants of an audience (ids), before their details are loaded. */
export async function audienceTenantIds(dp: DataProvider, kind: AudienceKind, opts: {
  tenantId?: string | null; propertyId?: string | null; minArrears?: string; balances?: Map<string, string> | null;
}): Promise<string[]> {
  if (kind === 'tenant') return opts.tenantId ? [opts.tenantId] : [];
  if (kind === 'property') {
    if (!opts.propertyId) return [];
    const { data: houses } = await dp.getList('houses', { filter: { property_id: opts.propertyId }, pagination: { page: 1, perPage: MAX }, sort: { field: 'number', order: 'ASC' } });
    if (!houses.length) return [];
    const { data: leases } = await dp.getList('leases', { filter: { house_id: houses.map((h) => h.id), status: RUNNING }, pagination: { page: 1, perPage: MAX }, sort: { field: 'start_date', order: 'DESC' } });
    return ids(leases, 'tenant_id');
  }
  const min = parseMoney(opts.minArrears || '0.01') ?? 1n;
  const balances = opts.balances ?? new Map<string, string>();
  return [...balances.entries()].filter(([, b]) => (parseMoney(b) ?? 0n) >= (min > 0n ? min : 1n)).map(([id]) => id);
}

/** Loads the tenants and what their placeholders need, in a few batched calls. */
export async function loadRecipients(dp: DataProvider, tenantIds: string[], extra: {
  balances: Map<string, string> | null; paybill: string | null; today: string;
}): Promise<Recipient[]> {
  if (!tenantIds.length) return [];
  const { data: tenants } = await dp.getMany('tenants', { ids: tenantIds });
  const { data: leases } = await dp.getList('leases', { filter: { tenant_id: tenantIds, status: RUNNING }, pagination: { page: 1, perPage: MAX }, sort: { field: 'start_date', order: 'DESC' } });
  const houseIds = ids(leases, 'house_id');
  const houses = houseIds.length ? (await dp.getMany('houses', { ids: houseIds })).data : [];
  const propertyIds = ids(houses, 'property_id');
  const properties = propertyIds.length ? (await dp.getMany('properties', { ids: propertyIds })).data : [];
  return tenants.map((tenant) => {
    const lease = leases.find((l) => String(l.tenant_id) === String(tenant.id));
    const house = lease && houses.find((h) => h.id === lease.house_id);
    const property = house && properties.find((p) => p.id === house.property_id);
    // the aging report lists only tenants with open invoices or credit: anyone else owes nothing
    const balance = extra.balances ? (extra.balances.get(String(tenant.id)) ?? '0.00') : null;
    const dueDay = Number(lease?.due_day ?? property?.due_day ?? 0);
    const values: Record<string, string> = { tenant_name: String(tenant.name ?? '').split(' ')[0] };
    if (house) {
      values.house_number = String(house.number ?? '');
      values.account_code = String(house.account_code ?? '');
    }
    if (property) values.property_name = String(property.name ?? '');
    if (balance != null) values.balance = amountText(balance);
    if (extra.paybill) values.paybill = extra.paybill;
    if (dueDay >= 1 && dueDay <= 28) values.due_date = nextDueDate(extra.today, dueDay);
    return { tenant, values, balance };
  });
}

const grouped = new Intl.NumberFormat('en-KE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * An amount the way templates quote it after their own "KES": '61400.00' → '61,400.00' (the
 * server's demo messages do the same). Display only: the text is exact to two decimals.
 */
export function amountText(decimal: string): string {
  return grouped.format(Number(decimal));
}

/** The next date on or after `today` whose day of the month is `day`, as DD/MM/YYYY (en-KE). */
export function nextDueDate(today: string, day: number): string {
  let [y, m] = today.split('-').map(Number);
  const d = Number(today.slice(8, 10));
  if (d > day) {
    m += 1;
    if (m > 12) { m = 1; y += 1; }
  }
  return `${String(day).padStart(2, '0')}/${String(m).padStart(2, '0')}/${y}`;
}

/** Fills every `{name}` of the text; a placeholder without a value for this recipient becomes empty. */
export function personalise(text: string, values: Record<string, string>): { text: string; missing: string[] } {
  const missing = new Set<string>();
  const out = text.replace(/\{([a-z_]+)\}/g, (_, name: string) => {
    const v = values[name];
    if (v === undefined || v === '') missing.add(name);
    return v ?? '';
  });
  return { text: out, missing: [...missing] };
}
