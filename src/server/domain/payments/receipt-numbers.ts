import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import { inScope, rowsOf, type Db } from '../../db/client.js';
import { QUEUES } from '../../jobs/install.js';
import { currentJobs } from '../../jobs/registry.js';
import { queueReceipt } from '../messaging/receipts.js';
import { formatNumber, nextNumber } from '../numbering.js';

// Receipt numbers (product.md 4.4): one gapless series per organisation, a row in number_series
// whose lock is held until the taker commits. A payment recorded by hand takes its number in its
// own transaction, last (numberReceipt). An M-Pesa callback does not: ten callers at once queued
// on that lock for all of the rest of their transactions (bench c2b: 13/s, p99 2.2 s on a loaded
// machine, against 760/s for a bare insert). Its payment commits without a number, with a job
// (queueNumbering); right after, the callback numbers every payment of the organisation still
// without one, oldest first, in one short transaction, unless another caller is doing so at that
// moment (then it does not wait: that caller, or the job, numbers it), and queues its SMS receipt
// once it has its number. The job does the same, waiting its turn, whatever happened before.

export const RECEIPT_PREFIX = 'RCT-';

const deferred = new AsyncLocalStorage<true>();

/** Runs fn (a payment's creation) with its receipt number and SMS receipt left for finishCallbackPayment. */
export function deferReceiptNumber<T>(fn: () => Promise<T>): Promise<T> {
  return deferred.run(true, fn);
}

export const receiptNumberDeferred = () => deferred.getStore() === true;

async function stampAudit(tx: Db, organizationId: string, numbered: Array<{ id: string; receipt: string }>) {
  // the create's audit row was written before the number existed
  await tx.execute(sql`
    update audit_log a set after = jsonb_set(a.after, '{receipt_number}', to_jsonb(n.receipt))
    from jsonb_to_recordset(${JSON.stringify(numbered)}::jsonb) as n(id text, receipt text)
    where a.organization_id = ${organizationId} and a.resource = 'payments' and a.record_id = n.id and a.action = 'create' and a.after is not null`);
}

/** A new payment's number, in its own transaction (the last step: the series stays locked until commit). */
export async function numberReceipt(tx: Db, organizationId: string, id: string): Promise<void> {
  const receipt = formatNumber(RECEIPT_PREFIX, await nextNumber(tx, organizationId, 'receipt'));
  await tx.execute(sql`update payments set receipt_number = ${receipt} where organization_id = ${organizationId} and id = ${id}`);
  await stampAudit(tx, organizationId, [{ id, receipt }]);
}

/** In the payment's transaction: the job that numbers it and queues its receipt, whatever happens after the commit. */
export async function queueNumbering(tx: Db, organizationId: string, paymentId: string): Promise<void> {
  await currentJobs()?.send(tx, QUEUES.receiptNumbers.name, { organization_id: organizationId, payment_id: paymentId });
}

/** Payments numbered per transaction: a backlog is worked through in steps, each one short. */
const BATCH = 200;

/**
 * Numbers the organisation's payments that have none yet (committed by callbacks), oldest first.
 * Numbers stay gapless and unique: numberers take turns on an advisory lock and read the waiting
 * payments only once they hold it (so a second one finds what the first numbered); the series
 * row is the one hand-recorded payments take. wait false: when another numberer holds the lock,
 * returns at once (what it missed, the job numbers). Returns how many were numbered.
 */
export async function numberPendingReceipts(db: Db, organizationId: string, wait: boolean): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await inScope(db, { tenant: organizationId }, async (tx) => {
      const lock = `receipt-numbers:${organizationId}`;
      if (wait) await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${lock}, 0))`);
      else {
        const [got] = rowsOf<{ ok: boolean }>(await tx.execute(sql`select pg_try_advisory_xact_lock(hashtextextended(${lock}, 0)) as ok`));
        if (!got?.ok) return -1;
      }
      const pending = rowsOf<{ id: string }>(await tx.execute(sql`
        select id from payments where organization_id = ${organizationId} and receipt_number is null
        order by created_at, id limit ${BATCH}`));
      if (!pending.length) return 0;
      const [row] = rowsOf<{ first: number }>(await tx.execute(sql`
        insert into number_series (organization_id, name, next_value) values (${organizationId}, 'receipt', ${1 + pending.length})
        on conflict (organization_id, name) do update set next_value = number_series.next_value + ${pending.length}
        returning next_value - ${pending.length} as first`));
      const numbered = pending.map((p, i) => ({ id: p.id, receipt: formatNumber(RECEIPT_PREFIX, Number(row.first) + i) }));
      await tx.execute(sql`
        update payments p set receipt_number = n.receipt
        from jsonb_to_recordset(${JSON.stringify(numbered)}::jsonb) as n(id text, receipt text)
        where p.organization_id = ${organizationId} and p.id = n.id`);
      await stampAudit(tx, organizationId, numbered);
      return numbered.length;
    });
    if (n < 0) return total;
    total += n;
    if (n < BATCH) return total;
  }
}

/** Its SMS receipt queued (once: the message's key) when it has its number. False: no number yet. */
async function receiptOnceNumbered(db: Db, organizationId: string, paymentId: string): Promise<boolean> {
  return inScope(db, { tenant: organizationId }, async (tx) => {
    const [p] = rowsOf<{ receipt_number: string | null }>(await tx.execute(sql`
      select receipt_number from payments where organization_id = ${organizationId} and id = ${paymentId}`));
    if (!p?.receipt_number) return !p;
    await queueReceipt(tx, organizationId, paymentId);
    return true;
  });
}

/**
 * A callback's payment, once committed: numbered, then its SMS receipt queued. Right after the
 * callback (inJob false) it does not wait for another numberer; its job (inJob true) does, when
 * the payment still has no number by then. False: not numbered yet (the job will).
 */
export async function finishCallbackPayment(db: Db, organizationId: string, paymentId: string, inJob: boolean): Promise<boolean> {
  if (inJob && (await receiptOnceNumbered(db, organizationId, paymentId))) return true;
  await numberPendingReceipts(db, organizationId, inJob);
  return receiptOnceNumbered(db, organizationId, paymentId);
}
