import { sql } from 'drizzle-orm';
import { ulid } from 'ulid';
import { resources } from '../../../resources/index.js';
import type { Db } from '../db/client.js';
import { auditLog } from '../db/schema.js';

/**
 * Every area's records are in the audit log: each generic create, update and delete writes its row
 * in the same transaction (crud/repository.ts), not only money. Members are the exception: they
 * are memberships and invitations (crud/users.ts), not records of their own; the settings write
 * theirs in crud/settings.ts.
 */
export const AUDITED_RESOURCES: readonly string[] = resources.map((r) => r.name).filter((name) => name !== 'users');
export const isAudited = (resource: string): boolean => AUDITED_RESOURCES.includes(resource);

export interface AuditEntry {
  organizationId: string;
  /** Who made the change; null for the scheduler and other system work; omitted: the request's user (app.user). */
  userId?: string | null;
  /** The resource name: leases, invoices, payments, houses, tenants, … (settings for the organisation's settings). */
  resource: string;
  recordId: string;
  /** create, update, delete, issue, activate, notice, end, void, reverse, allocate, waive_penalty, penalty, … */
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

const row = (entry: AuditEntry) => ({
  organization_id: entry.organizationId,
  id: ulid(),
  // the statement's own clock, not the transaction's start: several changes in one request keep their order
  at: sql`clock_timestamp()`,
  user_id: entry.userId === undefined ? sql`nullif(current_setting('app.user', true), '')` : entry.userId,
  resource: entry.resource,
  record_id: entry.recordId,
  action: entry.action,
  before: auditJson(entry.before),
  after: auditJson(entry.after),
  reason: entry.reason ?? null,
});

/**
 * Writes one audit_log row (who, when, before, after) inside the caller's transaction, so the
 * change and its record commit or roll back together (product.md 4.9).
 */
export async function recordAudit(tx: Db, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values(row(entry));
}

/** Several rows in one statement (an allocation touching many invoices). */
export async function recordAudits(tx: Db, entries: AuditEntry[]): Promise<void> {
  if (entries.length) await tx.insert(auditLog).values(entries.map(row));
}

/** The action a generic create, update or delete records: an invoice saved as issued is issued by hand. */
export function writeAction(resource: string, before: Record<string, unknown> | null, after: Record<string, unknown> | null): string {
  if (!after) return 'delete';
  const issued = resource === 'invoices' && after.status === 'issued' && before?.status !== 'issued';
  if (issued) return 'issue';
  return before ? 'update' : 'create';
}
