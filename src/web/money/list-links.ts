// Links into the areas' lists with a filter already applied: react-admin lists read `filter` (a
// JSON object) from the query string, and the API takes the same keys (`status` as a list,
// `<field>_gte` / `<field>_lte` for ranges).
import { addDays } from './dates';
import type { Bucket } from './types';

export const listLink = (resource: string, filter: Record<string, unknown> = {}) =>
  Object.keys(filter).length ? `/${resource}?filter=${encodeURIComponent(JSON.stringify(filter))}` : `/${resource}`;

export const OPEN_INVOICE = ['issued', 'partially_paid'];
export const OPEN_TICKET = ['open', 'in_progress', 'deferred'];

/** Open invoices whose days past due (as of `asOf`) fall in the bucket. */
export function bucketFilter(bucket: Bucket, asOf: string): Record<string, unknown> {
  const range: Record<Bucket, [number | null, number | null]> = {
    current: [null, 0], d1_30: [1, 30], d31_60: [31, 60], d61_90: [61, 90], d90_plus: [91, null],
  };
  const [min, max] = range[bucket];
  // days past due = asOf − due_date, so min days → due_date ≤ asOf − min; max days → due_date ≥ asOf − max
  return {
    status: OPEN_INVOICE,
    ...(max !== null ? { due_date_gte: addDays(asOf, -max) } : {}),
    ...(min !== null ? { due_date_lte: addDays(asOf, -min) } : {}),
  };
}
