// Input validation and output shaping from a declaration. The server runs validateRecord on every
// create/update (422 with the field errors); the web app may run it too for instant feedback.

import { formatAmount } from './format.js';
import {
  DEFAULT_MAX_LENGTH, type ChildDeclaration, type Field, type RecordValues, type Resource,
} from './resource.js';
import {
  MAX_MONEY_CENTS, centsToDecimal, compactCode, isEmail, isIsoDate, parseDateTime, parseDecimal, parseMoney, parsePhone,
} from './resource-values.js';
import { BAD_TEXT_MESSAGE, findBadText, isBadText } from './text-guard.js';

export type FieldErrors = Record<string, string[]>;

/** What validation and serialisation need of a declaration (a Resource, or a child's fields). */
export interface RecordShape {
  fields: readonly Field[];
  children?: readonly ChildDeclaration[];
  check?: Resource['check'];
}
export interface ValidationResult {
  /**
   * Clean values keyed by field: money as bigint cents, dates 'YYYY-MM-DD', date-times UTC ISO
   * text, decimals (percent, scaled numbers) as normalised text, integers as numbers, phones
   * E.164. Children are arrays of such objects. On update only the keys the input carried.
   */
  values: RecordValues;
  errors: FieldErrors;
}

/** Keys that never come from a request body. */
const NEVER_FROM_INPUT = new Set(['id', 'organization_id', 'created_at', 'updated_at']);

const isEmpty = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

export const messages = {
  required: 'This field is required.',
  invalid: 'This value is not valid.',
  text: 'Must be text.',
  minLength: (n: number) => `Must be at least ${n} characters.`,
  maxLength: (n: number) => `Must be at most ${n} characters.`,
  pattern: 'The format is not valid.',
  email: 'Must be a valid email address.',
  phone: 'Must be a valid phone number for its country.',
  number: 'Must be a whole number.',
  decimal: (scale: number) => `Must be a number with at most ${scale} decimal places.`,
  money: 'Must be an amount with at most 2 decimal places.',
  min: (n: number | string) => `Must be at least ${n}.`,
  max: (n: number | string) => `Must be at most ${n}.`,
  /** Money limits read as money: "Must be at most KES 999,999,999,999.99." */
  moneyMin: (decimal: string) => `Must be at least KES ${formatAmount(decimal)}.`,
  moneyMax: (decimal: string) => `Must be at most KES ${formatAmount(decimal)}.`,
  date: 'Must be a real date (YYYY-MM-DD) between 1900-01-01 and 2199-12-31.',
  badText: BAD_TEXT_MESSAGE,
  datetime: 'Must be a date and time.',
  boolean: 'Must be true or false.',
  choice: 'Must be one of the allowed choices.',
  list: 'Must be a list.',
  reference: 'Must be a record id.',
  notBefore: (other: string) => `Must not be before ${other}.`,
  rows: 'Must be a list of rows.',
  body: 'The request body must be a JSON object.',
};

type Parsed = { value: unknown } | { error: string };

function normalizeText(f: Field, s: string): string {
  const t = s.trim();
  switch (f.normalize) {
    case 'upper': return t.toUpperCase();
    case 'lower': return t.toLowerCase();
    case 'code': return t.toUpperCase().replace(/[^A-Z0-9]/g, '');
    case 'compact': return compactCode(t);
    default: return t;
  }
}

function checkLength(f: Field, s: string): string | null {
  const max = f.maxLength ?? DEFAULT_MAX_LENGTH[f.kind];
  if (f.minLength != null && s.length < f.minLength) return messages.minLength(f.minLength);
  if (max != null && s.length > max) return messages.maxLength(max);
  return null;
}

function checkBounds(f: Field, n: number, fallback?: { min?: number; max?: number }): string | null {
  const min = f.min ?? fallback?.min;
  const max = f.max ?? fallback?.max;
  if (min != null && n < min) return messages.min(min);
  if (max != null && n > max) return messages.max(max);
  return null;
}

const REFERENCE = /^[A-Za-z0-9_-]{1,64}$/;

