import { sql } from 'drizzle-orm';
import type { RecordValues } from '../../../shared/resource.js';
import { isEmail, parsePhone } from '../../../shared/resource-values.js';
import { smsSegments } from '../../../shared/sms.js';
import { rowsOf, type Db } from '../../db/client.js';
import { conflict, forbidden, invalid, notFound } from '../../errors.js';
import { membershipPermissions } from '../../tenancy.js';
import { currentUser } from '../payments/allocation.js';
import { enqueueSend } from './enqueue.js';

/** Statuses of a message that has left (or is leaving): kept as history, never edited. */
export const GONE = ['sending', 'sent', 'delivered', 'logged'];

/** Credits of one SMS text to one recipient: its segments (an email costs none). */
export function countMessage(channel: unknown, body: string): { segments: number; credits: number } {
  if (channel !== 'sms') return { segments: 0, credits: 0 };
  const { segments } = smsSegments(body);
  return { segments, credits: segments };
}

/** The recipient in the form its channel needs: a valid phone number (E.164) or an email address. */
export function recipientAddress(channel: unknown, to: unknown): { value: string } | { error: string } {
  const s = typeof to === 'string' ? to.trim() : '';
  if (channel === 'email') return isEmail(s) ? { value: s } : { error: 'An email needs a valid email address.' };
  const phone = parsePhone(s);
  return phone ? { value: phone } : { error: 'An SMS needs a valid phone number.' };
}

async function requireSend(tx: Db, organizationId: string) {
  const user = await currentUser(tx);
  // server work (the scheduler, the demo data) runs as nobody or as the organisation's administrator
  if (!user) return;
  const permissions = await membershipPermissions(tx, organizationId, user);
  if (!permissions?.includes('send.message')) throw forbidden('Sending messages needs the send.message permission.');
}

/**
 * Messages: writing one asks for it to be sent (send.message), at once or at its scheduled time.
 * The server counts its segments and credits from the text as it will go out, checks the
 * address for the channel, and queues its send job in the same transaction (enqueue.ts): the
 * provider is called later by a worker, outside any transaction (dispatch.ts). A message
 * that has gone is history: it is not edited. A failed one is sent again only by retrying it.
 */
export const messageHooks = {
  async beforeWrite(tx: Db, organizationId: string, values: RecordValues, existing: RecordValues | null) {
    if (existing && GONE.includes(String(existing.status))) throw conflict('A sent message is kept as history and cannot be changed.');
    if (!existing) await requireSend(tx, organizationId);
    const channel = values.channel ?? existing?.channel;
    const to = values.to ?? existing?.to;
    const address = recipientAddress(channel, to);
    if ('error' in address) throw invalid({ to: [address.error] });
    if (values.to !== undefined || values.channel !== undefined) values.to = address.value;
    const count = countMessage(channel, String(values.body ?? existing?.body ?? ''));
    values.segments = count.segments;
    values.credits = count.credits;
    // server code writing history (the demo data) sets the status itself; a client never can (read-only)
    if (!existing && (values.status === undefined || values.status === null)) values.status = 'queued';
  },
  async afterWrite(tx: Db, organizationId: string, id: string) {
    const [row] = rowsOf<{ status: string; scheduled_at: string | null }>(await tx.execute(sql`
      select status, scheduled_at::text as scheduled_at from messages where organization_id = ${organizationId} and id = ${id}`));
    if (row?.status === 'queued') await enqueueSend(tx, organizationId, [id], row.scheduled_at ? new Date(row.scheduled_at) : null);
  },
};

export const RETRYABLE = ['failed', 'insufficient_credits'];

/**
 * Queues failed (or short of credits) messages again, in the caller's transaction, with a fresh
 * count of attempts; an SMS to a tenant written without a phone (a receipt) takes the tenant's
 * phone as it is now. Returns the ids queued; the others (not retryable, not found) are left alone.
 */
export async function requeueMessages(tx: Db, organizationId: string, ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  const rows = rowsOf<{ id: string; channel: string; to: string; tenant_id: string | null; phone: string | null; email: string | null; scheduled_at: string | null }>(await tx.execute(sql`
    select m.id, m.channel, m."to", m.tenant_id, t.phone, t.email, m.scheduled_at::text as scheduled_at from messages m
    left join tenants t on t.organization_id = m.organization_id and t.id = m.tenant_id
    where m.organization_id = ${organizationId} and m.id = any(${`{${ids.join(',')}}`}::text[]) and m.status in ('failed', 'insufficient_credits')
    order by m.id for update of m`));
  const queued: string[] = [];
  for (const r of rows) {
    let to = r.to;
    if (!to && r.tenant_id) {
      const address = recipientAddress(r.channel, r.channel === 'email' ? r.email : r.phone);
      if ('error' in address) continue;
      to = address.value;
    }
    await tx.execute(sql`update messages set status = 'queued', "to" = ${to}, error = null, attempts = 0, next_attempt_at = null,
      claimed_until = null, updated_at = now() where organization_id = ${organizationId} and id = ${r.id}`);
    queued.push(r.id);
  }
  const later = rows.filter((r) => queued.includes(r.id) && r.scheduled_at && Date.parse(r.scheduled_at) > Date.now());
  await enqueueSend(tx, organizationId, queued.filter((id) => !later.some((l) => l.id === id)));
  for (const l of later) await enqueueSend(tx, organizationId, [l.id], new Date(l.scheduled_at!));
  return queued;
}

/** POST /messages/:id/retry: a failed (or short of credits) message is queued again; a worker sends it. */
export async function retryMessage(tx: Db, organizationId: string, id: string): Promise<void> {
  const [row] = rowsOf<{ status: string; to: string; tenant_id: string | null }>(await tx.execute(sql`
    select status, "to", tenant_id from messages where organization_id = ${organizationId} and id = ${id} for update`));
  if (!row) throw notFound();
  if (!RETRYABLE.includes(row.status)) {
    throw conflict('Only a failed message, or one refused for lack of credits, can be retried.');
  }
  const queued = await requeueMessages(tx, organizationId, [id]);
  if (!queued.length) throw conflict('This tenant still has no usable phone number or email address: add one on the tenant, then retry.');
}

/** POST /messages/retry: many at once (the outbox's selection); answers how many were queued. */
export async function retryMessages(tx: Db, organizationId: string, ids: string[]): Promise<{ queued: string[]; skipped: string[] }> {
  const queued = await requeueMessages(tx, organizationId, [...new Set(ids)]);
  return { queued, skipped: ids.filter((id) => !queued.includes(id)) };
}
