import { and, eq, sql } from 'drizzle-orm';
import { timesQuantity, sum } from '../../shared/money.js';
import type { RecordValues } from '../../shared/resource.js';
import { rowsOf, type Db } from '../db/client.js';
import { houses, leases } from '../db/resource-tables.js';
import { conflict, invalid } from '../errors.js';
import { formatNumber, nextNumber } from './numbering.js';
import { applyCredits } from './payments/allocation.js';

/** The organisation's invoice prefix (settings), INV- by default. */
export const DEFAULT_INVOICE_PREFIX = 'INV-';

/** The organisation's invoice prefix setting (null when unset), as a scalar subquery. */
export const invoicePrefixSql = (organizationId: string) => sql<string | null>`(select settings->>'invoice_prefix' from organizations where id = ${organizationId})`;

export async function invoicePrefix(tx: Db, organizationId: string): Promise<string> {
  const [row] = rowsOf<{ prefix: string | null }>(await tx.execute(sql`select ${invoicePrefixSql(organizationId)} as prefix`));
  return row?.prefix ?? DEFAULT_INVOICE_PREFIX;
}

/**
 * Invoices edited through the generic form: tenant, house and property follow the lease; line
 * amounts and the total follow the lines; the number comes from the gapless series when the
 * invoice is issued. Once issued it is never edited in place (void it, product.md 4.9). An invoice
 * issued here is paid from the tenant's credit on account in the same transaction, as a billing
 * run's invoices are (product.md 4.4).
 */
export const invoiceHooks = {
  async beforeWrite(tx: Db, organizationId: string, values: RecordValues, existing: RecordValues | null) {
    if (existing && existing.status !== 'draft') throw conflict('An issued invoice is never edited; void it with a reason instead.');
    if (values.status !== undefined && !['draft', 'issued'].includes(String(values.status))) {
      throw invalid({ status: ['An invoice is created as a draft or issued; payments and voiding set the other statuses.'] });
    }
    const leaseId = String(values.lease_id ?? existing?.lease_id);
    const [lease] = await tx.select({ tenant_id: leases.tenant_id, house_id: leases.house_id }).from(leases)
      .where(and(eq(leases.organization_id, organizationId), eq(leases.id, leaseId)));
    if (lease) {
      values.tenant_id = lease.tenant_id;
      values.house_id = lease.house_id;
      const [house] = await tx.select({ property_id: houses.property_id }).from(houses)
        .where(and(eq(houses.organization_id, organizationId), eq(houses.id, String(lease.house_id))));
      values.property_id = house?.property_id ?? null;
    }
    if (Array.isArray(values.lines)) {
      const lines = values.lines as RecordValues[];
      for (const line of lines) line.amount = line.waived ? 0n : timesQuantity(line.rate as bigint, String(line.quantity ?? '1'));
      const total = sum(lines.map((l) => l.amount as bigint));
      values.total = total;
      values.paid = 0n;
      values.balance = total;
    }
    const issuing = values.status === 'issued' && (!existing || existing.status === 'draft');
    if (issuing) {
      if (!Array.isArray(values.lines) || !(values.lines as unknown[]).length) {
        throw invalid({ lines: ['An issued invoice needs at least one line.'] });
      }
      values.number = formatNumber(await invoicePrefix(tx, organizationId), await nextNumber(tx, organizationId, 'invoice'));
    }
  },
  async afterWrite(tx: Db, organizationId: string, id: string, existing: RecordValues | null) {
    if (existing && existing.status !== 'draft') return;
    const [row] = rowsOf<{ status: string; tenant_id: string | null }>(await tx.execute(sql`
      select status, tenant_id from invoices where organization_id = ${organizationId} and id = ${id}`));
    if (row?.status === 'issued' && row.tenant_id) await applyCredits(tx, organizationId, row.tenant_id);
  },
};