/** One present, non-empty value of one field. */
export function parseFieldValue(f: Field, raw: unknown): Parsed {
  // before any kind's own checks: PostgreSQL would refuse it (text-guard.ts)
  if (typeof raw === 'string' ? isBadText(raw) : f.kind === 'json' && findBadText(raw) !== null) return { error: messages.badText };
  switch (f.kind) {
    case 'text': case 'long_text': {
      if (typeof raw !== 'string' && typeof raw !== 'number') return { error: messages.text };
      const s = normalizeText(f, String(raw));
      const bad = checkLength(f, s);
      if (bad) return { error: bad };
      if (f.pattern && !new RegExp(f.pattern).test(s)) return { error: f.patternMessage ?? messages.pattern };
      return { value: s };
    }
    case 'email': {
      if (typeof raw !== 'string') return { error: messages.email };
      const s = raw.trim().toLowerCase();
      const bad = checkLength(f, s);
      if (bad) return { error: bad };
      return isEmail(s) ? { value: s } : { error: messages.email };
    }
    case 'phone': {
      const p = parsePhone(raw);
      return p ? { value: p } : { error: messages.phone };
    }
    case 'number': {
      if (f.scale) {
        const d = parseDecimal(raw, f.scale);
        if (d === null) return { error: messages.decimal(f.scale) };
        const bad = checkBounds(f, Number(d));
        return bad ? { error: bad } : { value: d };
      }
      const n = typeof raw === 'string' && /^-?\d+$/.test(raw.trim()) ? Number(raw.trim()) : raw;
      if (typeof n !== 'number' || !Number.isSafeInteger(n)) return { error: messages.number };
      const bad = checkBounds(f, n, { min: -2_147_483_648, max: 2_147_483_647 });
      return bad ? { error: bad } : { value: n };
    }
    case 'percent': {
      const d = parseDecimal(raw, 2);
      if (d === null) return { error: messages.decimal(2) };
      const bad = checkBounds(f, Number(d), { min: 0, max: 100 });
      return bad ? { error: bad } : { value: d };
    }
    case 'money': {
      const c = parseMoney(raw);
      if (c === null) return { error: messages.money };
      if (f.min != null && c < parseMoney(f.min)!) return { error: messages.moneyMin(centsToDecimal(parseMoney(f.min)!)) };
      if (f.max != null && c > parseMoney(f.max)!) return { error: messages.moneyMax(centsToDecimal(parseMoney(f.max)!)) };
      if (c > MAX_MONEY_CENTS || c < -MAX_MONEY_CENTS) return { error: messages.moneyMax(centsToDecimal(MAX_MONEY_CENTS)) };
      return { value: c };
    }
    case 'date': {
      const s = typeof raw === 'string' ? raw.trim() : raw;
      return isIsoDate(s) ? { value: s } : { error: messages.date };
    }
    case 'datetime': {
      const t = parseDateTime(raw);
      return t ? { value: t } : { error: messages.datetime };
    }
    case 'boolean': {
      if (typeof raw === 'boolean') return { value: raw };
      if (raw === 'true' || raw === '1' || raw === 1) return { value: true };
      if (raw === 'false' || raw === '0' || raw === 0) return { value: false };
      return { error: messages.boolean };
    }
    case 'choice':
      return typeof raw === 'string' && f.choices?.includes(raw) ? { value: raw } : { error: messages.choice };
    case 'multi_choice': {
      if (!Array.isArray(raw)) return { error: messages.list };
      if (!raw.every((v) => typeof v === 'string' && f.choices?.includes(v))) return { error: messages.choice };
      return { value: [...new Set(raw as string[])] };
    }
    case 'reference':
      return typeof raw === 'string' && REFERENCE.test(raw) ? { value: raw } : { error: messages.reference };
    case 'multi_reference': {
      if (!Array.isArray(raw)) return { error: messages.list };
      if (!raw.every((v) => typeof v === 'string' && REFERENCE.test(v))) return { error: messages.reference };
      return { value: [...new Set(raw as string[])] };
    }
    case 'json':
      try {
        return { value: JSON.parse(JSON.stringify(raw)) };
      } catch {
        return { error: messages.invalid };
      }
  }
}

/** The value of an empty input for a field (multi kinds: []; others: null). */
const emptyValue = (f: Field) => (f.kind === 'multi_choice' || f.kind === 'multi_reference' ? [] : null);

function validateFields(
  fields: readonly Field[], input: RecordValues, mode: 'create' | 'update', prefix: string,
  values: RecordValues, errors: FieldErrors,
): void {
  for (const f of fields) {
    if (f.readOnly || NEVER_FROM_INPUT.has(f.key)) continue;
    const err = (m: string) => (errors[prefix + f.key] ??= []).push(m);
    const present = Object.prototype.hasOwnProperty.call(input, f.key) && input[f.key] !== undefined;
    if (!present) {
      if (mode === 'update') continue;
      if (f.default !== undefined) {
        values[f.key] = typeof f.default === 'object' && f.default !== null ? structuredClone(f.default) : f.default;
        if (f.kind === 'money') values[f.key] = parseMoney(f.default);
      } else if (f.required) err(messages.required);
      continue;
    }
    const raw = input[f.key];
    const empty = isEmpty(raw) || (Array.isArray(raw) && raw.length === 0);
    if (empty) {
      // A secret left blank on an edit keeps its stored value (the form never receives it).
      if (f.writeOnly && mode === 'update') continue;
      if (f.required) err(messages.required);
      else values[f.key] = emptyValue(f);
      continue;
    }
    const parsed = parseFieldValue(f, raw);
    if ('error' in parsed) err(parsed.error);
    else values[f.key] = parsed.value;
  }
  for (const f of fields) {
    if (!f.notBefore || errors[prefix + f.key]) continue;
    const a = values[f.key];
    const b = values[f.notBefore];
    if (typeof a === 'string' && typeof b === 'string' && a < b) {
      (errors[prefix + f.key] ??= []).push(messages.notBefore(f.notBefore));
    }
  }
}

