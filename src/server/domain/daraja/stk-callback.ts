import { sql } from 'drizzle-orm';
import { ulid } from 'ulid';
import { inScope, rowsOf, type Db } from '../../db/client.js';
import { NOT_FOUND, openChannel, storable, type CallbackReply, type Channel } from './c2b.js';
import { finishCallbackPayment } from '../payments/receipt-numbers.js';
import { recordReceipt } from './receipts.js';
import { parseStkCallback, stateOfResult, type StkResult } from './stk-payload.js';
import { isUsableSecret } from './url-rules.js';

// The STK push callback (reference/integrations.md A3). Like C2B: the secret in the path names
// the channel and its organisation; the raw body is stored first, in its own transaction; then
// the request it answers moves on, and on ResultCode 0 the payment is recorded by its M-Pesa
// receipt through the same de-duplication as C2B (receipts.ts), so the C2B confirmation of the
// same money never counts twice. Nothing here calls a provider.

const ok = (desc = 'Accepted'): CallbackReply => ({ status: 200, body: { ResultCode: 0, ResultDesc: desc } });

interface RequestRow { id: string; state: string; tenant_id: string; lease_id: string | null; account_reference: string; phone: string }

export async function receiveStkCallback(db: Db, secret: string, raw: string): Promise<CallbackReply> {
  if (!isUsableSecret(secret)) return NOT_FOUND;
  const parsed = parseStkCallback(raw);
  const stored = await inScope(db, {}, async (tx) => {
    const channel = await openChannel(tx, secret);
    if (!channel) return NOT_FOUND;
    if (!parsed.ok) return { status: 400, body: parsed.answer };
    const checkout = parsed.result.checkoutRequestId;
    // one row per (channel, CheckoutRequestID): a replay finds it
    await tx.execute(sql`
      insert into payment_callbacks (organization_id, id, channel_id, kind, trans_id, body)
      values (${channel.organization_id}, ${ulid()}, ${channel.id}, 'stk_callback', ${checkout}, ${storable(raw)})
      on conflict (organization_id, channel_id, kind, trans_id) do nothing`);
    const [cb] = rowsOf<{ id: string; status: string }>(await tx.execute(sql`
      select id, status from payment_callbacks
      where organization_id = ${channel.organization_id} and channel_id = ${channel.id} and kind = 'stk_callback' and trans_id = ${checkout}`));
    return { channel, callbackId: cb.id, done: cb.status === 'recorded' };
  });
  if ('status' in stored) return stored;
  if (stored.done || !parsed.ok) return ok('Accepted (already recorded).');
  await applyStkResult(db, stored.channel, stored.callbackId, parsed.result);
  return ok();
}

/**
 * The request this callback answers moves to its state; on success the payment is recorded for
 * the request's tenant and lease. A callback for a request whose answer Keja has not recorded
 * yet (it can overtake the push's own reply) stays `received`: recordAnswer's caller applies it
 * (applyEarlyCallback). A failure is kept on the callback row, and the error rethrown (a 500:
 * Safaricom may retry, and the replay records it).
 */
export async function applyStkResult(db: Db, channel: Channel, callbackId: string, r: StkResult): Promise<void> {
  const org = channel.organization_id;
  let created: string | null = null;
  try {
    await inScope(db, { tenant: org }, async (tx) => {
      const [req] = rowsOf<RequestRow>(await tx.execute(sql`
        select id, state, tenant_id, lease_id, account_reference, phone from payment_requests
        where organization_id = ${org} and channel_id = ${channel.id} and checkout_request_id = ${r.checkoutRequestId} for update`));
      if (!req) return;
      let paymentId: string | null = null;
      // paid is final; any other state (even a timed-out one the status query set) yields to what the phone did
      if (req.state !== 'paid') {
        if (r.paid) {
          const recorded = await recordReceipt(tx, org, channel.id, {
            receipt: r.paid.receipt, amount: r.paid.amount, paidAt: r.paid.paidAt, payerName: null, payerPhone: r.paid.phone ?? req.phone,
            accountReference: req.account_reference, tenantId: req.tenant_id, leaseId: req.lease_id,
          });
          paymentId = recorded.id;
          if (recorded.created) created = recorded.id;
        }
        await tx.execute(sql`
          update payment_requests set state = ${stateOfResult(r.resultCode)}, result_code = ${r.resultCode}, result_desc = ${r.resultDesc},
            receipt = ${r.paid?.receipt ?? null}, payment_id = ${paymentId}, completed_at = now()
          where organization_id = ${org} and id = ${req.id}`);
      }
      await tx.execute(sql`
        update payment_callbacks set status = 'recorded', payment_id = ${paymentId}, error = null, processed_at = now()
        where organization_id = ${org} and id = ${callbackId}`);
    });
  } catch (err) {
    const message = err instanceof Error ? err.message.slice(0, 500) : 'unknown error';
    await inScope(db, { tenant: org }, (tx) => tx.execute(sql`
      update payment_callbacks set status = 'failed', error = ${message}, processed_at = now()
      where organization_id = ${org} and id = ${callbackId} and status <> 'recorded'`)).catch(() => undefined);
    throw err;
  }
  if (created) await finishCallbackPayment(db, org, created, false).catch(() => undefined);
}

/** After the push's answer is recorded: a callback that arrived before it is applied now. */
export async function applyEarlyCallback(db: Db, organizationId: string, requestId: string): Promise<void> {
  const found = await inScope(db, { tenant: organizationId }, async (tx) => {
    const [row] = rowsOf<{ id: string; body: string; channel_id: string }>(await tx.execute(sql`
      select c.id, c.body, c.channel_id from payment_requests r
      join payment_callbacks c on c.organization_id = r.organization_id and c.channel_id = r.channel_id
        and c.kind = 'stk_callback' and c.trans_id = r.checkout_request_id and c.status = 'received'
      where r.organization_id = ${organizationId} and r.id = ${requestId}`));
    return row ?? null;
  });
  if (!found) return;
  const parsed = parseStkCallback(found.body);
  if (parsed.ok) await applyStkResult(db, { organization_id: organizationId, id: found.channel_id, number: null, refuse_unknown: false }, found.id, parsed.result);
}
