import { Type } from 'typebox';
import { Compile } from 'typebox/compile';
import { parseMoney, MAX_MONEY_CENTS } from '../../../shared/resource-values.js';

// A Daraja C2B validation or confirmation body (reference/protocols.md 3.3) read into what Keja
// records, or the reason it is refused in Daraja's own answer shape. Pure: no database.

/** Daraja's answer to a callback: `ResultCode` 0 accepts; C2B000xx refuses (protocols.md 3.3). */
export interface DarajaAnswer {
  ResultCode: number | string;
  ResultDesc: string;
}

export const REJECT = {
  account: 'C2B00012',
  amount: 'C2B00013',
  shortcode: 'C2B00015',
  other: 'C2B00016',
} as const;

export interface C2bPayment {
  transId: string;
  /** integer cents */
  amount: bigint;
  paidAt: Date;
  shortCode: string | null;
  billRef: string;
  payerName: string | null;
  payerPhone: string | null;
}

// Daraja sends every field as a string; numbers are taken too where a sender (or a simulator)
// writes them bare. Anything else, or an unexpected shape, is refused as C2B00016.
const StrOrNum = Type.Union([Type.String({ maxLength: 64 }), Type.Number()]);
const OptText = (max: number) => Type.Optional(Type.Union([Type.String({ maxLength: max }), Type.Null()]));
const Body = Compile(Type.Object({
  TransactionType: OptText(50),
  TransID: Type.String({ pattern: '^\\s*[A-Za-z0-9]{6,20}\\s*$' }),
  TransTime: StrOrNum,
  TransAmount: StrOrNum,
  BusinessShortCode: Type.Optional(Type.Union([StrOrNum, Type.Null()])),
  BillRefNumber: OptText(100),
  InvoiceNumber: OptText(100),
  OrgAccountBalance: Type.Optional(Type.Union([StrOrNum, Type.Null()])),
  ThirdPartyTransID: OptText(100),
  MSISDN: Type.Optional(Type.Union([StrOrNum, Type.Null()])),
  FirstName: OptText(100),
  MiddleName: OptText(100),
  LastName: OptText(100),
}));

/** No control characters (a NUL cannot even be stored in PostgreSQL text); blanks collapsed. */
const clean = (v: unknown): string => (typeof v === 'string' ? v : v == null ? '' : String(v))
  .replace(/[\u0000-\u001f\u007f]/g, ' ').replace(/\s+/g, ' ').trim();

/** Nairobi is UTC+3 all year (no daylight saving): YYYYMMDDHHmmss there → the instant. */
export function parseTransTime(value: unknown): Date | null {
  const s = clean(value);
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(s);
  if (!m) return null;
  const [y, mo, d, h, mi, se] = m.slice(1).map(Number);
  const at = new Date(Date.UTC(y, mo - 1, d, h - 3, mi, se));
  // the calendar must round-trip (no 31 February, no hour 25)
  const back = new Date(at.getTime() + 3 * 3600_000);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d
    || back.getUTCHours() !== h || back.getUTCMinutes() !== mi || back.getUTCSeconds() !== se) return null;
  return at;
}

/** TransAmount as exact cents: a positive decimal with at most two places; never through a float's arithmetic. */
export function parseAmount(value: unknown): bigint | null {
  if (typeof value === 'number' && !Number.isFinite(value)) return null;
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^\d{1,12}(\.\d{1,2})?$/.test(text)) return null;
  const c = parseMoney(text);
  return c !== null && c > 0n && c <= MAX_MONEY_CENTS ? c : null;
}

export type Parsed = { ok: true; payment: C2bPayment } | { ok: false; answer: DarajaAnswer };

const refuse = (code: string, desc: string): Parsed => ({ ok: false, answer: { ResultCode: code, ResultDesc: desc } });

/** The JSON text of a callback → the payment it reports, or Daraja's refusal. */
export function parseC2bBody(raw: string): Parsed {
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    return refuse(REJECT.other, 'Rejected: the body is not JSON.');
  }
  if (!Body.Check(body)) {
    const first = [...Body.Errors(body)][0];
    return refuse(REJECT.other, `Rejected: ${first ? `${first.instancePath || 'body'} ${first.message}` : 'unexpected body'}.`);
  }
  const b = body as Record<string, unknown>;
  const amount = parseAmount(b.TransAmount);
  if (amount === null) return refuse(REJECT.amount, 'Rejected: TransAmount must be a positive amount with at most two decimals.');
  const paidAt = parseTransTime(b.TransTime);
  if (!paidAt) return refuse(REJECT.other, 'Rejected: TransTime must be YYYYMMDDHHmmss.');
  const name = [b.FirstName, b.MiddleName, b.LastName].map(clean).filter(Boolean).join(' ').slice(0, 150);
  // masked (2547 ***** 126) or hashed (64 hex): kept for reading only, never matched on
  const phone = clean(b.MSISDN);
  return {
    ok: true,
    payment: {
      transId: clean(b.TransID).toUpperCase(),
      amount,
      paidAt,
      shortCode: clean(b.BusinessShortCode) || null,
      billRef: clean(b.BillRefNumber).slice(0, 50),
      payerName: name || null,
      payerPhone: phone && phone.length <= 25 ? phone : null,
    },
  };
}

/** How an account code is compared: upper-case letters and digits only (houses store theirs so). */
export const normaliseAccount = (typed: string): string => typed.toUpperCase().replace(/[^A-Z0-9]/g, '');
