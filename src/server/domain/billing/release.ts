import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.js';
import { recordAudits } from '../audit.js';

/**
 * A voided invoice gives back what the billing run put on it from elsewhere: its meter readings
 * (readings.invoice_id) and the repairs charged to the tenant (work_orders.charged_invoice_id).
 * They are billed again by the next invoice of their lease ("void it and bill again"), never lost
 * and never twice. Audited on each record, with the void's reason. Runs in the void's transaction.
 */
export async function releaseBilledItems(tx: Db, organizationId: string, userId: string | null, invoiceIds: string[], reason: string): Promise<void> {
  if (!invoiceIds.length) return;
  const ids = `{${invoiceIds.join(',')}}`;
  const readings = rowsOf<{ id: string; invoice_id: string }>(await tx.execute(sql`
    update readings r set invoice_id = null, updated_at = now()
    from (select id, invoice_id from readings where organization_id = ${organizationId} and invoice_id = any(${ids}::text[]) for update) old
    where r.organization_id = ${organizationId} and r.id = old.id
    returning r.id, old.invoice_id`));
  const repairs = rowsOf<{ id: string; invoice_id: string }>(await tx.execute(sql`
    update work_orders w set charged_invoice_id = null, updated_at = now()
    from (select id, charged_invoice_id from work_orders where organization_id = ${organizationId} and charged_invoice_id = any(${ids}::text[]) for update) old
    where w.organization_id = ${organizationId} and w.id = old.id
    returning w.id, old.charged_invoice_id as invoice_id`));
  await recordAudits(tx, [
    ...readings.map((r) => ({
      organizationId, userId, resource: 'readings', recordId: r.id, action: 'release', reason,
      before: { invoice_id: r.invoice_id }, after: { invoice_id: null },
    })),
    ...repairs.map((w) => ({
      organizationId, userId, resource: 'work-orders', recordId: w.id, action: 'release', reason,
      before: { charged_invoice_id: w.invoice_id }, after: { charged_invoice_id: null },
    })),
  ]);
}
