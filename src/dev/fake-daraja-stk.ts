import { randomInt } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

// The fake Daraja's STK push side (reference/integrations.md A3): processrequest checks what
// Safaricom checks (password = base64(shortcode + passkey + timestamp), timestamp, whole amount,
// 2547/2541 phone, lengths), answers with the two request ids, then after a short delay calls
// the CallBackURL with the outcome the phone number names, and answers stkpushquery.

/** Safaricom's published sandbox passkey: the fake's passkey for every shortcode unless told otherwise. */
export const FAKE_PASSKEY = 'bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919';

/**
 * What the customer does with the prompt. Tests choose it by the phone number: 2547000NNNNN asks
 * for ResultCode NNNNN (2547000 01032 cancels, 01037 never calls back (a timeout), 02001 wrong
 * PIN, 00001 insufficient funds, any other failure code as given); every other number pays.
 */
export type StkOutcome = { resultCode: number; resultDesc: string; callback: boolean };

const DESCRIPTIONS: Record<number, string> = {
  0: 'The service request is processed successfully.',
  1: 'The balance is insufficient for the transaction.',
  1032: 'Request cancelled by user',
  1037: 'DS timeout user cannot be reached',
  2001: 'The initiator information is invalid.',
};

export function outcomeForPhone(phone: string): StkOutcome {
  const m = /^2547000(\d{5})$/.exec(phone);
  const code = m ? Number(m[1]) : 0;
  return { resultCode: code, resultDesc: DESCRIPTIONS[code] ?? `Failure ${code}`, callback: code !== 1037 };
}

export interface StkPushRecord {
  checkoutRequestId: string;
  merchantRequestId: string;
  body: Record<string, unknown>;
  outcome: StkOutcome;
  receipt: string | null;
  /** the callback's HTTP status and answer, once delivered (null: not (yet) delivered) */
  callback: { status: number | null; answer: unknown } | null;
  queries: number;
}

export interface StkOptions {
  /** passkey per shortcode; default FAKE_PASSKEY */
  passkeys?: Record<string, string>;
  /** ms before the callback (default 300) */
  stkDelayMs?: number;
  /** the outcome of a push (default: by phone, outcomeForPhone) */
  stkOutcome?: (body: Record<string, unknown>) => StkOutcome;
  /**
   * Safaricom also sends the paybill's C2B confirmation for the money an STK push took: when the
   * shortcode has registered URLs, the fake sends it too, 'after' the STK callback (default),
   * 'before' it, or 'none'.
   */
  stkC2b?: 'after' | 'before' | 'none';
}

export interface StkContext {
  authorised(req: FastifyRequest): boolean;
  fail(reply: FastifyReply, status: number, errorCode: string, errorMessage: string): FastifyReply;
  registrations: Map<string, { ConfirmationURL: string }>;
  receipt(): string;
  nairobiNow(): string;
  post(url: string, payload: unknown): Promise<{ status: number | null; answer: unknown }>;
}

const validTimestamp = (t: string) => {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(t);
  if (!m) return false;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number);
  const at = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  return at.getUTCMonth() === mo - 1 && at.getUTCDate() === d && at.getUTCHours() === h && at.getUTCMinutes() === mi && at.getUTCSeconds() === s;
};

