import { formatAmount, formatDateTime, formatDay } from '../../../shared/format.js';

/** Money on a document: 'KES 12,500.00', exact to the cent (decimal text, never a float); negatives as '-KES 500.00'. */
export function kes(decimal: string | null | undefined): string {
  const v = (decimal ?? '0').trim() || '0';
  return v.startsWith('-') ? `-KES ${formatAmount(v.slice(1))}` : `KES ${formatAmount(v)}`;
}

/** A day as en-KE writes it: '25 Nov 2026'; '' for none. */
export const day = (d: string | null | undefined): string => formatDay(d ?? '');

/** A moment as the Nairobi day and time: '25 Nov 2026, 14:05'. */
export function moment(iso: string | Date | null | undefined): string {
  return iso ? formatDateTime(iso) : '';
}

/** A file name part: letters, digits and dashes only (Content-Disposition stays plain ASCII). */
export const fileSafe = (s: string) => s.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-+|-+$/g, '') || 'document';
