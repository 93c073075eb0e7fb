// Daraja's HTTP API (reference/integrations.md A1–A3): OAuth, C2B register URL, (sandbox, or the
// local fake) C2B simulate, STK push and its status query. Called outside any database transaction. Every failure is an
// outcome the screen can put in plain words, never a thrown error.

export const DARAJA_HOSTS = { sandbox: 'https://sandbox.safaricom.co.ke', production: 'https://api.safaricom.co.ke' } as const;

export const darajaBase = (configured: string | undefined, environment: string): string =>
  configured ?? (environment === 'sandbox' ? DARAJA_HOSTS.sandbox : DARAJA_HOSTS.production);

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/** Demo mode against a fake Daraja on this machine: simulating payments, and pushes from channels without keys. */
export const isLocalFake = (demo: boolean, darajaUrl: string | undefined): boolean =>
  demo && !!darajaUrl && LOOPBACK.has(new URL(darajaUrl).hostname);

export type DarajaOutcome = 'ok' | 'already_registered' | 'bad_keys' | 'unreachable' | 'refused';

export interface DarajaResult {
  outcome: DarajaOutcome;
  /** Safaricom's code (ResponseCode or errorCode), when it sent one */
  code: string | null;
  /** Safaricom's own words (ResponseDescription or errorMessage) */
  description: string | null;
}

const TIMEOUT_MS = 15_000;

async function call(url: string, init: RequestInit): Promise<{ status: number; body: Record<string, unknown> } | null> {
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    const text = await res.text();
    let body: Record<string, unknown> = {};
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) body = parsed as Record<string, unknown>;
    } catch {
      body = { errorMessage: text.slice(0, 300) };
    }
    return { status: res.status, body };
  } catch {
    return null;
  }
}

const str = (v: unknown): string | null => (typeof v === 'string' || typeof v === 'number' ? String(v) : null);

function outcomeOf(r: { status: number; body: Record<string, unknown> }): DarajaResult {
  const code = str(r.body.ResponseCode) ?? str(r.body.errorCode);
  const description = str(r.body.ResponseDescription) ?? str(r.body.errorMessage);
  if (r.status < 300 && code === '0') return { outcome: 'ok', code, description };
  // production registers once: 500.003.1001 "Urls are already registered" (integrations.md A2)
  if (code === '500.003.1001' || /already registered|duplicate notification/i.test(description ?? '')) return { outcome: 'already_registered', code, description };
  if (code === '404.001.03' || code === '400.003.01' || code?.startsWith('400.008') || r.status === 401) return { outcome: 'bad_keys', code, description };
  return { outcome: 'refused', code, description };
}

// A token lasts 3600 s: kept about 50 minutes per (host, keys) in this process (integrations.md A1)
const tokens = new Map<string, { token: string; until: number }>();
const TOKEN_LIFE_MS = 50 * 60_000;

/** Forgets a token Safaricom called invalid (404.001.03, 400.003.01), so the next call asks again. */
export const forgetToken = (base: string, consumerKey: string, consumerSecret: string) => tokens.delete(`${base}\n${consumerKey}\n${consumerSecret}`);

/** An access token for these keys, or the reason there is none. */
export async function darajaToken(base: string, consumerKey: string, consumerSecret: string): Promise<{ token: string } | DarajaResult> {
  const cacheKey = `${base}\n${consumerKey}\n${consumerSecret}`;
  const cached = tokens.get(cacheKey);
  if (cached && cached.until > Date.now()) return { token: cached.token };
  const r = await call(`${base}/oauth/v1/generate?grant_type=client_credentials`, {
    method: 'GET',
    headers: { Authorization: `Basic ${Buffer.from(`${consumerKey}:${consumerSecret}`).toString('base64')}` },
  });
  if (!r) return { outcome: 'unreachable', code: null, description: null };
  const token = str(r.body.access_token);
  if (r.status < 300 && token) {
    tokens.set(cacheKey, { token, until: Date.now() + TOKEN_LIFE_MS });
    return { token };
  }
  const failed = outcomeOf(r);
  return { ...failed, outcome: r.status === 400 || r.status === 401 ? 'bad_keys' : failed.outcome };
}

