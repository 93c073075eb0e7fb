import { sql } from 'drizzle-orm';
import { ulid } from 'ulid';
import { rowsOf, type Db } from '../../db/client.js';
import { enqueueSend } from './enqueue.js';
import { countMessage, recipientAddress } from './messages.js';

// Messages the server writes by itself (a payment's receipt, a reminder): not through the generic
// API (the person recording a payment need not hold send.message), each with a key that makes it
// unique in its organisation, so a replayed callback, a second run or a second server process
// writes nothing more. Written with its send job in the caller's transaction.

export interface TenantAddress {
  id: string;
  name: string;
  phone: string | null;
  sms_opt_in: boolean | null;
}

export interface ServerMessage {
  dedupKey: string;
  tenant: TenantAddress;
  body: string;
  templateId: string | null;
}

/** What happened: written (queued, or failed when the tenant has no usable phone), skipped (takes no SMS), or already there. */
export type Written = { id: string; status: 'queued' | 'failed' } | { id: null; status: 'opted_out' | 'duplicate' };

export const noPhone = (name: string) => `${name} has no valid phone number, so this SMS was not sent: add one on the tenant, then Retry.`;

export async function writeServerSms(tx: Db, organizationId: string, m: ServerMessage): Promise<Written> {
  if (m.tenant.sms_opt_in === false) return { id: null, status: 'opted_out' };
  const address = recipientAddress('sms', m.tenant.phone);
  const to = 'error' in address ? '' : address.value;
  // no phone: kept, failed with why (the outbox and the dashboard show it; Retry takes the phone added since)
  const status = to ? 'queued' : 'failed';
  const { segments, credits } = countMessage('sms', m.body);
  const [row] = rowsOf<{ id: string }>(await tx.execute(sql`
    insert into messages (organization_id, id, channel, recipient_type, tenant_id, "to", body, template_id, status, segments, credits, error, dedup_key)
    values (${organizationId}, ${ulid()}, 'sms', 'tenant', ${m.tenant.id}, ${to}, ${m.body}, ${m.templateId}, ${status}, ${segments}, ${credits},
      ${to ? null : noPhone(m.tenant.name)}, ${m.dedupKey})
    on conflict (organization_id, dedup_key) do nothing
    returning id`));
  if (!row) return { id: null, status: 'duplicate' };
  if (status === 'queued') await enqueueSend(tx, organizationId, [row.id]);
  return { id: row.id, status };
}

/** A tenant's balance now: open invoices less any credit on account, never below zero. */
export async function tenantBalance(tx: Db, organizationId: string, tenantId: string): Promise<string> {
  const [row] = rowsOf<{ balance: string }>(await tx.execute(sql`
    select greatest(
      coalesce((select sum(balance) from invoices where organization_id = ${organizationId} and tenant_id = ${tenantId} and status in ('issued', 'partially_paid')), 0)
      - coalesce((select sum(unallocated) from payments where organization_id = ${organizationId} and tenant_id = ${tenantId} and status = 'allocated'), 0),
      0)::numeric(14,2)::text as balance`));
  return row?.balance ?? '0.00';
}

