import { sql } from 'drizzle-orm';
import type { RecordValues } from '../../../shared/resource.js';
import { isEmail, parsePhone } from '../../../shared/resource-values.js';
import { smsSegments } from '../../../shared/sms.js';
import { rowsOf, type Db } from '../../db/client.js';
import { conflict, forbidden, invalid, notFound } from '../../errors.js';
import { membershipPermissions } from '../../tenancy.js';
import { currentUser } from '../payments/allocation.js';
import { sendIfDue } from './dispatch.js';
import { messagingServices } from './services.js';

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
 * address for the channel, and sends a due one in the same transaction (dispatch.ts). A message
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
    const services = messagingServices();
    if (services) await sendIfDue(tx, services, organizationId, id);
  },
};

/** POST /messages/:id/retry: a failed (or short of credits) message is queued and sent again if it is due. */
export async function retryMessage(tx: Db, organizationId: string, id: string): Promise<void> {
  const [row] = rowsOf<{ status: string }>(await tx.execute(sql`
    select status from messages where organization_id = ${organizationId} and id = ${id} for update`));
  if (!row) throw notFound();
  if (row.status !== 'failed' && row.status !== 'insufficient_credits') {
    throw conflict('Only a failed message, or one refused for lack of credits, can be retried.');
  }
  await tx.execute(sql`update messages set status = 'queued', error = null, updated_at = now() where organization_id = ${organizationId} and id = ${id}`);
  const services = messagingServices();
  if (services) await sendIfDue(tx, services, organizationId, id);
}
