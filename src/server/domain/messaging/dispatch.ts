import { sql } from 'drizzle-orm';
import { inScope, rowsOf, type Db } from '../../db/client.js';
import { todayIn } from '../billing/scheduler.js';
import { creditBalance, lockCredits, recordUsage } from './credits.js';
import type { MessagingServices } from './services.js';
import type { SmsDriver } from './sms-driver.js';

/** Why a logged message never reached the phone (shown with it). */
export const LOGGED_NOTE = 'Written to the server log, not delivered: the SMS driver in Settings › SMS is "log".';

/** A message as sending reads it. */
export interface OutgoingMessage {
  id: string;
  channel: 'sms' | 'email';
  to: string;
  subject: string | null;
  body: string;
  credits: number;
  status: string;
}

interface OrgSending {
  timezone: string | null;
  sms_driver: string | null;
  sms_sender_id: string | null;
  africastalking_username: string | null;
  africastalking_api_key: string | null;
}

const COLUMNS = sql`id, channel, "to", subject, body, credits, status`;

async function orgSending(tx: Db, organizationId: string): Promise<OrgSending> {
  const [row] = rowsOf<OrgSending>(await tx.execute(sql`
    select timezone, settings->>'sms_driver' as sms_driver, settings->>'sms_sender_id' as sms_sender_id,
      settings->>'africastalking_username' as africastalking_username, settings->>'africastalking_api_key' as africastalking_api_key
    from organizations where id = ${organizationId}`));
  return row;
}

async function mark(tx: Db, organizationId: string, id: string, status: string, extra: { error?: string | null; providerId?: string | null; sent?: boolean } = {}) {
  await tx.execute(sql`
    update messages set status = ${status}, error = ${extra.error ?? null},
      provider_id = coalesce(${extra.providerId ?? null}, provider_id),
      sent_at = ${extra.sent ? sql`now()` : sql`sent_at`}, updated_at = now()
    where organization_id = ${organizationId} and id = ${id}`);
}

const reason = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 1000);

/**
 * Sends one message whose row the caller has locked, in the caller's transaction: an email
 * through the mail driver; an SMS only when the credit balance covers it (else it is kept as
 * insufficient_credits), through the organisation's SMS driver, with its usage row written
 * beside it. The log driver delivers nothing: its messages are `logged` and cost nothing. A driver's refusal marks the message failed with the reason; nothing is thrown.
 */
export async function deliver(tx: Db, services: MessagingServices, organizationId: string, message: OutgoingMessage): Promise<string> {
  const org = await orgSending(tx, organizationId);
  if (message.channel === 'email') {
    try {
      await services.mailer.send({ to: message.to, subject: message.subject ?? '', text: message.body });
      await mark(tx, organizationId, message.id, 'sent', { sent: true });
      return 'sent';
    } catch (err) {
      services.log.error({ err, message: message.id }, 'email message failed');
      await mark(tx, organizationId, message.id, 'failed', { error: reason(err) });
      return 'failed';
    }
  }
  const driverName = org.sms_driver || services.defaultSmsDriver;
  const factory = services.smsDrivers[driverName];
  if (!factory) {
    await mark(tx, organizationId, message.id, 'failed', { error: `The SMS driver "${driverName}" is not available on this server: choose another one in Settings › SMS.` });
    return 'failed';
  }
  let driver: SmsDriver;
  try {
    driver = factory({ senderId: org.sms_sender_id, username: org.africastalking_username, apiKey: org.africastalking_api_key });
  } catch (err) {
    await mark(tx, organizationId, message.id, 'failed', { error: reason(err) });
    return 'failed';
  }
  // a driver that only writes the message down spends nothing and says so (status logged)
  if (!driver.logOnly) {
    await lockCredits(tx, organizationId);
    const balance = await creditBalance(tx, organizationId);
    if (message.credits > balance) {
      await mark(tx, organizationId, message.id, 'insufficient_credits', {
        error: `This message needs ${message.credits} credit${message.credits === 1 ? '' : 's'} and the balance is ${balance}: top up, then retry.`,
      });
      return 'insufficient_credits';
    }
  }
  try {
    const receipt = await driver.send({ to: message.to, body: message.body, senderId: org.sms_sender_id });
    if (driver.logOnly) {
      await mark(tx, organizationId, message.id, 'logged', { providerId: receipt.providerId, sent: true, error: LOGGED_NOTE });
      return 'logged';
    }
    await mark(tx, organizationId, message.id, 'sent', { providerId: receipt.providerId, sent: true });
    await recordUsage(tx, organizationId, message.id, message.credits, todayIn(org.timezone || undefined));
    return 'sent';
  } catch (err) {
    services.log.error({ err, message: message.id }, 'SMS message failed');
    await mark(tx, organizationId, message.id, 'failed', { error: reason(err) });
    return 'failed';
  }
}

/** Sends the message now if it is queued and due (no scheduled time, or one that has come). */
export async function sendIfDue(tx: Db, services: MessagingServices, organizationId: string, id: string): Promise<string | null> {
  const [message] = rowsOf<OutgoingMessage>(await tx.execute(sql`
    select ${COLUMNS} from messages
    where organization_id = ${organizationId} and id = ${id} and status = 'queued' and (scheduled_at is null or scheduled_at <= now())
    for update`));
  return message ? deliver(tx, services, organizationId, { ...message, credits: Number(message.credits) }) : null;
}

/** How many due messages one transaction claims. */
export const CLAIM_BATCH = 50;

/**
 * One pass of the sender: in every organisation, the queued messages whose time has come, claimed
 * with FOR UPDATE SKIP LOCKED (several processes share the queue; none sends a message twice) and
 * sent in the claiming transaction, batch after batch. Returns how many went out (or were refused).
 */
export async function sendDueMessages(db: Db, services: MessagingServices, now = new Date(), only?: string[]): Promise<number> {
  const orgs = rowsOf<{ id: string }>(await db.execute(sql`
    select id from organizations ${only ? sql`where id = any(${`{${only.join(',')}}`}::text[])` : sql``} order by id`));
  let total = 0;
  for (const org of orgs) {
    for (;;) {
      const handled = await inScope(db, { tenant: org.id }, async (tx) => {
        const claimed = rowsOf<OutgoingMessage>(await tx.execute(sql`
          select ${COLUMNS} from messages
          where organization_id = ${org.id} and status = 'queued' and (scheduled_at is null or scheduled_at <= ${now.toISOString()}::timestamptz)
          order by scheduled_at nulls first, id limit ${CLAIM_BATCH}
          for update skip locked`));
        for (const m of claimed) await deliver(tx, services, org.id, { ...m, credits: Number(m.credits) });
        return claimed.length;
      }).catch((err: unknown) => {
        services.log.error({ err, organization: org.id }, 'message sender: organisation failed');
        return 0;
      });
      total += handled;
      if (handled < CLAIM_BATCH) break;
    }
  }
  return total;
}
