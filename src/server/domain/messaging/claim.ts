import { sql } from 'drizzle-orm';
import { readAtKey, UNREADABLE_AT_KEY } from './at-key.js';
import { rowsOf, type Db } from '../../db/client.js';
import { todayIn } from '../billing/scheduler.js';
import { creditBalance, lockCredits, recordUsage } from './credits.js';
import type { MessagingServices } from './services.js';
import type { SmsDriver } from './sms-driver.js';

/** A message as sending reads it. */
export interface ClaimedMessage {
  id: string;
  channel: 'sms' | 'email';
  to: string;
  subject: string | null;
  body: string;
  credits: number;
  /** This claim's attempt number: recording a result checks it, so a late result never overwrites a newer try. */
  attempts: number;
}

export interface Claim {
  organizationId: string;
  messages: ClaimedMessage[];
  /** The organisation's SMS driver (null when no SMS was claimed). */
  driver: SmsDriver | null;
  senderId: string | null;
}

interface OrgSending {
  timezone: string | null;
  sms_driver: string | null;
  sms_sender_id: string | null;
  africastalking_username: string | null;
  africastalking_api_key: string | null;
}

/** How long a worker holds a claimed message before the sweep calls its outcome unknown. */
export const DEFAULT_LEASE_SECONDS = 600;

async function orgSending(tx: Db, organizationId: string): Promise<OrgSending> {
  const [row] = rowsOf<OrgSending>(await tx.execute(sql`
    select timezone, settings->>'sms_driver' as sms_driver, settings->>'sms_sender_id' as sms_sender_id,
      settings->>'africastalking_username' as africastalking_username, settings->>'africastalking_api_key' as africastalking_api_key
    from organizations where id = ${organizationId}`));
  return row;
}

const idArray = (ids: string[]) => `{${ids.join(',')}}`;

async function refuse(tx: Db, organizationId: string, ids: string[], status: 'failed' | 'insufficient_credits', error: string) {
  if (!ids.length) return;
  await tx.execute(sql`
    update messages set status = ${status}, error = ${error}, claimed_until = null, next_attempt_at = null, updated_at = now()
    where organization_id = ${organizationId} and id = any(${idArray(ids)}::text[])`);
}

/**
 * Step 1 of sending (dispatch.ts), in the caller's short transaction: the messages among `ids`
 * that are queued and due, locked with SKIP LOCKED (another worker holding one keeps it), become
 * `sending` with a lease. An SMS needs its credits (segments × 1, counted from the filled text when
 * it was written): spent now (a usage row, given back if it fails); one the balance cannot cover
 * waits as insufficient_credits. The log driver spends nothing. A driver this server lacks, or
 * settings it refuses, fail the SMS with the reason.
 */
export async function claimMessages(tx: Db, services: MessagingServices, organizationId: string, ids: string[]): Promise<Claim> {
  const rows = rowsOf<Omit<ClaimedMessage, 'attempts'> & { credits: number | string }>(await tx.execute(sql`
    select id, channel, "to", subject, body, credits from messages
    where organization_id = ${organizationId} and id = any(${idArray(ids)}::text[]) and status = 'queued'
      and (scheduled_at is null or scheduled_at <= now()) and (next_attempt_at is null or next_attempt_at <= now())
    order by id for update skip locked`));
  const claim: Claim = { organizationId, messages: [], driver: null, senderId: null };
  if (!rows.length) return claim;
  const org = await orgSending(tx, organizationId);
  claim.senderId = org.sms_sender_id;
  const take: string[] = rows.filter((m) => m.channel === 'email').map((m) => m.id);
  const sms = rows.filter((m) => m.channel === 'sms');
  if (sms.length) {
    const driverName = org.sms_driver || services.defaultSmsDriver;
    const factory = services.smsDrivers[driverName];
    try {
      if (!factory) throw new Error(`The SMS driver "${driverName}" is not available on this server: choose another one in Settings › SMS.`);
      const key = readAtKey(org.africastalking_api_key, organizationId);
      if (driverName !== 'log' && key.unreadable) throw new Error(UNREADABLE_AT_KEY);
      claim.driver = factory({ senderId: org.sms_sender_id, username: org.africastalking_username, apiKey: key.apiKey });
    } catch (err) {
      await refuse(tx, organizationId, sms.map((m) => m.id), 'failed', (err instanceof Error ? err.message : String(err)).slice(0, 900));
    }
    if (claim.driver?.logOnly) take.push(...sms.map((m) => m.id));
    else if (claim.driver) {
      await lockCredits(tx, organizationId);
      let balance = await creditBalance(tx, organizationId);
      const day = todayIn(org.timezone || undefined);
      for (const m of sms) {
        const credits = Number(m.credits);
        if (credits > balance) {
          await refuse(tx, organizationId, [m.id], 'insufficient_credits',
            `This message needs ${credits} credit${credits === 1 ? '' : 's'} and the balance is ${balance}: top up (it then goes by itself) or retry.`);
          continue;
        }
        balance -= credits;
        await recordUsage(tx, organizationId, m.id, credits, day);
        take.push(m.id);
      }
    }
  }
  if (!take.length) return claim;
  const lease = services.leaseSeconds ?? DEFAULT_LEASE_SECONDS;
  const claimed = rowsOf<{ id: string; attempts: number }>(await tx.execute(sql`
    update messages set status = 'sending', attempts = attempts + 1, claimed_until = now() + ${lease} * interval '1 second',
      next_attempt_at = null, updated_at = now()
    where organization_id = ${organizationId} and id = any(${idArray(take)}::text[])
    returning id, attempts`));
  const attempts = new Map(claimed.map((c) => [c.id, Number(c.attempts)]));
  claim.messages = rows.filter((m) => attempts.has(m.id)).map((m) => ({ ...m, credits: Number(m.credits), attempts: attempts.get(m.id)! }));
  return claim;
}
