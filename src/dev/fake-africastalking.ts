import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { normaliseKenyanMobile } from '../shared/phone.js';
import { smsSegments } from '../shared/sms.js';

// A local stand-in for Africa's Talking's SMS API (reference/integrations.md B1–B2), for tests,
// the demo and `npm run fakes`: POST /version1/messaging, form-encoded, checked like the real one
// (apiKey header, username), answering one status per recipient in AT's JSON; and delivery
// reports POSTed form-encoded to a callback URL, as AT does. Tests steer it (a number invalid or
// blacklisted, the balance gone, the next requests failing or hanging). In memory.

export const FAKE_AT_USERNAME = 'sandbox';
export const FAKE_AT_API_KEY = 'fake-at-key';

/** What one segment costs on the fake, in KES cents (AT's Kenyan price is about KES 0.80). */
const SEGMENT_CENTS = 80;

export interface FakeAtMessage {
  messageId: string;
  username: string;
  from: string | null;
  to: string;
  message: string;
  statusCode: number;
  status: string;
  cost: string;
  parts: number;
}

export interface FakeAtReport {
  url: string;
  form: Record<string, string>;
  status: number | null;
}

export interface FakeAfricasTalkingOptions {
  host?: string;
  port?: number;
  /** username → apiKey; default { sandbox: fake-at-key }. */
  accounts?: Record<string, string>;
  /** KES cents; default plenty. */
  balanceCents?: number;
  /** Where delivery reports go (AT: the dashboard's SMS callback URL). */
  reportUrl?: string;
  /** Post a final report ("Success") for every accepted message right after answering. */
  autoReport?: boolean;
}

export interface FakeAfricasTalking {
  url: string;
  accounts: Map<string, string>;
  /** Every recipient of every accepted request, refused ones included (statusCode says which). */
  sent: FakeAtMessage[];
  /** Requests that reached the endpoint (authorised or not). */
  requests: number;
  /** Numbers (E.164) answered 403 InvalidPhoneNumber, beside those that are not phone numbers at all. */
  invalidNumbers: Set<string>;
  /** Numbers answered 406 UserInBlacklist. */
  blacklisted: Set<string>;
  /** Any statusCode forced for a number (E.164), e.g. 407 or 502. */
  statusFor: Map<string, number>;
  /** Sender IDs answered 402 InvalidSenderId. */
  refusedSenders: Set<string>;
  /** KES cents left; a recipient costing more is answered 405 InsufficientBalance. */
  balanceCents: number;
  reportUrl: string | undefined;
  autoReport: boolean;
  reports: FakeAtReport[];
  /** The next n requests (after letting `after` through) answer this HTTP status (default 500) and accept nothing. */
  failNext(n?: number, status?: number, after?: number): void;
  /** The next n requests are never answered (the caller's timeout must end them). */
  hangNext(n?: number): void;
  /** Posts a delivery report for a message as AT does; resolves with Keja's HTTP status. */
  report(messageId: string, status?: string, failureReason?: string): Promise<number | null>;
  close(): Promise<void>;
}

const STATUS_NAMES: Record<number, string> = {
  100: 'Processed', 101: 'Success', 102: 'Queued', 401: 'RiskHold', 402: 'InvalidSenderId', 403: 'InvalidPhoneNumber',
  404: 'UnsupportedNumberType', 405: 'InsufficientBalance', 406: 'UserInBlacklist', 407: 'CouldNotRoute',
  409: 'DoNotDisturbRejection', 500: 'InternalServerError', 501: 'GatewayError', 502: 'RejectedByGateway',
};

const kes = (cents: number) => `KES ${(cents / 100).toFixed(4)}`;

