import { Type } from 'typebox';
import { Compile } from 'typebox/compile';
import type { PaymentRequestState } from '../../../shared/payment-requests.js';
import { REJECT, parseAmount, parseTransTime, type DarajaAnswer } from './c2b-payload.js';

// An STK push callback body (reference/integrations.md A3) read into what Keja records, or the
// reason it is refused, in Daraja's answer shape. Pure: no database.

export interface StkResult {
  merchantRequestId: string;
  checkoutRequestId: string;
  /** as text: numbers and strings (SFC_IC0003) both occur */
  resultCode: string;
  resultDesc: string;
  /** on ResultCode 0 only */
  paid: null | { receipt: string; amount: bigint; paidAt: Date; phone: string | null };
}

const Id = Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_.:-]+$' });
const Item = Type.Object({ Name: Type.String({ maxLength: 50 }), Value: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Number(), Type.Null()])) });
const Body = Compile(Type.Object({
  Body: Type.Object({
    stkCallback: Type.Object({
      MerchantRequestID: Id,
      CheckoutRequestID: Id,
      ResultCode: Type.Union([Type.Integer(), Type.String({ minLength: 1, maxLength: 20, pattern: '^[A-Za-z0-9_]+$' })]),
      ResultDesc: Type.String({ maxLength: 500 }),
      CallbackMetadata: Type.Optional(Type.Object({ Item: Type.Array(Item, { maxItems: 20 }) })),
    }),
  }),
}));

export type ParsedStk = { ok: true; result: StkResult } | { ok: false; answer: DarajaAnswer };
const refuse = (desc: string): ParsedStk => ({ ok: false, answer: { ResultCode: REJECT.other, ResultDesc: `Rejected: ${desc}` } });

/** The JSON text of an STK callback → its result, or Daraja's refusal. */
export function parseStkCallback(raw: string): ParsedStk {
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    return refuse('the body is not JSON.');
  }
  if (!Body.Check(body)) {
    const first = [...Body.Errors(body)][0];
    return refuse(`${first ? `${first.instancePath || 'body'} ${first.message}` : 'unexpected body'}.`);
  }
  const cb = (body as { Body: { stkCallback: Record<string, unknown> & { CallbackMetadata?: { Item: Array<{ Name: string; Value?: unknown }> } } } }).Body.stkCallback;
  const resultCode = String(cb.ResultCode);
  const result: StkResult = {
    merchantRequestId: String(cb.MerchantRequestID),
    checkoutRequestId: String(cb.CheckoutRequestID),
    resultCode,
    resultDesc: String(cb.ResultDesc).replace(/[\u0000-\u001f\u007f]/g, ' ').trim().slice(0, 500),
    paid: null,
  };
  if (resultCode !== '0') return { ok: true, result };
  // items are looked up by Name; Balance often has no value (integrations.md A3)
  const items = new Map((cb.CallbackMetadata?.Item ?? []).map((i) => [i.Name, i.Value]));
  const receipt = items.get('MpesaReceiptNumber');
  if (typeof receipt !== 'string' || !/^[A-Za-z0-9]{6,20}$/.test(receipt.trim())) return refuse('MpesaReceiptNumber is missing or malformed.');
  const amount = parseAmount(items.get('Amount'));
  if (amount === null) return refuse('Amount must be a positive amount with at most two decimals.');
  const paidAt = parseTransTime(items.get('TransactionDate'));
  if (!paidAt) return refuse('TransactionDate must be YYYYMMDDHHmmss.');
  const phone = items.get('PhoneNumber');
  result.paid = {
    receipt: receipt.trim().toUpperCase(),
    amount,
    paidAt,
    phone: (typeof phone === 'number' || typeof phone === 'string') && /^\d{9,15}$/.test(String(phone)) ? String(phone) : null,
  };
  return { ok: true, result };
}

/** Safaricom's ResultCode → the request's state (integrations.md A3; 1031 is "cancelled" in samples, 1019 expired). */
export function stateOfResult(code: string): PaymentRequestState {
  switch (code) {
    case '0': return 'paid';
    case '1032': case '1031': return 'cancelled';
    case '1037': case '1019': return 'timed_out';
    case '2001': return 'wrong_pin';
    case '1': return 'insufficient_funds';
    default: return 'failed';
  }
}
