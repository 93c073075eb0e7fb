import { Cron } from 'croner';
import { sql } from 'drizzle-orm';
import { inScope, rowsOf, type Db } from '../../db/client.js';
import { channelCall } from './channel-calls.js';
import { darajaBase, darajaToken, stkQuery } from './client.js';
import { SANDBOX_PASSKEY, darajaTimestamp, stkPassword, type StkOptions } from './stk.js';
import { stateOfResult } from './stk-payload.js';

// A push whose callback never came (integrations.md A3): once the timeout has passed, Keja asks
// Daraja for its status once (stkpushquery) and records the answer. A small function a scheduler
// calls (croner today, startStkQueries; a job queue may call it later), safe in several processes:
// each request is claimed (queried_at set) in a transaction before Daraja is asked, outside it.

export interface QueryOptions extends StkOptions {
  darajaUrl?: string;
  /** seconds after Daraja's answer to the push with no callback (STK_QUERY_AFTER_SECONDS, default 90) */
  afterSeconds: number;
}

interface Claimed { id: string; channel_id: string; checkout_request_id: string }

/**
 * Asks Daraja once about each overdue request of every organisation; returns how many were asked.
 * `owner` (the owner's handle) only finds which organisations have one: a pass that opened a
 * transaction in each organisation cost the server 800 transactions a minute with 200 of them and
 * nothing to ask.
 */
export async function queryOverdueRequests(owner: Db, db: Db, opts: QueryOptions, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - opts.afterSeconds * 1000).toISOString();
  const orgs = rowsOf<{ id: string }>(await owner.execute(sql`
    select distinct organization_id as id from payment_requests
    where state = 'sent' and queried_at is null and checkout_request_id is not null and coalesce(answered_at, requested_at) < ${cutoff}
    order by 1`));
  let asked = 0;
  for (const { id: org } of orgs) {
    const claimed = await inScope(db, { tenant: org }, async (tx) => {
      const rows = rowsOf<Claimed>(await tx.execute(sql`
        update payment_requests set queried_at = now()
        where organization_id = ${org} and state = 'sent' and queried_at is null and checkout_request_id is not null
          and coalesce(answered_at, requested_at) < ${cutoff}
        returning id, channel_id, checkout_request_id`));
      const calls = [];
      for (const r of rows) calls.push({ r, call: await channelCall(tx, org, r.channel_id, opts.appUrl, true).catch(() => null) });
      return calls;
    });
    for (const { r, call } of claimed) {
      asked++;
      const key = call?.consumerKey ?? (opts.demoFake ? 'demo' : null);
      const secret = call?.consumerSecret ?? (opts.demoFake ? 'demo' : null);
      const passkey = call?.passkey ?? (opts.demoFake ? SANDBOX_PASSKEY : null);
      let answer: { outcome: string; resultCode: string | null; resultDesc: string | null } = { outcome: 'refused', resultCode: null, resultDesc: 'The channel’s Daraja keys are gone.' };
      if (call && key && secret && passkey) {
        const base = darajaBase(opts.darajaUrl, call.environment);
        const token = await darajaToken(base, key, secret);
        const timestamp = darajaTimestamp(now);
        answer = 'token' in token
          ? await stkQuery(base, token.token, { BusinessShortCode: call.shortCode, Password: stkPassword(call.shortCode, passkey, timestamp), Timestamp: timestamp, CheckoutRequestID: r.checkout_request_id })
          : { outcome: token.outcome, resultCode: token.code, resultDesc: token.description };
      }
      await inScope(db, { tenant: org }, (tx) => recordQueryAnswer(tx, org, r.id, answer));
    }
  }
  return asked;
}

/**
 * The query's answer: a ResultCode moves a request still `sent` to its state (a callback that came
 * meanwhile wins); pending or a failed query leaves it `sent` with what Safaricom said.
 */
async function recordQueryAnswer(tx: Db, org: string, id: string, a: { outcome: string; resultCode: string | null; resultDesc: string | null }) {
  if (a.outcome === 'answered' && a.resultCode !== null) {
    await tx.execute(sql`
      update payment_requests set state = ${stateOfResult(a.resultCode)}, result_code = ${a.resultCode}, result_desc = ${a.resultDesc}, completed_at = now()
      where organization_id = ${org} and id = ${id} and state = 'sent'`);
  } else {
    const said = a.resultDesc ?? (a.outcome === 'unreachable' ? 'Daraja could not be reached for the status.' : 'No status from Safaricom.');
    await tx.execute(sql`
      update payment_requests set result_code = ${a.resultCode}, result_desc = ${said}
      where organization_id = ${org} and id = ${id} and state = 'sent'`);
  }
}

export interface StkQueries { stop(): void }

/** Every 15 seconds (croner, protect: a pass still running is not overlapped). */
export function startStkQueries(owner: Db, db: Db, opts: QueryOptions, log: (msg: string, err?: unknown) => void, pattern = '*/15 * * * * *'): StkQueries {
  const job = new Cron(pattern, { protect: true }, async () => {
    try {
      await queryOverdueRequests(owner, db, opts);
    } catch (err) {
      log('stk status queries failed', err);
    }
  });
  return { stop: () => job.stop() };
}
