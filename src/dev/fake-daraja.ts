import { randomBytes, randomInt } from 'node:crypto';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { addStk, type StkOptions, type StkPushRecord } from './fake-daraja-stk.js';

export { FAKE_PASSKEY, outcomeForPhone, type StkPushRecord } from './fake-daraja-stk.js';

// A local stand-in for Safaricom's Daraja API (reference/integrations.md A1–A3), for tests, the
// demo and `npm run fakes`: OAuth, C2B register URL (remembered per shortcode) and C2B simulate,
// which calls the registered validation then confirmation URLs with a payload shaped like
// Safaricom's, over real HTTP; STK push and its status query (fake-daraja-stk.ts). In memory;
// nothing here is used by the server itself.

export interface FakeDarajaOptions extends StkOptions {
  host?: string;
  port?: number;
  /** Production behaviour: a shortcode registers once; again → 500.003.1001 (sandbox overwrites). */
  registerOnce?: boolean;
  /** Consumer keys refused by OAuth (a wrong key). */
  refusedKeys?: string[];
}

export interface Delivery {
  kind: 'validation' | 'confirmation';
  url: string;
  payload: Record<string, string>;
  status: number | null;
  answer: unknown;
}

export interface FakeDaraja {
  url: string;
  registrations: Map<string, { ConfirmationURL: string; ValidationURL: string; ResponseType: string }>;
  deliveries: Delivery[];
  /** every STK push accepted, with its outcome, callback and status queries */
  stkPushes: StkPushRecord[];
  close(): Promise<void>;
}

const REFUSED_WORDS = ['mpesa', 'm-pesa', 'safaricom', 'exe', 'exec', 'cmd', 'sql', 'query'];
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** A receipt like Safaricom's: 10 upper-case letters and digits, starting with a letter. */
const receipt = () => ALNUM[randomInt(26)] + Array.from({ length: 9 }, () => ALNUM[randomInt(ALNUM.length)]).join('');

/** Now in Nairobi (UTC+3), as Daraja writes it: YYYYMMDDHHmmss. */
const nairobiNow = () => new Date(Date.now() + 3 * 3600_000).toISOString().replace(/[-:T]/g, '').slice(0, 14);

