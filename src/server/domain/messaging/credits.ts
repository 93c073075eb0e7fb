import { sql } from 'drizzle-orm';
import { ulid } from 'ulid';
import type { RecordValues } from '../../../shared/resource.js';
import { rowsOf, type Db } from '../../db/client.js';
import { conflict, invalid } from '../../errors.js';
import { enqueueSend } from './enqueue.js';

/**
 * The SMS credit ledger (resources/sms-credits.ts): top-ups are entered by people, usage rows are
 * written by the server when an SMS goes out, in the same transaction. The balance is top-ups −
 * usage and never goes below zero: a send beyond it is refused, and so is removing credits that
 * were already spent.
 */

/** Serialises everything that reads the balance to spend from it (sends, top-up changes) in one organisation. */
export async function lockCredits(tx: Db, organizationId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`sms-credits:${organizationId}`}, 0))`);
}

export async function creditBalance(tx: Db, organizationId: string): Promise<number> {
  const [row] = rowsOf<{ balance: string | number }>(await tx.execute(sql`
    select coalesce(sum(case when kind = 'top_up' then credits else -credits end), 0)::bigint as balance
    from sms_credits where organization_id = ${organizationId}`));
  return Number(row?.balance ?? 0);
}

/** The usage row of a sent SMS. */
export async function recordUsage(tx: Db, organizationId: string, messageId: string, credits: number, date: string): Promise<void> {
  await tx.execute(sql`
    insert into sms_credits (organization_id, id, kind, credits, date, message_id)
    values (${organizationId}, ${ulid()}, 'usage', ${credits}, ${date}::date, ${messageId})`);
}

async function refuseOverdraft(tx: Db, organizationId: string, removed: number, field: string | null) {
  if (removed <= 0) return;
  await lockCredits(tx, organizationId);
  const balance = await creditBalance(tx, organizationId);
  if (balance - removed >= 0) return;
  const why = `Only ${balance} credit${balance === 1 ? ' is' : 's are'} left: the rest of this top-up was already spent on messages.`;
  if (field) throw invalid({ [field]: [why] });
  throw conflict(why);
}

export const smsCreditHooks = {
  async beforeWrite(tx: Db, organizationId: string, values: RecordValues, existing: RecordValues | null) {
    if (existing?.kind === 'usage') throw conflict('Usage entries are written by sending and cannot be changed.');
    if (values.kind === 'usage') {
      throw invalid({ kind: ['Usage is written by the server when a message is sent; record a top-up here.'] });
    }
    if (existing && values.credits !== undefined) {
      await refuseOverdraft(tx, organizationId, Number(existing.credits) - Number(values.credits), 'credits');
    }
  },
  // a top-up sends what waited for credits (in this transaction: its jobs commit with it)
  async afterWrite(tx: Db, organizationId: string, id: string) {
    const [row] = rowsOf<{ kind: string }>(await tx.execute(sql`select kind from sms_credits where organization_id = ${organizationId} and id = ${id}`));
    if (row?.kind !== 'top_up') return;
    const waiting = rowsOf<{ id: string }>(await tx.execute(sql`
      update messages set status = 'queued', error = null, attempts = 0, next_attempt_at = null, updated_at = now()
      where organization_id = ${organizationId} and status = 'insufficient_credits' returning id`));
    await enqueueSend(tx, organizationId, waiting.map((w) => w.id).sort());
  },
  async beforeDelete(tx: Db, organizationId: string, existing: RecordValues) {
    if (existing.kind === 'top_up') await refuseOverdraft(tx, organizationId, Number(existing.credits), null);
  },
};
