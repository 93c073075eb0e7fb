import { sql } from 'drizzle-orm';
import { ulid } from 'ulid';
import {
  STK_MAX_AMOUNT, STK_MIN_AMOUNT, type PaymentRequest, type PaymentRequestDraft,
} from '../../../shared/payment-requests.js';
import { parseMoney } from '../../../shared/resource-values.js';
import { inScope, rowsOf, type Db } from '../../db/client.js';
import { conflict, invalid, notFound } from '../../errors.js';
import { cents, dec } from '../payments/allocation.js';
import { tenantBalance } from '../reports/tenant-balance.js';
import { channelCall, type ChannelCall } from './channel-calls.js';
import { darajaBase, darajaToken, stkPush, type StkAnswer } from './client.js';
import { refusedWordIn } from './url-rules.js';

// "Request payment" (issue 10): an M-Pesa STK push to a tenant's phone for what they owe. The
// request row is written in one short transaction, Daraja is called outside any, and its answer
// is recorded in another; the callback (stk-callback.ts) or, failing that, the status query
// (stk-query.ts) finishes it.

/** Safaricom's published sandbox passkey: the local fake's default, used in demo mode for a channel without keys. */
export const SANDBOX_PASSKEY = 'bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919';

export interface RequestInput {
  tenant_id: string;
  invoice_id?: string | null;
  channel_id?: string | null;
  phone?: string | null;
  amount?: string | null;
}

/** Demo mode against the local fake Daraja: a channel without keys uses demo ones. */
export interface StkOptions { appUrl: string; demoFake: boolean }

/** A Kenyan mobile number as Daraja takes it (2547XXXXXXXX or 2541XXXXXXXX), or null. */
export function darajaPhone(input: string | null | undefined): string | null {
  const digits = (input ?? '').replace(/[\s()+.-]/g, '');
  if (!/^\d+$/.test(digits)) return null;
  const national = digits.startsWith('254') ? digits.slice(3) : digits.startsWith('0') ? digits.slice(1) : digits;
  return /^[17]\d{8}$/.test(national) ? `254${national}` : null;
}

/** Now in Nairobi (UTC+3 all year) as Daraja writes it: YYYYMMDDHHmmss. */
export const darajaTimestamp = (at = new Date()) => new Date(at.getTime() + 3 * 3600_000).toISOString().replace(/[-:T]/g, '').slice(0, 14);

/** base64(ShortCode + Passkey + Timestamp) (integrations.md A3). */
export const stkPassword = (shortCode: string, passkey: string, timestamp: string) => Buffer.from(`${shortCode}${passkey}${timestamp}`).toString('base64');

/** A whole number of shillings, 1 to 250,000: the amount a push may ask for, else the reason. */
function pushAmount(text: string): bigint | string {
  const c = parseMoney(text.trim());
  if (c === null || c <= 0n) return 'Enter an amount in shillings.';
  if (c % 100n !== 0n) return 'M-Pesa takes whole shillings: no cents.';
  if (c < BigInt(STK_MIN_AMOUNT) * 100n || c > BigInt(STK_MAX_AMOUNT) * 100n) return `M-Pesa takes ${STK_MIN_AMOUNT} to ${STK_MAX_AMOUNT.toLocaleString('en-KE')} shillings per push.`;
  return c;
}

const fail = (field: string, message: string): never => { throw invalid({ [field]: [message] }); };

interface ChannelRow { id: string; name: string; kind: string; keyed: boolean }

/**
 * The channel a push goes through: the one asked for, else the house's property's, else the
 * organisation's default, else the first M-Pesa channel (by name) that can push: a paybill or
 * till with its number, consumer key and secret and passkey (any, in demo mode against the fake).
 */
async function pickChannel(tx: Db, organizationId: string, asked: string | null | undefined, propertyId: string | null, demoFake: boolean): Promise<ChannelRow> {
  const rows = rowsOf<ChannelRow & { is_default: boolean; number: string | null }>(await tx.execute(sql`
    select id, name, kind, number, is_default,
      (coalesce(daraja_consumer_key, '') <> '' and coalesce(daraja_consumer_secret, '') <> '' and coalesce(daraja_passkey, '') <> '') as keyed
    from payment_channels where organization_id = ${organizationId} and kind in ('mpesa_paybill', 'mpesa_till')
    order by name, id`));
  const usable = (c: { keyed: boolean; number: string | null }) => (c.keyed || demoFake) && /^\d{5,7}$/.test((c.number ?? '').replace(/\s/g, ''));
  if (asked) {
    const c = rows.find((r) => r.id === asked);
    if (!c) return fail('channel_id', 'Choose an M-Pesa paybill or till of this organisation.');
    if (!usable(c)) return fail('channel_id', 'This channel cannot send M-Pesa prompts: store its number, Daraja consumer key and secret and passkey first.');
    return c;
  }
  const [property] = propertyId ? rowsOf<{ payment_channel_id: string | null }>(await tx.execute(sql`
    select payment_channel_id from properties where organization_id = ${organizationId} and id = ${propertyId}`)) : [];
  const ok = rows.filter(usable);
  const chosen = ok.find((c) => c.id === property?.payment_channel_id) ?? ok.find((c) => c.is_default) ?? ok[0];
  return chosen ?? fail('channel_id', 'No M-Pesa paybill or till can send prompts yet: store a channel’s number, Daraja consumer key and secret and passkey.');
}

