// JSON Schemas of a declaration's records, for the API reference (/api/docs) and response
// serialisation. Plain objects (no TypeBox import) so the browser may use them too.
// Validation of input stays with validateRecord: these describe, they do not judge (a 422 names
// fields in the contract's shape, which a schema failure would not).

import type { Field, Resource } from './resource.js';
import { DEFAULT_MAX_LENGTH } from './resource.js';

type Schema = Record<string, unknown>;
const nullable = (s: Schema, allowNull: boolean): Schema => (allowNull ? { anyOf: [s, { type: 'null' }] } : s);

/** The JSON Schema of one field's value as the API returns it (money and decimals are text). */
export function fieldSchema(f: Field): Schema {
  const maxLength = f.maxLength ?? DEFAULT_MAX_LENGTH[f.kind];
  switch (f.kind) {
    case 'text': case 'long_text': return { type: 'string', ...(maxLength ? { maxLength } : {}) };
    case 'email': return { type: 'string', format: 'email' };
    case 'phone': return { type: 'string', description: 'E.164, e.g. +254712345678' };
    case 'money': return { type: 'string', pattern: '^-?\\d+\\.\\d{2}$', description: 'KES, two decimals, e.g. "1234.50"' };
    case 'percent': return { type: 'string', pattern: '^-?\\d+(\\.\\d{1,2})?$', description: 'percent, e.g. "7.5"' };
    case 'number': return f.scale
      ? { type: 'string', pattern: `^-?\\d+(\\.\\d{1,${f.scale}})?$` }
      : { type: 'integer', ...(f.min != null ? { minimum: f.min } : {}), ...(f.max != null ? { maximum: f.max } : {}) };
    case 'date': return { type: 'string', format: 'date' };
    case 'datetime': return { type: 'string', format: 'date-time' };
    case 'boolean': return { type: 'boolean' };
    case 'choice': return { type: 'string', enum: [...(f.choices ?? [])] };
    case 'multi_choice': return { type: 'array', items: { type: 'string', enum: [...(f.choices ?? [])] } };
    case 'reference': return { type: 'string', description: `id of ${f.reference}` };
    case 'multi_reference': return { type: 'array', items: { type: 'string' }, description: `ids of ${f.reference}` };
    case 'json': return {};
  }
}

function objectSchema(fields: readonly Field[], withId: boolean): Schema {
  const properties: Record<string, Schema> = withId ? { id: { type: 'string' } } : {};
  for (const f of fields) {
    if (f.writeOnly) continue;
    properties[f.key] = f.kind === 'json' ? {} : nullable(fieldSchema(f), !f.required && !f.kind.startsWith('multi_'));
  }
  return { type: 'object', properties };
}

/** A record as the API returns it: id, readable fields, children, timestamps. */
export function recordSchema(resource: Pick<Resource, 'fields' | 'children'>): Schema {
  const s = objectSchema(resource.fields, true) as { type: string; properties: Record<string, Schema> };
  for (const c of resource.children ?? []) {
    s.properties[c.key] = { type: 'array', items: objectSchema(c.fields, true) };
  }
  s.properties.created_at = { type: 'string', format: 'date-time' };
  s.properties.updated_at = { type: 'string', format: 'date-time' };
  return s;
}

/** A create/update body, for documentation: writable fields, required ones named. */
export function inputSchema(resource: Pick<Resource, 'fields' | 'children'>): Schema {
  const properties: Record<string, Schema> = {};
  const required: string[] = [];
  for (const f of resource.fields) {
    if (f.readOnly) continue;
    const s = fieldSchema(f);
    properties[f.key] = f.kind === 'money' ? { anyOf: [{ type: 'string' }, { type: 'number' }], description: 'KES, at most two decimals' } : s;
    if (f.required && f.default === undefined) required.push(f.key);
  }
  for (const c of resource.children ?? []) {
    if (!c.readOnly) properties[c.key] = { type: 'array', items: { type: 'object' } };
  }
  return { type: 'object', properties, ...(required.length ? { required } : {}) };
}