async function post(base: string, path: string, token: string, body: unknown): Promise<DarajaResult> {
  const r = await call(`${base}${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return r ? outcomeOf(r) : { outcome: 'unreachable', code: null, description: null };
}

export interface RegisterUrls {
  ShortCode: string;
  ResponseType: 'Completed' | 'Cancelled';
  ConfirmationURL: string;
  ValidationURL: string;
}

export const registerUrls = (base: string, token: string, body: RegisterUrls) => post(base, '/mpesa/c2b/v2/registerurl', token, body);

export interface SimulateC2b {
  ShortCode: string;
  CommandID: 'CustomerPayBillOnline' | 'CustomerBuyGoodsOnline';
  Amount: string;
  Msisdn: string;
  BillRefNumber: string;
}

export const simulateC2b = (base: string, token: string, body: SimulateC2b) => post(base, '/mpesa/c2b/v2/simulate', token, body);

export interface StkPush {
  BusinessShortCode: string;
  Password: string;
  Timestamp: string;
  TransactionType: 'CustomerPayBillOnline' | 'CustomerBuyGoodsOnline';
  /** whole shillings */
  Amount: number;
  PartyA: string;
  PartyB: string;
  PhoneNumber: string;
  CallBackURL: string;
  /** ≤ 12 characters: the house's account code */
  AccountReference: string;
  /** ≤ 13 characters */
  TransactionDesc: string;
}

export interface StkAnswer extends DarajaResult {
  merchantRequestId: string | null;
  checkoutRequestId: string | null;
  customerMessage: string | null;
}

/** STK push (integrations.md A3): ok with the two request ids, or Safaricom's refusal. */
export async function stkPush(base: string, token: string, body: StkPush): Promise<StkAnswer> {
  const r = await call(`${base}/mpesa/stkpush/v1/processrequest`, {
    method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: JSON.stringify(body),
  });
  if (!r) return { outcome: 'unreachable', code: null, description: null, merchantRequestId: null, checkoutRequestId: null, customerMessage: null };
  const result = outcomeOf(r);
  const checkoutRequestId = str(r.body.CheckoutRequestID);
  return {
    ...result,
    outcome: result.outcome === 'ok' && !checkoutRequestId ? 'refused' : result.outcome,
    merchantRequestId: str(r.body.MerchantRequestID),
    checkoutRequestId,
    customerMessage: str(r.body.CustomerMessage),
  };
}

export interface StkQuery { BusinessShortCode: string; Password: string; Timestamp: string; CheckoutRequestID: string }

/**
 * The STK push's status (integrations.md A3): `answered` with the ResultCode and ResultDesc,
 * `pending` while M-Pesa still processes it (HTTP 500 with 500.001.1001 "being processed"),
 * or the failure.
 */
export async function stkQuery(base: string, token: string, body: StkQuery): Promise<{ outcome: 'answered' | 'pending' | DarajaOutcome; resultCode: string | null; resultDesc: string | null }> {
  const r = await call(`${base}/mpesa/stkpushquery/v1/query`, {
    method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: JSON.stringify(body),
  });
  if (!r) return { outcome: 'unreachable', resultCode: null, resultDesc: null };
  const resultCode = str(r.body.ResultCode);
  if (r.status < 300 && resultCode !== null) return { outcome: 'answered', resultCode, resultDesc: str(r.body.ResultDesc) };
  const failed = outcomeOf(r);
  if (/being processed/i.test(failed.description ?? '')) return { outcome: 'pending', resultCode: failed.code, resultDesc: failed.description };
  return { outcome: failed.outcome === 'ok' ? 'refused' : failed.outcome, resultCode: failed.code, resultDesc: failed.description };
}
