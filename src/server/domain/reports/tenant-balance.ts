// What a tenant owes now (product.md 3, tenants: "show … statement, balance"): the unpaid part of
// their issued invoices less the credit on their payments, as one figure for the tenant's screen.
// It equals the closing balance of their statement to date: every issued, unvoided invoice is
// paid by allocations or still open, and every confirmed payment is allocated or credit.
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.js';
import { notFound } from '../../errors.js';
import { cents, dec } from '../payments/allocation.js';
import { today } from './common.js';
import type { TenantBalance } from '../../../shared/report-shapes.js';

export type { TenantBalance };

export async function tenantBalance(tx: Db, organizationId: string, tenantId: string): Promise<TenantBalance> {
  const asOf = today();
  const [row] = rowsOf<{ found: boolean; open_invoices: number; open_balance: string | null; overdue: string | null; credit: string | null }>(await tx.execute(sql`
    select exists (select 1 from tenants where organization_id = ${organizationId} and id = ${tenantId}) as found,
      (select count(*)::int from invoices i where i.organization_id = ${organizationId} and i.tenant_id = ${tenantId}
         and i.status not in ('draft', 'void') and i.balance <> 0) as open_invoices,
      (select sum(i.balance)::text from invoices i where i.organization_id = ${organizationId} and i.tenant_id = ${tenantId}
         and i.status not in ('draft', 'void')) as open_balance,
      (select sum(i.balance)::text from invoices i where i.organization_id = ${organizationId} and i.tenant_id = ${tenantId}
         and i.status not in ('draft', 'void') and i.due_date < ${asOf}) as overdue,
      (select sum(p.unallocated)::text from payments p where p.organization_id = ${organizationId} and p.tenant_id = ${tenantId}
         and p.status = 'allocated') as credit`));
  if (!row?.found) throw notFound();
  const open = cents(row.open_balance);
  const credit = cents(row.credit);
  return {
    tenant_id: tenantId, as_of: asOf, open_invoices: row.open_invoices,
    open_balance: dec(open), overdue: dec(cents(row.overdue)), credit_on_account: dec(credit), balance: dec(open - credit),
  };
}
