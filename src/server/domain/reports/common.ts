import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.js';
import { isIsoDate } from '../../../shared/resource-values.js';
import { invalid } from '../../errors.js';

export const TZ = 'Africa/Nairobi';

/** A real day of the supported calendar (1900–2199), as a date field's. */
const isDate = isIsoDate;
const DATE_MESSAGE = 'A real date, YYYY-MM-DD, between 1900-01-01 and 2199-12-31.';

/** Today in Nairobi (the organisation's calendar). */
export const today = () => new Date(Date.now() + 3 * 3600_000).toISOString().slice(0, 10);

export const addDays = (d: string, n: number) => new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** from/to as dates (to inclusive); defaults: the current month to today. 422 naming the field. */
export function period(q: { from?: string; to?: string }): { from: string; to: string } {
  const t = today();
  const from = q.from || `${t.slice(0, 7)}-01`;
  const to = q.to || t;
  const errors: Record<string, string[]> = {};
  if (!isDate(from)) errors.from = [DATE_MESSAGE];
  if (!isDate(to)) errors.to = [DATE_MESSAGE];
  if (!errors.from && !errors.to && to < from) errors.to = ['Must not be before the start.'];
  if (Object.keys(errors).length) throw invalid(errors);
  return { from, to };
}

export function asOfDate(value: string | undefined): string {
  const d = value || today();
  if (!isDate(d)) throw invalid({ as_of: [DATE_MESSAGE] });
  return d;
}

export interface OrgInfo {
  name: string;
  footer: string | null;
  defaultCommissionRate: string;
  address: string | null;
  kraPin: string | null;
}

export async function orgInfo(tx: Db, organizationId: string): Promise<OrgInfo> {
  const [row] = rowsOf<{ name: string; footer: string | null; rate: string | null; address: string | null; kra_pin: string | null }>(await tx.execute(sql`
    -- name, address and KRA PIN are the organisation's own columns (resources/settings.ts ORGANIZATION_COLUMNS)
    select name, settings->>'statement_footer' as footer,
           settings->>'default_commission_rate' as rate, address, kra_pin
    from organizations where id = ${organizationId}`));
  return { name: row?.name ?? '', footer: row?.footer ?? null, defaultCommissionRate: row?.rate || '0', address: row?.address ?? null, kraPin: row?.kra_pin ?? null };
}

/** What every export renders: a title, header facts, one table, totals and a summary. */
export interface ReportTable {
  title: string;
  filename: string;
  facts: Array<[string, string]>;
  columns: Array<{ key: string; label: string; money?: boolean; width?: number }>;
  rows: Array<Record<string, string | null>>;
  totals?: Record<string, string | null>;
  summary: Array<[string, string, boolean?]>;
}
