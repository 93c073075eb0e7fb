import { sql } from 'drizzle-orm';
import { inScope, rowsOf, type Db } from '../../db/client.js';
import { claimMessages, type Claim } from './claim.js';
import { enqueueSend } from './enqueue.js';
import { recordResults, type Outcome } from './outcome.js';
import type { MessagingServices } from './services.js';
import { SmsSendError, type SmsResult } from './sms-driver.js';

// Sending, in three steps, and never a provider call inside a database transaction:
//   1. claim (claim.ts): a short transaction moves due `queued` messages to `sending` (SKIP
//      LOCKED: two workers never hold the same one), checks and spends credits per segment, and
//      sets a lease (claimed_until);
//   2. the driver is called with no transaction open (sendBatch when the driver has it);
//   3. record (outcome.ts): a second short transaction writes each result: sent, failed with the
//      reason, or queued again after a backoff for a transient failure.
// What starts it is a job (pg-boss) inserted in the transaction that wrote the messages (enqueue.ts).

export { LOGGED_NOTE } from './enqueue.js';
/** Messages claimed and handed to the provider at once: what a crash can leave unknown per worker. */
export const SEND_CHUNK = 25;

const reason = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 900);

/** Step 2: the provider calls, outside any transaction. Every claimed message gets an outcome. */
async function deliver(services: MessagingServices, claim: Claim): Promise<Outcome[]> {
  const out: Outcome[] = [];
  const sms = claim.messages.filter((m) => m.channel === 'sms');
  const emails = claim.messages.filter((m) => m.channel === 'email');
  for (const m of emails) {
    try {
      await services.mailer.send({ to: m.to, subject: m.subject ?? '', text: m.body });
      out.push({ message: m, ok: true, providerId: null });
    } catch (err) {
      services.log.error({ err, message: m.id }, 'email message failed');
      out.push({ message: m, ok: false, permanent: false, reason: reason(err) });
    }
  }
  if (!sms.length || !claim.driver) return out;
  const driver = claim.driver;
  const list = sms.map((m) => ({ to: m.to, body: m.body, senderId: claim.senderId }));
  let results: SmsResult[];
  try {
    if (driver.sendBatch) results = await driver.sendBatch(list);
    else {
      results = [];
      for (const one of list) {
        try {
          results.push({ to: one.to, ok: true, ...(await driver.send(one)) });
        } catch (err) {
          results.push({ to: one.to, ok: false, providerId: null, reason: reason(err), permanent: err instanceof SmsSendError && err.permanent });
        }
      }
    }
  } catch (err) {
    services.log.error({ err, organization: claim.organizationId }, 'SMS request failed');
    const permanent = err instanceof SmsSendError && err.permanent;
    results = list.map((one) => ({ to: one.to, ok: false, providerId: null, reason: reason(err), permanent }));
  }
  sms.forEach((m, i) => {
    const r = results[i] ?? { ok: false, reason: 'The SMS driver gave no result for this message.', permanent: false, providerId: null };
    out.push(r.ok
      ? { message: m, ok: true, providerId: r.providerId ?? null, cost: r.cost?.slice(0, 40) ?? null, logged: !!driver.logOnly }
      : { message: m, ok: false, permanent: !!r.permanent, reason: r.reason ?? 'The provider refused the message.' });
  });
  return out;
}

/**
 * The send job: in chunks of SEND_CHUNK, claim what is still queued and due among `ids` (in this
 * organisation only), hand it to the provider, record the results. Returns how many were handed over.
 */
export async function sendMessages(db: Db, services: MessagingServices, organizationId: string, ids: string[]): Promise<number> {
  let handed = 0;
  for (let i = 0; i < ids.length; i += SEND_CHUNK) {
    const claim = await inScope(db, { tenant: organizationId }, (tx) => claimMessages(tx, services, organizationId, ids.slice(i, i + SEND_CHUNK)));
    if (!claim.messages.length) continue;
    const outcomes = await deliver(services, claim);
    await inScope(db, { tenant: organizationId }, (tx) => recordResults(tx, services, organizationId, outcomes));
    handed += claim.messages.length;
  }
  return handed;
}

/** What a message whose provider call may have happened, but whose result was never recorded, says. */
export const UNKNOWN_OUTCOME = 'The server stopped while handing this message to the provider, so it may or may not have reached the phone. It is not sent again by itself: check with the recipient, then Retry if needed.';

/**
 * The sweep (every minute, in every server; each step is safe to run twice at once): a message
 * held past its lease by a worker that died is failed as unknown (never sent again by itself:
 * see the README's "What a crash can leave"); a queued, due message no job took for two minutes
 * gets a new job. `owner` lists the organisations; each one's work runs in its own scope.
 */
export async function sweepMessages(owner: Db, db: Db): Promise<{ unknown: number; requeued: number }> {
  const orgs = rowsOf<{ organization_id: string }>(await owner.execute(sql`
    select distinct organization_id from messages
    where (status = 'sending' and claimed_until < now())
       or (status = 'queued' and (scheduled_at is null or scheduled_at <= now()) and (next_attempt_at is null or next_attempt_at <= now())
           and updated_at < now() - interval '2 minutes')`));
  let unknown = 0;
  let requeued = 0;
  for (const { organization_id: org } of orgs) {
    await inScope(db, { tenant: org }, async (tx) => {
      const stale = rowsOf<{ id: string }>(await tx.execute(sql`
        update messages set status = 'failed', error = ${UNKNOWN_OUTCOME}, updated_at = now()
        where organization_id = ${org} and status = 'sending' and claimed_until < now() returning id`));
      if (stale.length) {
        await tx.execute(sql`delete from sms_credits where organization_id = ${org} and kind = 'usage'
          and message_id = any(${`{${stale.map((s) => s.id).join(',')}}`}::text[])`);
      }
      const due = rowsOf<{ id: string }>(await tx.execute(sql`
        update messages set updated_at = now()
        where organization_id = ${org} and status = 'queued' and (scheduled_at is null or scheduled_at <= now())
          and (next_attempt_at is null or next_attempt_at <= now()) and updated_at < now() - interval '2 minutes'
        returning id`));
      await enqueueSend(tx, org, due.map((d) => d.id).sort());
      unknown += stale.length;
      requeued += due.length;
    });
  }
  return { unknown, requeued };
}
