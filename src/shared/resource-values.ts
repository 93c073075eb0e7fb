// Value primitives for the declaration kit: money as integer cents (never a float), dates,
// decimals, phone numbers. Pure; shared by the server and the browser.

import { isValidPhoneNumber, parsePhoneNumberFromString } from 'libphonenumber-js';

/** numeric(14,2): at most 12 digits before the point. */
export const MAX_MONEY_CENTS = 99_999_999_999_999n;

const DECIMAL = /^(-)?(\d+)(?:\.(\d*))?$/;

/** A decimal's text as typed or sent: strings as is, finite numbers by their shortest text. */
function decimalText(input: unknown): string | null {
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return null;
    const s = String(input);
    return /e/i.test(s) ? null : s;
  }
  if (typeof input === 'bigint') return input.toString();
  if (typeof input !== 'string') return null;
  const s = input.trim().replace(/,/g, '');
  return s === '' ? null : s;
}

/**
 * Money to integer cents: '1234.5' → 123450n, 1234.5 → 123450n, '1,000' → 100000n.
 * Returns null when the input is not a decimal with at most two places ('1.234', 'abc', 1e21).
 */
export function parseMoney(input: unknown): bigint | null {
  const s = decimalText(input);
  if (s === null) return null;
  const m = DECIMAL.exec(s);
  if (!m) return null;
  const frac = m[3] ?? '';
  if (frac.length > 2) return null;
  const cents = BigInt(m[2]) * 100n + BigInt((frac + '00').slice(0, 2));
  return m[1] ? -cents : cents;
}

/** Cents to the decimal text the database and the JSON use: 123450n → '1234.50'. */
export function centsToDecimal(cents: bigint | number | string): string {
  const c = BigInt(cents);
  const neg = c < 0n;
  const abs = neg ? -c : c;
  const whole = abs / 100n;
  const frac = (abs % 100n).toString().padStart(2, '0');
  return `${neg ? '-' : ''}${whole}.${frac}`;
}

/**
 * A decimal with at most `scale` places, normalised ('12.5' stays '12.5', '007' → '7').
 * Returns null when it is not one.
 */
export function parseDecimal(input: unknown, scale: number): string | null {
  const s = decimalText(input);
  if (s === null) return null;
  const m = DECIMAL.exec(s);
  if (!m) return null;
  const frac = (m[3] ?? '').replace(/0+$/, '');
  if (frac.length > scale) return null;
  const whole = m[2].replace(/^0+(?=\d)/, '');
  const neg = m[1] && (whole !== '0' || frac !== '') ? '-' : '';
  return `${neg}${whole}${frac ? '.' + frac : ''}`;
}

/**
 * The calendar the product accepts: real days from 1900 to 2199. PostgreSQL stores far wider
 * (year 1 is valid, year 0 is an error), but nothing in a rental business lies outside it, and a
 * typo (0206 for 2026) is caught at the form instead of billing a lease from the year 206.
 */
export const MIN_DATE = '1900-01-01';
export const MAX_DATE = '2199-12-31';

/** 'YYYY-MM-DD' that names a real day between MIN_DATE and MAX_DATE. */
export function isIsoDate(s: unknown): s is string {
  if (typeof s !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(s) || s < MIN_DATE || s > MAX_DATE) return false;
  const [y, m, d] = s.split('-').map(Number);
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

/** 'YYYY-MM', a month within the supported calendar. */
export function isIsoMonth(s: unknown): s is string {
  return typeof s === 'string' && /^\d{4}-(0[1-9]|1[0-2])$/.test(s) && isIsoDate(`${s}-01`);
}

/**
 * An ISO 8601 date-time to its UTC ISO text. Without an offset it is read as East Africa Time
 * (Africa/Nairobi, UTC+3, no daylight saving): the product's home zone.
 */
export function parseDateTime(input: unknown): string | null {
  if (input instanceof Date) return Number.isNaN(input.getTime()) ? null : input.toISOString();
  if (typeof input !== 'string') return null;
  const s = input.trim();
  const m = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?)(Z|[+-]\d{2}:?\d{2})?$/i.exec(s);
  if (!m || !isIsoDate(m[1])) return null;
  const t = Date.parse(`${m[1]}T${m[2]}${m[3] ?? '+03:00'}`);
  return Number.isNaN(t) ? null : new Date(t).toISOString();
}

/**
 * Every space a pasted code can carry, the invisible ones too: white space (NBSP included), the
 * zero-width space, non-joiner and joiner, the word joiner and the byte-order mark.
 */
export const ANY_SPACE_CLASS = '\\s\u00A0\u1680\u2000-\u200D\u2028\u2029\u202F\u205F\u2060\u3000\uFEFF';
const ANY_SPACE = new RegExp(`[${ANY_SPACE_CLASS}]`, 'g');

/** A transaction code as compared: no space of any kind, upper case ('qab 12\u200B3' → 'QAB123'). */
export const compactCode = (s: string): string => s.replace(ANY_SPACE, '').toUpperCase();

/** Default country for numbers typed without +code. */
export const DEFAULT_PHONE_COUNTRY = 'KE';

/** A phone number valid for its country, in E.164 ('0712 345 678' → '+254712345678'), or null. */
export function parsePhone(input: unknown, country = DEFAULT_PHONE_COUNTRY): string | null {
  if (typeof input !== 'string') return null;
  const s = input.trim();
  if (s.length > 25) return null;
  try {
    if (!isValidPhoneNumber(s, country as never)) return null;
    return parsePhoneNumberFromString(s, country as never)?.number ?? null;
  } catch {
    return null;
  }
}

const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;
export const isEmail = (s: string): boolean => EMAIL.test(s);
