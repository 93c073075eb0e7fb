import { sql } from 'drizzle-orm';
import type { Db } from '../../../src/server/db/client.js';

/** An owner (PO1), property (PR1), house (HO1), tenant (T1) and lease (LE1) in `org`, as the database owner: what invoices written straight into the table refer to. */
export async function premises(db: Db, org: string) {
  await db.execute(sql`insert into property_owners (organization_id, id, name) values (${org}, 'PO1', 'Wanjiru Kamau')`);
  await db.execute(sql`insert into properties (organization_id, id, name, owner_id) values (${org}, 'PR1', 'Kilimani Court', 'PO1')`);
  await db.execute(sql`insert into houses (organization_id, id, property_id, owner_id, number, account_code, rent, status)
    values (${org}, 'HO1', 'PR1', 'PO1', 'A1', 'H1', 10000, 'occupied')`);
  await db.execute(sql`insert into tenants (organization_id, id, name, phone) values (${org}, 'T1', 'Achieng Otieno', '+254712345678')`);
  await db.execute(sql`insert into leases (organization_id, id, tenant_id, house_id, start_date, rent, deposit, billing_frequency, due_day, status)
    values (${org}, 'LE1', 'T1', 'HO1', '2000-01-01', 10000, 10000, 'monthly', 5, 'active')`);
}
