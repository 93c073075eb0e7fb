// Calendar days in the organisation's zone (Africa/Nairobi, UTC+3, no daylight saving).
import { formatDay } from '../../shared/format';

const DAY = 86_400_000;

/** Today in Nairobi, YYYY-MM-DD. */
export const todayInNairobi = (now: Date = new Date()) => new Date(now.getTime() + 3 * 3600_000).toISOString().slice(0, 10);

export const addDays = (d: string, n: number) => new Date(Date.parse(`${d}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);

export const isDate = (s: string | null | undefined): s is string =>
  !!s && /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);

export const monthStart = (d: string) => `${d.slice(0, 7)}-01`;

/** The last day of d's month. */
export function monthEnd(d: string): string {
  const [y, m] = d.split('-').map(Number);
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

/** The first day of the month `n` months after d's. */
export function addMonths(d: string, n: number): string {
  const [y, m] = d.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1 + n, 1)).toISOString().slice(0, 10);
}

export interface Period {
  from: string;
  to: string;
}

export type PresetKey = 'this_month' | 'last_month' | 'this_year' | 'last_year';

export function preset(key: PresetKey, today: string = todayInNairobi()): Period {
  const year = today.slice(0, 4);
  switch (key) {
    case 'this_month':
      return { from: monthStart(today), to: today };
    case 'last_month': {
      const from = addMonths(today, -1);
      return { from, to: monthEnd(from) };
    }
    case 'this_year':
      return { from: `${year}-01-01`, to: today };
    case 'last_year':
      return { from: `${Number(year) - 1}-01-01`, to: `${Number(year) - 1}-12-31` };
  }
}

/** from/to from the URL, else this year to today (the statements' default). */
export function periodFrom(search: URLSearchParams, today: string = todayInNairobi()): Period {
  const fallback = preset('this_year', today);
  const from = search.get('from');
  const to = search.get('to');
  return { from: isDate(from) ? from : fallback.from, to: isDate(to) ? to : fallback.to };
}

/** 12 Nov 2026 (en-KE) / 12 Nov 2026 (sw-KE). */
export function formatDate(d: string, locale = 'en'): string {
  if (!isDate(d)) return d;
  return formatDay(d, `${locale}-KE`);
}

/** "Nov 2026" for a YYYY-MM month. */
export function formatMonth(month: string, locale = 'en', style: 'short' | 'long' = 'short'): string {
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) return month;
  return new Intl.DateTimeFormat(`${locale}-KE`, { month: style, year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`));
}
