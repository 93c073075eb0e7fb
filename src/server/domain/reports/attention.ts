import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.js';

export const OPEN_TICKET_STATUSES = ['open', 'in_progress', 'deferred'] as const;
/** Messages that did not go and wait for someone: a provider refusal (no credits is its own count). */
export const FAILED_MESSAGE_STATUSES = ['failed'] as const;

import type { Attention } from '../../../shared/money-report-shapes.js';

export type { Attention };

export const sqlList = (values: readonly string[]) => sql.join(values.map((v) => sql`${v}`), sql`, `);

export async function attentionCounts(tx: Db, organizationId: string, permissions: readonly string[]): Promise<Attention> {
  const parts: Array<[keyof Attention, string, SQL]> = [
    ['urgent_tickets', 'list.ticket', sql`(select count(*)::int from tickets where organization_id = ${organizationId} and priority = 'urgent' and status in (${sqlList(OPEN_TICKET_STATUSES)}))`],
    ['draft_leases', 'list.lease', sql`(select count(*)::int from leases where organization_id = ${organizationId} and status = 'draft')`],
    ['failed_messages', 'list.message', sql`(select count(*)::int from messages where organization_id = ${organizationId} and status in (${sqlList(FAILED_MESSAGE_STATUSES)}))`],
    ['waiting_for_credits', 'list.message', sql`(select count(*)::int from messages where organization_id = ${organizationId} and status = 'insufficient_credits')`],
    ['unmatched_payments', 'list.payment', sql`(select count(*)::int from payments where organization_id = ${organizationId} and status = 'unmatched')`],
  ];
  const allowed = parts.filter(([, permission]) => permissions.includes(permission));
  if (!allowed.length) return {};
  const [row] = rowsOf<Record<string, number>>(await tx.execute(
    sql`select ${sql.join(allowed.map(([key, , count]) => sql`${count} as ${sql.identifier(key)}`), sql`, `)}`,
  ));
  return Object.fromEntries(allowed.map(([key]) => [key, Number(row[key])]));
}
