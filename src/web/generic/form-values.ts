// Between the API's records and the form's values. Money stays the API's decimal text (the money
// input reads and writes it); percentages and decimals travel as text but the clamping number
// input works on numbers; defaults come from the declaration; a chosen reference can fill empty
// fields from the record it names (a house type's default rent, a property's owner).
import { parseMoney, centsToDecimal } from '../../shared/resource-values';
import type { Field, RecordValues, Resource } from '../../shared/resource';
import { declaration } from './access';

const numeric = (f: Field) => f.kind === 'percent' || (f.kind === 'number' && !!f.scale);

function fieldToForm(f: Field, v: unknown): unknown {
  if (v == null) return v;
  if (numeric(f) && typeof v === 'string') {
    const n = Number(v);
    return Number.isFinite(n) ? n : v;
  }
  return v;
}

function defaultOf(f: Field): unknown {
  const d = f.default;
  if (d === undefined) return undefined;
  if (f.kind === 'money') {
    const c = parseMoney(d);
    return c === null ? undefined : centsToDecimal(c);
  }
  if (typeof d === 'object' && d !== null) return structuredClone(d);
  return fieldToForm(f, d);
}

/** A create form's starting values: the declared defaults (read-only fields are the server's). */
export function formDefaults(resource: { fields: readonly Field[]; children?: readonly Resource['children'][number][] }): RecordValues {
  const out: RecordValues = {};
  for (const f of resource.fields) {
    if (f.readOnly || f.writeOnly) continue;
    const d = defaultOf(f);
    if (d !== undefined) out[f.key] = d;
  }
  for (const c of resource.children ?? []) if (!c.readOnly) out[c.key] = [];
  return out;
}

/** Defaults for a new child row (an invoice line). */
export function childDefaults(fields: readonly Field[]): RecordValues {
  return formDefaults({ fields, children: [] });
}

/** A record as the form holds it. */
export function toFormValues(resource: Pick<Resource, 'fields' | 'children'>, record: RecordValues): RecordValues {
  const out: RecordValues = { ...record };
  for (const f of resource.fields) if (f.key in out) out[f.key] = fieldToForm(f, out[f.key]);
  for (const c of resource.children ?? []) {
    const rows = out[c.key];
    if (Array.isArray(rows)) {
      out[c.key] = rows.map((row) => {
        const r: RecordValues = { ...(row as RecordValues) };
        for (const f of c.fields) if (f.key in r) r[f.key] = fieldToForm(f, r[f.key]);
        return r;
      });
    }
  }
  return out;
}

/** The form's values as the API takes them: declared fields and children only. */
export function toApiValues(resource: Pick<Resource, 'fields' | 'children'>, values: RecordValues): RecordValues {
  const out: RecordValues = {};
  for (const f of resource.fields) {
    if (f.readOnly || !(f.key in values)) continue;
    const v = values[f.key];
    // A secret left blank keeps the stored one: send nothing.
    if (f.writeOnly && (v == null || v === '')) continue;
    out[f.key] = v === undefined ? null : v;
  }
  for (const c of resource.children ?? []) {
    if (c.readOnly || !Array.isArray(values[c.key])) continue;
    out[c.key] = (values[c.key] as RecordValues[]).map((row) => {
      const r: RecordValues = {};
      for (const f of c.fields) if (!f.readOnly && f.key in row) r[f.key] = row[f.key] ?? null;
      return r;
    });
  }
  return out;
}

export const isEmptyValue = (v: unknown) => v == null || v === '' || (Array.isArray(v) && v.length === 0);

/**
 * What choosing a record in `field` may fill in this form: the target's `default_<key>` into
 * `<key>` (a house type's default rent and deposit), and the target's money and reference fields
 * of the same key and kind (a property's owner, a house's rent into a lease, a ticket's house into
 * its work order). Choices and text are never copied: their meaning differs between areas.
 */
export function inheritedFields(resource: Pick<Resource, 'fields'>, field: Field): Array<{ from: string; to: string }> {
  if (field.kind !== 'reference' || !field.reference) return [];
  const target = declaration(field.reference);
  const out: Array<{ from: string; to: string }> = [];
  for (const f of resource.fields) {
    if (f === field || f.readOnly || f.writeOnly) continue;
    const same = (t: Field | undefined) => !!t && t.kind === f.kind && t.reference === f.reference && !t.writeOnly;
    const byDefault = target.fields.find((t) => t.key === `default_${f.key}`);
    if (same(byDefault) && ['money', 'percent', 'number', 'reference', 'multi_reference'].includes(f.kind)) {
      out.push({ from: byDefault!.key, to: f.key });
      continue;
    }
    const byKey = target.fields.find((t) => t.key === f.key);
    if (same(byKey) && ['money', 'reference', 'multi_reference'].includes(f.kind)) out.push({ from: f.key, to: f.key });
  }
  return out;
}
