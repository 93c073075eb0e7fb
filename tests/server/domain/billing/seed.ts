// Set-based fixtures for billing: an organisation with n active leases (one house and tenant each),
// written directly as the database owner. Used by the PostgreSQL-only tests and bench/billing.ts.
import { sql } from 'drizzle-orm';
import { ulid } from 'ulid';
import type { Db } from '../../../../src/server/db/client.js';

export interface SeedOptions {
  /** lease start date (default 2026-01-01) */
  start?: string;
  /** rent in shillings (default 10000) */
  rent?: number;
  /** a monthly service charge on every lease, in shillings */
  charge?: number;
  settings?: Record<string, unknown>;
}

const sid = (prefix: string, expr: string) => sql.raw(`'${prefix}' || lpad(${expr}::text, 8, '0')`);

/** A fresh organisation with `n` active leases; returns its id. */
export async function seedOrganization(db: Db, n: number, opts: SeedOptions = {}): Promise<string> {
  const org = ulid();
  const p = org.slice(-8);
  await db.execute(sql`insert into organizations (id, name, settings) values (${org}, ${`Billing bench ${org}`}, ${JSON.stringify(opts.settings ?? {})}::jsonb)`);
  await db.execute(sql`insert into property_owners (organization_id, id, name) values (${org}, ${`PO${p}`}, 'Wanjiru Kamau')`);
  await db.execute(sql`insert into properties (organization_id, id, name, owner_id) values (${org}, ${`PR${p}`}, 'Kilimani Court', ${`PO${p}`})`);
  const start = opts.start ?? '2026-01-01';
  const rent = String(opts.rent ?? 10000);
  await db.execute(sql`
    insert into houses (organization_id, id, property_id, owner_id, number, account_code, rent, status)
    select ${org}, ${sid(`HO${p}`, 'g')}, ${`PR${p}`}, ${`PO${p}`}, 'A' || g, 'H' || g, ${rent}::numeric, 'occupied'
    from generate_series(1, ${n}) g`);
  await db.execute(sql`
    insert into tenants (organization_id, id, name, phone)
    select ${org}, ${sid(`TE${p}`, 'g')}, 'Tenant ' || g, '+2547' || lpad(g::text, 8, '0')
    from generate_series(1, ${n}) g`);
  await db.execute(sql`
    insert into leases (organization_id, id, tenant_id, house_id, start_date, rent, deposit, billing_frequency, due_day, status)
    select ${org}, ${sid(`LE${p}`, 'g')}, ${sid(`TE${p}`, 'g')}, ${sid(`HO${p}`, 'g')}, ${start}::date, ${rent}::numeric, ${rent}::numeric, 'monthly', 5, 'active'
    from generate_series(1, ${n}) g`);
  if (opts.charge) {
    await db.execute(sql`insert into charges (organization_id, id, name, category, amount, billing) values (${org}, ${`CH${p}`}, 'Service charge', 'service', ${String(opts.charge)}::numeric, 'monthly')`);
    await db.execute(sql`
      insert into lease_charges (organization_id, id, lease_id, position, charge_id)
      select ${org}, ${sid(`LC${p}`, 'g')}, ${sid(`LE${p}`, 'g')}, 0, ${`CH${p}`}
      from generate_series(1, ${n}) g`);
  }
  return org;
}

/** Invoices per lease and the organisation's numbers, for the idempotency and gaplessness checks. */
export async function invoiceFacts(db: Db, org: string, periodStart: string) {
  const rows = (await db.execute(sql`
    select count(*)::int as invoices, count(distinct lease_id)::int as leases,
      coalesce(max(cast(substring(number from '[0-9]+$') as int)), 0)::int as max_number,
      count(distinct number)::int as numbers
    from invoices where organization_id = ${org} and period_start = ${periodStart}::date`)) as unknown as { rows: Array<{ invoices: number; leases: number; max_number: number; numbers: number }> };
  const all = (await db.execute(sql`
    select coalesce(max(cast(substring(number from '[0-9]+$') as int)), 0)::int as max_number, count(number)::int as numbered,
      (select next_value from number_series where organization_id = ${org} and name = 'invoice') as next_value
    from invoices where organization_id = ${org}`)) as unknown as { rows: Array<{ max_number: number; numbered: number; next_value: number | null }> };
  return { ...rows.rows[0], all: all.rows[0] };
}