export function addStk(app: FastifyInstance, ctx: StkContext, options: StkOptions): StkPushRecord[] {
  const pushes: StkPushRecord[] = [];
  const passkeyOf = (shortCode: string) => options.passkeys?.[shortCode] ?? FAKE_PASSKEY;
  const badPassword = (b: Record<string, unknown>) =>
    b.Password !== Buffer.from(`${String(b.BusinessShortCode)}${passkeyOf(String(b.BusinessShortCode))}${String(b.Timestamp)}`).toString('base64');

  const finish = async (push: StkPushRecord) => {
    const b = push.body;
    const paid = push.outcome.resultCode === 0;
    const c2b = async () => {
      const urls = ctx.registrations.get(String(b.PartyB)) ?? ctx.registrations.get(String(b.BusinessShortCode));
      if (!paid || !urls || options.stkC2b === 'none') return;
      await ctx.post(urls.ConfirmationURL, {
        TransactionType: b.TransactionType === 'CustomerBuyGoodsOnline' ? 'Buy Goods' : 'Pay Bill', TransID: push.receipt, TransTime: ctx.nairobiNow(),
        TransAmount: `${String(b.Amount)}.00`, BusinessShortCode: String(b.PartyB), BillRefNumber: String(b.AccountReference), InvoiceNumber: '',
        OrgAccountBalance: '', ThirdPartyTransID: '', MSISDN: '2547 ***** 126', FirstName: 'John', MiddleName: '', LastName: 'Doe',
      });
    };
    if (options.stkC2b === 'before') await c2b();
    const stkCallback: Record<string, unknown> = {
      MerchantRequestID: push.merchantRequestId, CheckoutRequestID: push.checkoutRequestId, ResultCode: push.outcome.resultCode, ResultDesc: push.outcome.resultDesc,
    };
    if (paid) {
      stkCallback.CallbackMetadata = {
        Item: [
          { Name: 'Amount', Value: Number(b.Amount) },
          { Name: 'MpesaReceiptNumber', Value: push.receipt },
          { Name: 'Balance' },
          { Name: 'TransactionDate', Value: Number(ctx.nairobiNow()) },
          { Name: 'PhoneNumber', Value: Number(b.PhoneNumber) },
        ],
      };
    }
    push.callback = await ctx.post(String(b.CallBackURL), { Body: { stkCallback } });
    if (options.stkC2b !== 'before') await c2b();
  };

  app.post('/mpesa/stkpush/v1/processrequest', async (req, reply) => {
    if (!ctx.authorised(req)) return ctx.fail(reply, 401, '404.001.03', 'Invalid Access Token');
    const b = (req.body ?? {}) as Record<string, unknown>;
    const bad = (what: string) => ctx.fail(reply, 400, '400.002.02', `Bad Request - Invalid ${what}`);
    if (!/^\d{5,7}$/.test(String(b.BusinessShortCode ?? ''))) return bad('BusinessShortCode');
    if (typeof b.Timestamp !== 'string' || !validTimestamp(b.Timestamp)) return bad('Timestamp');
    if (b.TransactionType !== 'CustomerPayBillOnline' && b.TransactionType !== 'CustomerBuyGoodsOnline') return bad('TransactionType');
    const amount = Number(b.Amount);
    if (typeof b.Amount === 'boolean' || !Number.isInteger(amount) || amount < 1 || amount > 250_000) return bad('Amount');
    for (const k of ['PartyA', 'PhoneNumber']) if (!/^254[17]\d{8}$/.test(String(b[k] ?? ''))) return bad(k);
    if (!/^\d{5,7}$/.test(String(b.PartyB ?? ''))) return bad('PartyB');
    if (!/^https?:\/\//.test(String(b.CallBackURL ?? ''))) return bad('CallBackURL');
    if (typeof b.AccountReference !== 'string' || !b.AccountReference || b.AccountReference.length > 12) return bad('AccountReference');
    if (typeof b.TransactionDesc !== 'string' || b.TransactionDesc.length > 13) return bad('TransactionDesc');
    if (badPassword(b)) return ctx.fail(reply, 500, '500.001.1001', 'Wrong credentials');
    const outcome = (options.stkOutcome ?? ((x) => outcomeForPhone(String(x.PhoneNumber))))(b);
    const push: StkPushRecord = {
      checkoutRequestId: `ws_CO_${String(b.Timestamp)}${randomInt(10 ** 9)}`,
      merchantRequestId: `${randomInt(10_000, 99_999)}-${randomInt(10 ** 7, 10 ** 8)}-1`,
      body: b, outcome, receipt: outcome.resultCode === 0 ? ctx.receipt() : null, callback: null, queries: 0,
    };
    pushes.push(push);
    if (outcome.callback) setTimeout(() => void finish(push), options.stkDelayMs ?? 300).unref();
    return {
      MerchantRequestID: push.merchantRequestId, CheckoutRequestID: push.checkoutRequestId, ResponseCode: '0',
      ResponseDescription: 'Success. Request accepted for processing', CustomerMessage: 'Success. Request accepted for processing',
    };
  });

  app.post('/mpesa/stkpushquery/v1/query', async (req, reply) => {
    if (!ctx.authorised(req)) return ctx.fail(reply, 401, '404.001.03', 'Invalid Access Token');
    const b = (req.body ?? {}) as Record<string, unknown>;
    if (typeof b.Timestamp !== 'string' || !validTimestamp(b.Timestamp)) return ctx.fail(reply, 400, '400.002.02', 'Bad Request - Invalid Timestamp');
    if (badPassword(b)) return ctx.fail(reply, 500, '500.001.1001', 'Wrong credentials');
    const push = pushes.find((p) => p.checkoutRequestId === b.CheckoutRequestID);
    if (!push) return ctx.fail(reply, 400, '400.002.02', 'Bad Request - Invalid CheckoutRequestID');
    push.queries++;
    // before the customer has answered (the callback not yet sent), M-Pesa is still processing it
    if (push.outcome.callback && !push.callback) return ctx.fail(reply, 500, '500.001.1001', 'The transaction is being processed');
    return {
      ResponseCode: '0', ResponseDescription: 'The service request has been accepted successsfully',
      MerchantRequestID: push.merchantRequestId, CheckoutRequestID: push.checkoutRequestId,
      ResultCode: String(push.outcome.resultCode), ResultDesc: push.outcome.resultDesc,
    };
  });
  return pushes;
}

