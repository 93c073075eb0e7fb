// A date-and-time field as the organisation reads it: Nairobi wall time (UTC+3 all year, no
// daylight saving), whatever zone the device is set to. A browser's datetime-local input shows
// and returns its own zone's time; these convert between it and the stored ISO moment.

const OFFSET_MS = 3 * 3600_000;

/** An ISO moment as the input's value in Nairobi time ('YYYY-MM-DDTHH:mm'), '' when it is none. */
export function toNairobiInput(value: unknown): string {
  if (typeof value !== 'string' && !(value instanceof Date)) return '';
  // already the input's own value (react-admin formats what it shows again): as it is
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return value;
  const t = new Date(value);
  if (Number.isNaN(t.getTime())) return '';
  return new Date(t.getTime() + OFFSET_MS).toISOString().slice(0, 16);
}

/** The input's Nairobi wall time ('YYYY-MM-DDTHH:mm[:ss]') as an ISO moment; null when empty or not a time. */
export function fromNairobiInput(value: unknown): string | null {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return null;
  const t = new Date(`${value.length === 16 ? `${value}:00` : value}+03:00`);
  return Number.isNaN(t.getTime()) ? null : t.toISOString();
}