/** What a push for this tenant (or invoice) would ask: the dialog's defaults, and the checks a push passes. */
export async function draftRequest(tx: Db, organizationId: string, input: RequestInput, opts: StkOptions): Promise<PaymentRequestDraft> {
  const [tenant] = rowsOf<{ id: string; name: string; phone: string | null }>(await tx.execute(sql`
    select id, name, phone from tenants where organization_id = ${organizationId} and id = ${input.tenant_id}`));
  if (!tenant) fail('tenant_id', 'The selected value does not exist.');
  let balance: bigint;
  let leaseId: string | null = null;
  let invoiceNumber: string | null = null;
  if (input.invoice_id) {
    const [inv] = rowsOf<{ tenant_id: string | null; lease_id: string; status: string; balance: string; number: string | null }>(await tx.execute(sql`
      select tenant_id, lease_id, status, balance::text as balance, number from invoices
      where organization_id = ${organizationId} and id = ${input.invoice_id}`));
    if (!inv || inv.tenant_id !== tenant.id) fail('invoice_id', 'Not an invoice of this tenant.');
    if (!['issued', 'partially_paid'].includes(inv.status) || cents(inv.balance) <= 0n) fail('invoice_id', 'This invoice has nothing left to pay.');
    balance = cents(inv.balance);
    leaseId = inv.lease_id;
    invoiceNumber = inv.number;
  } else {
    balance = cents((await tenantBalance(tx, organizationId, tenant.id)).balance);
    const [lease] = rowsOf<{ id: string }>(await tx.execute(sql`
      select id from leases where organization_id = ${organizationId} and tenant_id = ${tenant.id}
      order by (status in ('active', 'notice')) desc, (status = 'draft') desc, start_date desc limit 1`));
    leaseId = lease?.id ?? null;
  }
  const [house] = leaseId ? rowsOf<{ account_code: string; property_id: string | null }>(await tx.execute(sql`
    select h.account_code, h.property_id from leases l join houses h on h.organization_id = l.organization_id and h.id = l.house_id
    where l.organization_id = ${organizationId} and l.id = ${leaseId}`)) : [];
  if (!house) return fail('tenant_id', 'This tenant has no house: the prompt carries its account code.');
  // the prompt shows at most 12 characters (integrations.md A3), and the C2B confirmation must carry the whole code
  if (house.account_code.length > 12) fail('tenant_id', `The house's account code (${house.account_code}) is longer than the 12 characters M-Pesa carries.`);
  const channel = await pickChannel(tx, organizationId, input.channel_id, house.property_id, opts.demoFake);
  const suggested = balance > 0n ? ((balance + 99n) / 100n) * 100n : 0n;
  return {
    tenant_id: tenant.id,
    tenant_name: tenant.name,
    invoice_id: input.invoice_id ?? null,
    invoice_number: invoiceNumber,
    lease_id: leaseId!,
    balance: dec(balance),
    amount: dec(suggested < 100n ? 100n : suggested > BigInt(STK_MAX_AMOUNT) * 100n ? BigInt(STK_MAX_AMOUNT) * 100n : suggested),
    phone: darajaPhone(tenant.phone) ?? '',
    channel_id: channel.id,
    channel_name: channel.name,
    account_reference: house.account_code,
  };
}

export interface PreparedPush {
  organizationId: string;
  requestId: string;
  base: string;
  consumerKey: string;
  consumerSecret: string;
  body: Parameters<typeof stkPush>[2];
}

/**
 * Checks the request, writes its row (state requesting) and returns what the push needs, keys
 * decrypted: all inside the caller's (short) transaction. The push itself is sendPush's, after it.
 */