export async function startFakeAfricasTalking(options: FakeAfricasTalkingOptions = {}): Promise<FakeAfricasTalking> {
  // forceCloseConnections: close() must end the requests it is deliberately not answering
  const app = Fastify({ logger: false, forceCloseConnections: true });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 * 1024 }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  let failing: { left: number; status: number; after: number } = { left: 0, status: 500, after: 0 };
  let hanging = 0;

  const fake: FakeAfricasTalking = {
    url: '',
    accounts: new Map(Object.entries(options.accounts ?? { [FAKE_AT_USERNAME]: FAKE_AT_API_KEY })),
    sent: [],
    requests: 0,
    invalidNumbers: new Set(),
    blacklisted: new Set(),
    statusFor: new Map(),
    refusedSenders: new Set(),
    balanceCents: options.balanceCents ?? 100_000_000,
    reportUrl: options.reportUrl,
    autoReport: options.autoReport ?? false,
    reports: [],
    failNext(n = 1, status = 500, after = 0) {
      failing = { left: n, status, after };
    },
    hangNext(n = 1) {
      hanging = n;
    },
    async report(messageId, status = 'Success', failureReason) {
      const m = fake.sent.find((s) => s.messageId === messageId);
      if (!fake.reportUrl) throw new Error('the fake has no reportUrl');
      const form: Record<string, string> = {
        id: messageId,
        status,
        phoneNumber: m?.to ?? '',
        networkCode: m?.username === 'sandbox' ? '99999' : '63902',
        retryCount: '0',
      };
      if (failureReason) form.failureReason = failureReason;
      const r: FakeAtReport = { url: fake.reportUrl, form, status: null };
      fake.reports.push(r);
      try {
        const res = await fetch(fake.reportUrl, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(form).toString(),
          signal: AbortSignal.timeout(8000),
        });
        r.status = res.status;
        await res.text();
      } catch {
        r.status = null;
      }
      return r.status;
    },
    close: () => app.close(),
  };

  const refuse = (reply: FastifyReply, status: number, text: string) => reply.status(status).type('text/plain').send(text);

  app.post('/version1/messaging', async (req: FastifyRequest, reply) => {
    fake.requests += 1;
    if (hanging > 0) {
      hanging -= 1;
      return new Promise(() => {}); // never answered
    }
    if (failing.left > 0 && failing.after > 0) failing.after -= 1;
    else if (failing.left > 0) {
      failing.left -= 1;
      return refuse(reply, failing.status, 'Internal Server Error');
    }
    const form = (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, string>;
    const username = form.username ?? '';
    const key = req.headers.apikey;
    if (!username || typeof key !== 'string' || fake.accounts.get(username) !== key) {
      return refuse(reply, 401, 'The supplied authentication is invalid');
    }
    if (!form.to) return refuse(reply, 400, "Request is missing required form field 'to'");
    if (!form.message) return refuse(reply, 400, "Request is missing required form field 'message'");
    const from = form.from || null;
    const parts = Math.max(1, smsSegments(form.message).segments);
    const recipients = form.to.split(',').map((raw) => {
      const number = normaliseKenyanMobile(raw.trim());
      const shown = number ?? raw.trim();
      let code = 101;
      if (!number || fake.invalidNumbers.has(number)) code = 403;
      else if (fake.statusFor.has(number)) code = fake.statusFor.get(number)!;
      else if (from && fake.refusedSenders.has(from)) code = 402;
      else if (fake.blacklisted.has(number)) code = 406;
      else if (fake.balanceCents < parts * SEGMENT_CENTS) code = 405;
      const ok = code >= 100 && code <= 102;
      if (ok) fake.balanceCents -= parts * SEGMENT_CENTS;
      const messageId = ok ? `ATXid_${randomBytes(16).toString('hex')}` : 'None';
      const cost = ok ? kes(parts * SEGMENT_CENTS) : '0';
      const status = STATUS_NAMES[code] ?? 'Failed';
      fake.sent.push({ messageId, username, from, to: shown, message: form.message, statusCode: code, status, cost, parts });
      return { statusCode: code, number: shown, status, cost, messageId, ...(ok ? { messageParts: parts } : {}) };
    });
    const accepted = recipients.filter((r) => r.statusCode <= 102);
    const total = accepted.reduce((sum, r) => sum + Math.round(Number(r.cost.slice(4)) * 100), 0);
    if (fake.autoReport && fake.reportUrl) {
      setImmediate(() => { for (const r of accepted) void fake.report(r.messageId, 'Success'); });
    }
    return reply.status(201).send({
      SMSMessageData: { Message: `Sent to ${accepted.length}/${recipients.length} Total Cost: ${kes(total)}`, Recipients: recipients },
    });
  });

  fake.url = await app.listen({ host: options.host ?? '127.0.0.1', port: options.port ?? 0 });
  return fake;
}