function validateChild(
  child: ChildDeclaration, raw: unknown, values: RecordValues, errors: FieldErrors,
): void {
  if (raw == null) {
    values[child.key] = [];
    return;
  }
  if (!Array.isArray(raw)) {
    errors[child.key] = [messages.rows];
    return;
  }
  values[child.key] = raw.map((row, i) => {
    const out: RecordValues = {};
    if (typeof row !== 'object' || row === null || Array.isArray(row)) {
      errors[`${child.key}.${i}`] = [messages.invalid];
      return out;
    }
    validateFields(child.fields, row as RecordValues, 'create', `${child.key}.${i}.`, out, errors);
    return out;
  });
}

/**
 * Validates a request body against a declaration. Unknown keys, read-only fields, id and
 * organization_id are ignored. `create` applies defaults and requires required fields; `update`
 * checks only the keys the input carries (a PUT of the whole record checks them all) and clears
 * optional fields sent empty. Reference existence is the server's job (see referenceFields).
 */
export function validateRecord(
  resource: RecordShape, input: unknown, mode: 'create' | 'update',
): ValidationResult {
  const values: RecordValues = {};
  const errors: FieldErrors = {};
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return { values, errors: { body: [messages.body] } };
  }
  const body = input as RecordValues;
  validateFields(resource.fields, body, mode, '', values, errors);
  for (const child of resource.children ?? []) {
    if (child.readOnly) continue;
    const present = Object.prototype.hasOwnProperty.call(body, child.key) && body[child.key] !== undefined;
    if (!present && mode === 'update') continue;
    validateChild(child, body[child.key], values, errors);
  }
  if (resource.check && Object.keys(errors).length === 0) {
    for (const [k, list] of Object.entries(resource.check(values, mode))) {
      if (list.length) (errors[k] ??= []).push(...list);
    }
  }
  return { values, errors };
}

export const hasErrors = (r: ValidationResult): boolean => Object.keys(r.errors).length > 0;

// ---- to and from the database --------------------------------------------------------------------

function toColumn(f: Field, v: unknown): unknown {
  if (v === null || v === undefined) return v;
  if (f.kind === 'money') return centsToDecimal(v as bigint);
  if (f.kind === 'datetime') return new Date(v as string);
  return v;
}

/** Clean values → column values for drizzle (money cents → '1234.50', date-times → Date). */
export function toColumns(fields: readonly Field[], values: RecordValues): RecordValues {
  const out: RecordValues = {};
  for (const f of fields) {
    if (Object.prototype.hasOwnProperty.call(values, f.key)) out[f.key] = toColumn(f, values[f.key]);
  }
  return out;
}

/** Money text already in the API's form (numeric(14,2) as PostgreSQL writes it): sent as it is. */
export const MONEY_TEXT = /^(?!-0\.00$)-?(?:0|[1-9]\d*)\.\d\d$/;

export function fromColumn(f: Field, v: unknown): unknown {
  if (v === null || v === undefined) return null;
  switch (f.kind) {
    case 'money': return typeof v === 'string' && MONEY_TEXT.test(v) ? v : centsToDecimal(parseMoney(v) ?? 0n);
    case 'datetime': return v instanceof Date ? v.toISOString() : parseDateTime(v) ?? v;
    case 'date': return v instanceof Date ? v.toISOString().slice(0, 10) : v;
    case 'percent': return parseDecimal(v, 2) ?? v;
    case 'number': return f.scale ? parseDecimal(v, f.scale) ?? v : typeof v === 'string' ? Number(v) : v;
    default: return v;
  }
}

/**
 * A database row → the JSON a client receives: id, the readable fields (write-only ones
 * dropped), timestamps; money as '1234.50', decimals as text, date-times as UTC ISO text.
 * Children are shaped too when the row carries them (row[child.key] as an array of rows).
 */
export function serializeRecord(
  resource: RecordShape, row: RecordValues,
): RecordValues {
  const out: RecordValues = { id: row.id };
  for (const f of resource.fields) {
    if (f.writeOnly) continue;
    out[f.key] = fromColumn(f, row[f.key]);
  }
  for (const child of resource.children ?? []) {
    const rows = row[child.key];
    if (Array.isArray(rows)) out[child.key] = rows.map((r) => serializeRecord({ fields: child.fields }, r as RecordValues));
  }
  for (const k of ['created_at', 'updated_at']) {
    if (k in row) out[k] = fromColumn({ key: k, kind: 'datetime' }, row[k]);
  }
  return out;
}
