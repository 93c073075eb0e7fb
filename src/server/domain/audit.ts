import { ulid } from 'ulid';
import type { Db } from '../db/client.js';
import { auditLog } from '../db/schema.js';

export interface AuditEntry {
  organizationId: string;
  /** Who made the change; null for the scheduler and other system work. */
  userId: string | null | undefined;
  /** The resource name: leases, invoices, payments, payment_allocations, expenses, incomes. */
  resource: string;
  recordId: string;
  /** create, update, delete, activate, notice, end, void, reverse, allocate, waive, penalty, … */
  action: string;
  before?: unknown;
  after?: unknown;
  reason?: string | null;
}

/** JSON for the log: bigint cents become strings, dates ISO strings. */
export function auditJson(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  return JSON.parse(JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)));
}

/**
 * Writes one audit_log row (who, when, before, after) inside the caller's transaction, so the
 * change and its record commit or roll back together (product.md 4.9).
 */
export async function recordAudit(tx: Db, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    organization_id: entry.organizationId,
    id: ulid(),
    user_id: entry.userId ?? null,
    resource: entry.resource,
    record_id: entry.recordId,
    action: entry.action,
    before: auditJson(entry.before),
    after: auditJson(entry.after),
    reason: entry.reason ?? null,
  });
}
