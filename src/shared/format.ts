// Money and number formatting shared by the web app and the server (seed section 9).
// Pure: no React, no DOM.

export const CURRENCY_LOCALE = 'en-KE';
export const CURRENCY = 'KES';

const currency = new Intl.NumberFormat(CURRENCY_LOCALE, { style: 'currency', currency: CURRENCY });

/** A value as a finite number; anything non-numeric (null, '', 'abc', NaN, Infinity, objects) counts as 0. */
export function toNumber(value: unknown): number {
  if (typeof value === 'number') return Number.isFinite(value) ? value : 0;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'string') {
    const trimmed = value.trim();
    if (trimmed === '') return 0;
    const n = Number(trimmed);
    return Number.isFinite(n) ? n : 0;
  }
  return 0;
}

/**
 * Kenyan shillings the way en-KE writes them: `Ksh 1,234.50`. The gap after `Ksh` is a
 * U+00A0 no-break space, so the amount never wraps away from its currency.
 */
export function formatCurrency(value: unknown): string {
  return currency.format(toNumber(value));
}

/** The one date format of every screen and SMS (en-KE): `25 Nov 2026`. */
export const DATE_OPTIONS: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' };
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A calendar day ('YYYY-MM-DD', or a longer ISO text whose first ten characters are one) as
 * `25 Nov 2026`, never shifted by a time zone. '' for anything that is not a date.
 */
export function formatDay(value: unknown, locale = CURRENCY_LOCALE): string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(value)) return '';
  const [y, m, d] = value.slice(0, 10).split('-').map(Number);
  let f = dayFormats.get(locale);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, DATE_OPTIONS);
    dayFormats.set(locale, f);
  }
  return f.format(Date.UTC(y, m - 1, d));
}

/** The organisation's zone: Nairobi, UTC+3 all year. */
export const TIME_ZONE = 'Africa/Nairobi';
const timeFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A moment (ISO text or Date) as the Nairobi day and time: `17 Nov 2026, 14:51` (24-hour, no
 * seconds). The one date-and-time format of every screen, SMS and PDF; '' for anything else.
 */
export function formatDateTime(value: unknown, locale = CURRENCY_LOCALE): string {
  if (typeof value !== 'string' && !(value instanceof Date)) return '';
  if (typeof value === 'string' && !value.trim()) return '';
  const t = new Date(value);
  if (Number.isNaN(t.getTime())) return '';
  let f = timeFormats.get(locale);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: TIME_ZONE });
    timeFormats.set(locale, f);
  }
  const part = Object.fromEntries(f.formatToParts(t).map((p) => [p.type, p.value]));
  // the day through formatDay, so a day reads the same with or without its time
  return `${formatDay(`${part.year}-${part.month}-${part.day}`, locale)}, ${part.hour}:${part.minute}`;
}

/** A moment's Nairobi day with its weekday, for a page's date line: `Friday, 27 Nov 2026`. */
export function formatWeekdayDay(value: Date, locale = CURRENCY_LOCALE): string {
  const weekday = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: TIME_ZONE }).format(value);
  return `${weekday}, ${formatDateTime(value, locale).split(', ')[0]}`;
}

const grouped = new Intl.NumberFormat(CURRENCY_LOCALE, { useGrouping: true });

/**
 * A decimal amount as text the way messages quote it after their own "KES": '61400.5' →
 * '61,400.50'. Exact to the cent (digits are regrouped, never turned into a float).
 */
export function formatAmount(decimal: string): string {
  const m = /^(-)?(\d+)(?:\.(\d{0,2}))?$/.exec(decimal.trim());
  if (!m) return decimal;
  const whole = BigInt(m[2]);
  return `${m[1] ?? ''}${grouped.format(whole)}.${(m[3] ?? '').padEnd(2, '0')}`;
}
