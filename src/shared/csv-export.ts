// What a list's CSV export holds, for the server that writes it and the browser that asks for it:
// the columns (every readable field, as the client-side exporter always wrote), their headers in
// the user's language (sent by the browser; English made from the keys otherwise) and each cell
// as a spreadsheet reads it — money as a plain decimal so it sums, dates as YYYY-MM-DD, times in
// Nairobi, choices and references as words rather than codes and ids.
import { humanise } from './humanise.js';
import type { Field, Resource } from './resource.js';

export interface ExportLabels {
  /** Header per field key ('id' included). */
  fields: Record<string, string>;
  /** Label per choice value, per field key. */
  choices: Record<string, Record<string, string>>;
  yes: string;
  no: string;
}

/** The exported fields, in declaration order (after the ID column). */
export function exportFields(resource: Pick<Resource, 'fields'>): Field[] {
  return resource.fields.filter((f) => !f.writeOnly && f.kind !== 'json');
}

/** The labels an export needs, from a label function (the browser's translations) or English. */
export function exportLabels(
  resource: Pick<Resource, 'fields'>,
  label: { field(key: string): string; choice(key: string, value: string): string; yes: string; no: string } = {
    field: (k) => humanise(k), choice: (_k, v) => humanise(v), yes: 'Yes', no: 'No',
  },
): ExportLabels {
  const fields: Record<string, string> = { id: 'ID' };
  const choices: Record<string, Record<string, string>> = {};
  for (const f of exportFields(resource)) {
    fields[f.key] = label.field(f.key);
    if (f.choices) choices[f.key] = Object.fromEntries(f.choices.map((c) => [c, label.choice(f.key, c)]));
  }
  return { fields, choices, yes: label.yes, no: label.no };
}

export function exportHeader(resource: Pick<Resource, 'fields'>, labels: ExportLabels): string[] {
  return ['id', ...exportFields(resource).map((f) => f.key)].map((k) => labels.fields[k] || humanise(k));
}

/** A date-time as Nairobi wall-clock time (UTC+3 all year): 2026-01-10 11:00. */
export function nairobiDateTime(iso: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return iso;
  return new Date(ms + 3 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');
}

/** A cell that is only a number (an amount, a count, an E.164 phone): a spreadsheet reads a number. */
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;

/**
 * Text a spreadsheet would run as a formula (=, +, -, @, tab or carriage return at the start:
 * OWASP "CSV injection") is written with a leading apostrophe. A plain number keeps its sign
 * ('-500.00' stays an amount that sums): a formula needs more than digits and one sign.
 * The server's CSV writer (src/server/csv.ts) applies it to every cell of every export.
 */
export function defuse(s: string): string {
  return /^[=+\-@\t\r]/.test(s) && !PLAIN_NUMBER.test(s) ? `'${s}` : s;
}

/**
 * One cell's text (neutralised by the CSV writer, as every cell). `value` is the API's JSON value (money '1500.00', dates 'YYYY-MM-DD', date-times ISO);
 * `title` names a referenced record (undefined when it is not known: the id is written).
 */
export function exportCell(field: Field, value: unknown, labels: ExportLabels, title: (id: string) => string | undefined): string {
  if (value == null || value === '') return '';
  const list = (v: unknown) => (Array.isArray(v) ? v : [v]).map(String);
  switch (field.kind) {
    case 'reference':
      return title(String(value)) ?? String(value);
    case 'multi_reference':
      return list(value).map((id) => title(id) ?? id).join('; ');
    case 'choice':
      return labels.choices[field.key]?.[String(value)] ?? humanise(String(value));
    case 'multi_choice':
      return list(value).map((v) => labels.choices[field.key]?.[v] ?? humanise(v)).join('; ');
    case 'boolean':
      return value === true || value === 'true' ? labels.yes : labels.no;
    case 'datetime':
      return nairobiDateTime(String(value));
    case 'money': case 'number': case 'percent': case 'date': case 'phone':
      return String(value);
    default:
      return String(value);
  }
}
