import { sql } from 'drizzle-orm';
import { ulid } from 'ulid';
import { rowsOf, type Db } from '../../db/client.js';
import { todayIn } from '../billing/scheduler.js';
import type { ClaimedMessage } from './claim.js';
import { enqueueSend, LOGGED_NOTE } from './enqueue.js';
import type { MessagingServices } from './services.js';

export type Outcome =
  | { message: ClaimedMessage; ok: true; providerId: string | null; cost?: string | null; logged?: boolean }
  | { message: ClaimedMessage; ok: false; permanent: boolean; reason: string };

/** Transient failures are tried this many times in all, then the message is failed. */
export const MAX_ATTEMPTS = 5;
export const DEFAULT_RETRY_BASE_SECONDS = 30;

/** Seconds before try `attempt + 1` after `attempt` failed: base, 2×base, 4×base… (30 s, 1 min, 2 min, 4 min). */
export function retryDelaySeconds(attempt: number, base = DEFAULT_RETRY_BASE_SECONDS): number {
  return base * 2 ** Math.max(0, attempt - 1);
}

// Only the claim that is still current may write: the same attempt, still sending (or failed by
// the sweep as unknown while this worker was slow: then the real outcome replaces "unknown").
const current = (organizationId: string, m: ClaimedMessage) => sql`
  organization_id = ${organizationId} and id = ${m.id} and attempts = ${m.attempts}
  and (status = 'sending' or (status = 'failed' and claimed_until is not null))`;

async function refund(tx: Db, organizationId: string, id: string) {
  await tx.execute(sql`delete from sms_credits where organization_id = ${organizationId} and kind = 'usage' and message_id = ${id}`);
}

/**
 * Step 3 of sending (dispatch.ts), in the caller's short transaction: each outcome written to its
 * message. Accepted: sent (or logged), with the provider's id and its price (Africa's Talking's
 * cost, e.g. "KES 0.8000"), its credits kept. Refused for good:
 * failed with the reason, credits given back. Refused for now (network, 5xx, timeout): queued
 * again with a job after an exponential backoff, credits given back, until MAX_ATTEMPTS.
 */
export async function recordResults(tx: Db, services: MessagingServices, organizationId: string, outcomes: Outcome[]): Promise<void> {
  const base = services.retryBaseSeconds ?? DEFAULT_RETRY_BASE_SECONDS;
  const retries = new Map<number, string[]>();
  let day: string | undefined;
  for (const o of outcomes) {
    const m = o.message;
    if (o.ok) {
      const [row] = rowsOf<{ id: string }>(await tx.execute(sql`
        update messages set status = ${o.logged ? 'logged' : 'sent'}, provider_id = coalesce(${o.providerId}, provider_id), cost = coalesce(${o.cost ?? null}, cost),
          error = ${o.logged ? LOGGED_NOTE : null}, sent_at = now(), claimed_until = null, updated_at = now()
        where ${current(organizationId, m)} returning id`));
      // the sweep gave the credits back when it called the outcome unknown: spent after all
      if (row && m.channel === 'sms' && !o.logged) {
        day ??= todayIn(rowsOf<{ timezone: string | null }>(await tx.execute(sql`select timezone from organizations where id = ${organizationId}`))[0]?.timezone || undefined);
        await tx.execute(sql`insert into sms_credits (organization_id, id, kind, credits, date, message_id)
          select ${organizationId}, ${ulid()}, 'usage', ${m.credits}, ${day}::date, ${m.id}
          where not exists (select 1 from sms_credits where organization_id = ${organizationId} and kind = 'usage' and message_id = ${m.id})`);
      }
      continue;
    }
    const giveUp = o.permanent || m.attempts >= MAX_ATTEMPTS;
    if (giveUp) {
      const why = o.permanent || MAX_ATTEMPTS <= 1 ? o.reason : `Tried ${m.attempts} times; the last answer: ${o.reason}`;
      const [row] = rowsOf<{ id: string }>(await tx.execute(sql`
        update messages set status = 'failed', error = ${why.slice(0, 1000)}, claimed_until = null, next_attempt_at = null, updated_at = now()
        where ${current(organizationId, m)} returning id`));
      if (row) await refund(tx, organizationId, m.id);
      continue;
    }
    const delay = retryDelaySeconds(m.attempts, base);
    const [row] = rowsOf<{ id: string }>(await tx.execute(sql`
      update messages set status = 'queued', error = ${o.reason.slice(0, 1000)}, claimed_until = null,
        next_attempt_at = now() + ${delay} * interval '1 second', updated_at = now()
      where ${current(organizationId, m)} returning id`));
    if (!row) continue;
    await refund(tx, organizationId, m.id);
    retries.set(delay, [...(retries.get(delay) ?? []), m.id]);
  }
  for (const [delay, ids] of retries) await enqueueSend(tx, organizationId, ids, new Date(Date.now() + delay * 1000));
}
