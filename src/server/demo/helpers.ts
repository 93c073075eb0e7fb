// Dates (East Africa Time, no daylight saving), money and message text for the demo steps.
import type { Random } from './data/random.js';

export const EAT_MS = 3 * 60 * 60 * 1000;
export const DAY_MS = 24 * 60 * 60 * 1000;
export const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);
export const dayMs = (d: string) => Date.parse(`${d}T00:00:00Z`);
export const addDays = (d: string, n: number) => isoDay(dayMs(d) + n * DAY_MS);
export function addMonths(d: string, n: number): string {
  const [y, m, day] = d.split('-').map(Number);
  const first = new Date(Date.UTC(y, m - 1 + n, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return isoDay(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(day, last)));
}
export const lastOfMonth = (d: string) => addDays(addMonths(`${d.slice(0, 7)}-01`, 1), -1);
export const monthName = (d: string) => new Date(dayMs(d)).toLocaleString('en-KE', { month: 'long', year: 'numeric', timeZone: 'UTC' });
/** A wall-clock time in Nairobi as the date-time text a client sends ('2026-05-03T08:14:00+03:00'). */
export const eat = (d: string, time: string) => `${d}T${time}:00+03:00`;
export const dateOfEatMs = (t: number) => isoDay(t + EAT_MS);

// ---- money and messages --------------------------------------------------------------------------

export const cents = (money: string) => BigInt(money.replace('.', ''));
export const shillings = (c: bigint) => `${c / 100n}.${String(c % 100n).padStart(2, '0')}`;
export const display = (c: bigint) => new Intl.NumberFormat('en-KE', { minimumFractionDigits: 2 }).format(Number(c) / 100);

export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{([a-z_]+)\}/g, (_, k: string) => values[k] ?? `{${k}}`);
}

/** An M-Pesa transaction code: year and month letters, then eight characters. */
export function mpesaCode(r: Random, day: string): string {
  const [y, m] = day.split('-').map(Number);
  const year = String.fromCharCode('A'.charCodeAt(0) + ((y - 2006) % 26));
  const month = String.fromCharCode('A'.charCodeAt(0) + m - 1);
  return `${year}${month}${r.digits(1)}${r.chars(7)}`;
}
