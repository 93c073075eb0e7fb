// Calendar arithmetic on 'YYYY-MM-DD' strings (UTC, no time of day) and proration. Pure: no
// database, no clock, so the rules can be tested exhaustively.
import { divRound, percentOf } from '../../../shared/money.js';

export type IsoDate = string;

// fixed positions rather than split and padStart: a billing run plans tens of thousands of
// invoices, and these two were most of its planning time
const parse = (d: IsoDate) => ({ y: Number(d.slice(0, 4)), m: Number(d.slice(5, 7)), day: Number(d.slice(8, 10)) });
const two = (n: number) => (n < 10 ? `0${n}` : String(n));
const iso = (y: number, m: number, day: number): IsoDate => `${y < 1000 ? String(y).padStart(4, '0') : y}-${two(m)}-${two(day)}`;

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

export function daysInMonth(year: number, month: number): number {
  return month === 2 && isLeap(year) ? 29 : MONTH_DAYS[month - 1];
}

/** Days from a to b (b − a); both inclusive ends are the caller's business. */
export function daysBetween(a: IsoDate, b: IsoDate): number {
  const pa = parse(a);
  const pb = parse(b);
  return Math.round((Date.UTC(pb.y, pb.m - 1, pb.day) - Date.UTC(pa.y, pa.m - 1, pa.day)) / 86_400_000);
}

export function addDays(d: IsoDate, n: number): IsoDate {
  const p = parse(d);
  const t = new Date(Date.UTC(p.y, p.m - 1, p.day + n));
  return iso(t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate());
}

/** The first day of the month `n` months after d's month. */
export function addMonths(d: IsoDate, n: number): IsoDate {
  const p = parse(d);
  const index = p.y * 12 + (p.m - 1) + n;
  return iso(Math.floor(index / 12), (index % 12) + 1, 1);
}

export const monthStart = (d: IsoDate): IsoDate => `${d.slice(0, 7)}-01`;
export function monthEnd(d: IsoDate): IsoDate {
  const p = parse(d);
  return iso(p.y, p.m, daysInMonth(p.y, p.m));
}
/** Whole months from a's month to b's month. */
export const monthsBetween = (a: IsoDate, b: IsoDate) => {
  const pa = parse(a);
  const pb = parse(b);
  return (pb.y - pa.y) * 12 + (pb.m - pa.m);
};

/**
 * The latest day a billing run or a penalty posting may be asked for, `today` being today in
 * Nairobi: a year ahead. Further is a typo (2062 for 2026), and billing it would be real invoices.
 */
export const latestBillable = (today: IsoDate): IsoDate => addDays(today, 365);

/** 'YYYY-MM' → its first and last day; throws on anything else. */
export function monthPeriod(period: string): { start: IsoDate; end: IsoDate } {
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(period)) throw new RangeError(`not a period: ${period}`);
  const start = `${period}-01`;
  return { start, end: monthEnd(start) };
}

/** The day `day` of d's month (1–28 fits every month; larger days clamp to the month's end). */
export function dayOfMonth(d: IsoDate, day: number): IsoDate {
  const p = parse(d);
  return iso(p.y, p.m, Math.min(day, daysInMonth(p.y, p.m)));
}

export const maxDate = (a: IsoDate, b: IsoDate) => (a > b ? a : b);
export const minDate = (a: IsoDate, b: IsoDate) => (a < b ? a : b);

/**
 * Rent for the days of one calendar month a lease occupies (product.md 4.2): monthly rent ÷ days in
 * that month × days occupied, the move-in and move-out days both counted, rounded to the shilling.
 * A full month is exactly the rent. `from`..`to` are clamped to the month.
 */
export function prorateMonth(monthlyRent: bigint, month: IsoDate, from: IsoDate, to: IsoDate): { amount: bigint; days: number; monthDays: number } {
  const start = monthStart(month);
  const end = monthEnd(month);
  const a = maxDate(from, start);
  const b = minDate(to, end);
  const monthDays = daysBetween(start, end) + 1;
  if (a > b) return { amount: 0n, days: 0, monthDays };
  const days = daysBetween(a, b) + 1;
  if (days === monthDays) return { amount: monthlyRent, days, monthDays };
  // cents × days ÷ (month days × 100), rounded once, back to cents: whole shillings
  return { amount: divRound(monthlyRent * BigInt(days), BigInt(monthDays) * 100n) * 100n, days, monthDays };
}

/**
 * The rent in force on `on`: the signed rent raised by `rate` % every `months` months counted from
 * the lease start, compounded, each step rounded to the shilling (domain C9). Escalation is a
 * price for new invoices; issued invoices keep the amounts frozen on their lines.
 */
export function escalatedRent(rent: bigint, start: IsoDate, on: IsoDate, rate: string | null | undefined, months: number | null | undefined): bigint {
  if (!rate || !months || Number(rate) === 0) return rent;
  const elapsed = monthsBetween(start, on) - (parse(on).day < parse(start).day ? 1 : 0);
  const steps = Math.max(0, Math.floor(elapsed / months));
  let value = rent;
  for (let i = 0; i < steps; i++) value = divRound(value + percentOf(value, rate), 100n) * 100n;
  return value;
}

export const shortDate = (d: IsoDate) => {
  const p = parse(d);
  const names = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  return `${p.day} ${names[p.m - 1]} ${p.y}`;
};
export const monthName = (d: IsoDate) => shortDate(d).split(' ').slice(1).join(' ');