export async function preparePush(tx: Db, organizationId: string, userId: string, input: RequestInput, opts: StkOptions & { darajaUrl?: string }): Promise<PreparedPush> {
  const draft = await draftRequest(tx, organizationId, input, opts);
  const phone = input.phone != null && input.phone !== '' ? darajaPhone(input.phone) : darajaPhone(draft.phone);
  if (!phone) fail('phone', 'M-Pesa needs a Kenyan mobile number (07XX… or 01XX…).');
  let amount = cents(draft.amount);
  if (input.amount != null && input.amount !== '') {
    const a = pushAmount(String(input.amount));
    if (typeof a === 'string') fail('amount', a);
    amount = a as bigint;
  } else if (cents(draft.balance) <= 0n) {
    fail('amount', 'Nothing is owed: type the amount to ask for.');
  }
  const call: ChannelCall = await channelCall(tx, organizationId, draft.channel_id, opts.appUrl, true);
  const refused = refusedWordIn(call.stkCallbackUrl);
  if (refused) throw conflict(`Safaricom refuses callback URLs containing “${refused}”, and this server’s address (APP_URL) contains it: serve Keja at an address without it.`);
  const consumerKey = call.consumerKey ?? (opts.demoFake ? 'demo' : null);
  const consumerSecret = call.consumerSecret ?? (opts.demoFake ? 'demo' : null);
  const passkey = call.passkey ?? (opts.demoFake ? SANDBOX_PASSKEY : null);
  if (!consumerKey || !consumerSecret || !passkey) return fail('channel_id', 'Store the channel’s Daraja consumer key and secret and passkey first.');
  const requestId = ulid();
  await tx.execute(sql`
    insert into payment_requests (organization_id, id, channel_id, tenant_id, lease_id, invoice_id, phone, amount, account_reference, state, requested_by)
    values (${organizationId}, ${requestId}, ${draft.channel_id}, ${draft.tenant_id}, ${draft.lease_id}, ${draft.invoice_id}, ${phone!}, ${dec(amount)},
      ${draft.account_reference}, 'requesting', ${userId})`);
  const timestamp = darajaTimestamp();
  return {
    organizationId,
    requestId,
    base: darajaBase(opts.darajaUrl, call.environment),
    consumerKey,
    consumerSecret,
    body: {
      BusinessShortCode: call.shortCode,
      Password: stkPassword(call.shortCode, passkey, timestamp),
      Timestamp: timestamp,
      TransactionType: call.kind === 'mpesa_till' ? 'CustomerBuyGoodsOnline' : 'CustomerPayBillOnline',
      Amount: Number(amount / 100n),
      PartyA: phone!,
      PartyB: call.number,
      PhoneNumber: phone!,
      CallBackURL: call.stkCallbackUrl,
      AccountReference: draft.account_reference,
      // ≤ 13 characters
      TransactionDesc: (draft.invoice_number ?? 'Rent').slice(0, 13),
    },
  };
}

/** The push, outside any transaction: OAuth token then processrequest. Never throws. */
export async function sendPush(p: PreparedPush): Promise<StkAnswer> {
  const token = await darajaToken(p.base, p.consumerKey, p.consumerSecret);
  if (!('token' in token)) return { ...token, merchantRequestId: null, checkoutRequestId: null, customerMessage: null };
  return stkPush(p.base, token.token, p.body);
}

/** Daraja's answer to the push, in its own transaction: sent (the prompt is on the phone) or failed with Safaricom's words. */
export async function recordAnswer(db: Db, organizationId: string, requestId: string, a: StkAnswer): Promise<void> {
  const sent = a.outcome === 'ok';
  const desc = a.description ?? (a.outcome === 'unreachable' ? 'Daraja could not be reached.' : a.outcome === 'bad_keys' ? 'Safaricom refused the Daraja keys.' : null);
  await inScope(db, { tenant: organizationId }, (tx) => tx.execute(sql`
    update payment_requests set state = ${sent ? 'sent' : 'failed'}, merchant_request_id = ${a.merchantRequestId}, checkout_request_id = ${a.checkoutRequestId},
      result_code = ${a.code}, result_desc = ${desc}, customer_message = ${a.customerMessage}, answered_at = now(),
      completed_at = ${sent ? null : sql`now()`}
    where organization_id = ${organizationId} and id = ${requestId} and state = 'requesting'`));
}

const COLUMNS = sql`id, channel_id, tenant_id, lease_id, invoice_id, phone, amount::text as amount, account_reference, state,
  merchant_request_id, checkout_request_id, result_code, result_desc, customer_message, receipt, payment_id,
  requested_at, answered_at, completed_at, queried_at`;

const iso = (v: unknown) => (v == null ? null : (v instanceof Date ? v : new Date(String(v))).toISOString());
const shaped = (r: Record<string, unknown>): PaymentRequest => ({
  ...(r as unknown as PaymentRequest),
  amount: dec(cents(r.amount)),
  requested_at: iso(r.requested_at)!,
  answered_at: iso(r.answered_at),
  completed_at: iso(r.completed_at),
  queried_at: iso(r.queried_at),
});

/** One request of this organisation (404 otherwise). */
export async function readRequest(tx: Db, organizationId: string, id: string): Promise<PaymentRequest> {
  const [row] = rowsOf<Record<string, unknown>>(await tx.execute(sql`select ${COLUMNS} from payment_requests where organization_id = ${organizationId} and id = ${id}`));
  if (!row) throw notFound();
  return shaped(row);
}

/** The newest requests of this organisation, for a tenant or an invoice. */
export async function listRequests(tx: Db, organizationId: string, filter: { tenant_id?: string; invoice_id?: string }, limit = 20): Promise<PaymentRequest[]> {
  const rows = rowsOf<Record<string, unknown>>(await tx.execute(sql`
    select ${COLUMNS} from payment_requests where organization_id = ${organizationId}
      ${filter.tenant_id ? sql`and tenant_id = ${filter.tenant_id}` : sql``}
      ${filter.invoice_id ? sql`and invoice_id = ${filter.invoice_id}` : sql``}
    order by requested_at desc, id desc limit ${limit}`));
  return rows.map(shaped);
}
