import { sql } from 'drizzle-orm';
import { ulid } from 'ulid';
import { inScope, rowsOf, type Db } from '../../db/client.js';
import { matchAccountReference } from '../payments/payments.js';
import { finishCallbackPayment } from '../payments/receipt-numbers.js';
import { REJECT, parseC2bBody, type C2bPayment, type DarajaAnswer } from './c2b-payload.js';
import { recordReceipt } from './receipts.js';
import { isUsableSecret } from './url-rules.js';

// Daraja C2B callbacks (product.md 5, reference/protocols.md 3.3). Safaricom calls with no
// session: the secret in the path names the channel, and everything after runs scoped to that
// channel's organisation under row-level security. No provider is called from here.

export interface CallbackReply {
  status: number;
  body: DarajaAnswer;
}

const ok = (desc: string): CallbackReply => ({ status: 200, body: { ResultCode: 0, ResultDesc: desc } });
export const NOT_FOUND: CallbackReply = { status: 404, body: { ResultCode: REJECT.other, ResultDesc: 'Not found.' } };

export interface Channel {
  organization_id: string;
  id: string;
  number: string | null;
  refuse_unknown: boolean;
}

/**
 * Opens the channel's scope: finds the channel by its secret (the callback_lookup policy,
 * db/secure.ts, shows that one row in a scope with no organisation), then makes its organisation
 * the scope's, so every later query sees that organisation's rows only. Null: no such channel.
 */
export async function openChannel(tx: Db, secret: string): Promise<Channel | null> {
  await tx.execute(sql`select set_config('app.callback_secret', ${secret}, true)`);
  const [channel] = rowsOf<Channel>(await tx.execute(sql`
    select organization_id, id, number, daraja_refuse_unknown_accounts as refuse_unknown
    from payment_channels where callback_secret = ${secret} and kind in ('mpesa_paybill', 'mpesa_till')`));
  await tx.execute(sql`select set_config('app.callback_secret', '', true), set_config('app.tenant', ${channel?.organization_id ?? ''}, true)`);
  return channel ?? null;
}

/** The shortcode Safaricom names must be the channel's own number, when the channel has one. */
const wrongShortCode = (channel: Channel, p: C2bPayment) =>
  !!channel.number && !!p.shortCode && channel.number.replace(/\s/g, '') !== p.shortCode;

/** PostgreSQL text holds no NUL: the raw body is kept with each one shown as U+FFFD. */
export const storable = (raw: string) => raw.replace(/\u0000/g, '\ufffd');

/** The validation URL: a known account (or a channel that takes unknown ones) is accepted. */
export async function receiveValidation(db: Db, secret: string, raw: string): Promise<CallbackReply> {
  if (!isUsableSecret(secret)) return NOT_FOUND;
  const parsed = parseC2bBody(raw);
  return inScope(db, { readOnly: true }, async (tx) => {
    const channel = await openChannel(tx, secret);
    if (!channel) return NOT_FOUND;
    if (!parsed.ok) return { status: 400, body: parsed.answer };
    if (wrongShortCode(channel, parsed.payment)) return { status: 200, body: { ResultCode: REJECT.shortcode, ResultDesc: 'Rejected: unknown shortcode.' } };
    if (!channel.refuse_unknown) return { status: 200, body: { ResultCode: '0', ResultDesc: 'Accepted' } };
    const match = await matchAccountReference(tx, channel.organization_id, parsed.payment.billRef);
    return match
      ? { status: 200, body: { ResultCode: '0', ResultDesc: 'Accepted' } }
      : { status: 200, body: { ResultCode: REJECT.account, ResultDesc: 'Rejected: unknown account number.' } };
  });
}

/**
 * The confirmation URL. First the raw callback is stored (its own transaction, so it is kept
 * whatever happens next), then one payment per (channel, TransID) is recorded, matched and
 * allocated by the payments rules. A replay, however many at once, finds the callback or the
 * payment already there and answers 0 without changing anything.
 */
export async function receiveConfirmation(db: Db, secret: string, raw: string): Promise<CallbackReply> {
  if (!isUsableSecret(secret)) return NOT_FOUND;
  const parsed = parseC2bBody(raw);
  const stored = await inScope(db, {}, async (tx) => {
    const channel = await openChannel(tx, secret);
    if (!channel) return NOT_FOUND;
    if (!parsed.ok) return { status: 400, body: parsed.answer };
    if (wrongShortCode(channel, parsed.payment)) return { status: 400, body: { ResultCode: REJECT.shortcode, ResultDesc: 'Rejected: the shortcode is not this channel’s.' } };
    await tx.execute(sql`
      insert into payment_callbacks (organization_id, id, channel_id, kind, trans_id, body)
      values (${channel.organization_id}, ${ulid()}, ${channel.id}, 'c2b_confirmation', ${parsed.payment.transId}, ${storable(raw)})
      on conflict (organization_id, channel_id, kind, trans_id) do nothing`);
    const [cb] = rowsOf<{ id: string; status: string }>(await tx.execute(sql`
      select id, status from payment_callbacks
      where organization_id = ${channel.organization_id} and channel_id = ${channel.id} and kind = 'c2b_confirmation' and trans_id = ${parsed.payment.transId}`));
    return { channel, callbackId: cb.id, done: cb.status === 'recorded', payment: parsed.payment };
  });
  if ('status' in stored) return stored;
  if (stored.done) return ok('Accepted (already recorded).');
  const { channel, callbackId, payment } = stored;
  let created: string | null;
  try {
    created = await inScope(db, { tenant: channel.organization_id }, (tx) => recordPayment(tx, channel, callbackId, payment));
  } catch (err) {
    // the raw callback is kept: a replay records it; the reason shows to those who read callbacks
    const message = err instanceof Error ? err.message.slice(0, 500) : 'unknown error';
    await inScope(db, { tenant: channel.organization_id }, (tx) => tx.execute(sql`
      update payment_callbacks set status = 'failed', error = ${message}, processed_at = now()
      where organization_id = ${channel.organization_id} and id = ${callbackId} and status <> 'recorded'`)).catch(() => undefined);
    throw err;
  }
  // recorded: the answer is 0 whatever happens here (the job queued with the payment numbers it later)
  if (created) await finishCallbackPayment(db, channel.organization_id, created, false).catch(() => undefined);
  return ok('Accepted');
}

/** One payment per (channel, TransID), shared with the STK callback (receipts.ts). */
async function recordPayment(tx: Db, channel: Channel, callbackId: string, p: C2bPayment): Promise<string | null> {
  const org = channel.organization_id;
  const { id, created } = await recordReceipt(tx, org, channel.id, {
    receipt: p.transId, amount: p.amount, paidAt: p.paidAt, payerName: p.payerName, payerPhone: p.payerPhone, accountReference: p.billRef,
  });
  await tx.execute(sql`
    update payment_callbacks set status = 'recorded', payment_id = ${id}, error = null, processed_at = now()
    where organization_id = ${org} and id = ${callbackId}`);
  return created ? id : null;
}