export async function startFakeDaraja(options: FakeDarajaOptions = {}): Promise<FakeDaraja> {
  const app = Fastify({ logger: false });
  const tokens = new Set<string>();
  const registrations: FakeDaraja['registrations'] = new Map();
  const deliveries: Delivery[] = [];
  let balance = 1_000_000;

  const fail = (reply: FastifyReply, status: number, errorCode: string, errorMessage: string) =>
    reply.status(status).send({ requestId: randomBytes(8).toString('hex'), errorCode, errorMessage });
  const authorised = (req: FastifyRequest) => {
    const h = req.headers.authorization ?? '';
    return h.startsWith('Bearer ') && tokens.has(h.slice(7));
  };

  app.get('/oauth/v1/generate', async (req, reply) => {
    const h = req.headers.authorization ?? '';
    if (!h.startsWith('Basic ')) return fail(reply, 400, '400.008.01', 'Invalid Authentication passed');
    if ((req.query as Record<string, string>).grant_type !== 'client_credentials') return fail(reply, 400, '400.008.02', 'Invalid grant type passed');
    const [key, secret] = Buffer.from(h.slice(6), 'base64').toString('utf8').split(':');
    if (!key || !secret || options.refusedKeys?.includes(key)) return fail(reply, 400, '400.008.01', 'Invalid Authentication passed');
    const token = randomBytes(18).toString('base64url');
    tokens.add(token);
    return { access_token: token, expires_in: '3599' };
  });

  const register = async (req: FastifyRequest, reply: FastifyReply) => {
    if (!authorised(req)) return fail(reply, 401, '404.001.03', 'Invalid Access Token');
    const b = (req.body ?? {}) as Record<string, unknown>;
    const shortCode = String(b.ShortCode ?? '');
    if (!/^\d{5,7}$/.test(shortCode)) return fail(reply, 400, '400.002.02', 'Bad Request - Invalid ShortCode');
    if (b.ResponseType !== 'Completed' && b.ResponseType !== 'Cancelled') return fail(reply, 400, '400.002.02', 'Bad Request - Invalid ResponseType');
    for (const key of ['ConfirmationURL', 'ValidationURL']) {
      const url = String(b[key] ?? '');
      if (!/^https?:\/\//.test(url) || REFUSED_WORDS.some((w) => url.toLowerCase().includes(w))) return fail(reply, 400, '400.002.02', `Bad Request - Invalid ${key}`);
    }
    if (options.registerOnce && registrations.has(shortCode)) return fail(reply, 500, '500.003.1001', 'Urls are already registered');
    registrations.set(shortCode, { ConfirmationURL: String(b.ConfirmationURL), ValidationURL: String(b.ValidationURL), ResponseType: String(b.ResponseType) });
    return { OriginatorCoversationID: randomBytes(8).toString('hex'), ResponseCode: '0', ResponseDescription: 'Success' };
  };
  app.post('/mpesa/c2b/v1/registerurl', register);
  app.post('/mpesa/c2b/v2/registerurl', register);

  const deliver = async (kind: Delivery['kind'], url: string, payload: Record<string, string>) => {
    const d: Delivery = { kind, url, payload, status: null, answer: null };
    deliveries.push(d);
    try {
      const res = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(payload), signal: AbortSignal.timeout(8000) });
      d.status = res.status;
      d.answer = await res.json().catch(() => null);
    } catch {
      d.status = null;
    }
    return d;
  };

  app.post('/mpesa/c2b/v2/simulate', async (req, reply) => {
    if (!authorised(req)) return fail(reply, 401, '404.001.03', 'Invalid Access Token');
    const b = (req.body ?? {}) as Record<string, unknown>;
    const shortCode = String(b.ShortCode ?? '');
    const amount = String(b.Amount ?? '');
    if (!/^\d+(\.\d{1,2})?$/.test(amount) || Number(amount) <= 0) return fail(reply, 400, '400.002.02', 'Bad Request - Invalid Amount');
    const urls = registrations.get(shortCode);
    if (!urls) return fail(reply, 400, '400.002.02', 'Bad Request - No URLs registered for this ShortCode');
    const payload: Record<string, string> = {
      TransactionType: b.CommandID === 'CustomerBuyGoodsOnline' ? 'Buy Goods' : 'Pay Bill',
      TransID: receipt(),
      TransTime: nairobiNow(),
      TransAmount: amount.includes('.') ? amount : `${amount}.00`,
      BusinessShortCode: shortCode,
      BillRefNumber: b.CommandID === 'CustomerBuyGoodsOnline' ? '' : String(b.BillRefNumber ?? ''),
      InvoiceNumber: '',
      OrgAccountBalance: '',
      ThirdPartyTransID: '',
      MSISDN: '2547 ***** 126',
      FirstName: 'John',
      MiddleName: '',
      LastName: 'Doe',
    };
    const validation = await deliver('validation', urls.ValidationURL, payload);
    const answer = validation.answer as { ResultCode?: unknown } | null;
    const accepted = validation.status === 200 ? String(answer?.ResultCode) === '0' : urls.ResponseType === 'Completed';
    if (accepted) {
      balance += Number(amount);
      await deliver('confirmation', urls.ConfirmationURL, { ...payload, OrgAccountBalance: balance.toFixed(2) });
    }
    return { OriginatorCoversationID: randomBytes(8).toString('hex'), ResponseCode: '0', ResponseDescription: 'Accept the service request successfully.' };
  });

  const stkPushes = addStk(app, {
    authorised, fail, registrations, receipt, nairobiNow,
    post: async (url, payload) => {
      try {
        const res = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(payload), signal: AbortSignal.timeout(8000) });
        return { status: res.status, answer: await res.json().catch(() => null) };
      } catch {
        return { status: null, answer: null };
      }
    },
  }, options);

  const address = await app.listen({ host: options.host ?? '127.0.0.1', port: options.port ?? 0 });
  return { url: address, registrations, deliveries, stkPushes, close: () => app.close() };
}
