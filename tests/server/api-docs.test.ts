import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../resources/index.js';
import { buildTestApp, type TestApp } from './helpers.js';

// /api/docs describes every answer: each operation declares its success response, and a stored
// area's record schema names every field its declaration returns.

let t: TestApp;
beforeAll(async () => { t = await buildTestApp(); });
afterAll(() => t.close());

const FILE_TYPES = ['text/csv', 'application/pdf'];
type Schema = Record<string, unknown>;

/** Where a JSON answer's schema is open (says nothing of a value's shape), or null. */
function openPart(s: Schema, path = '$'): string | null {
  if (s.$ref) return null;
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    const branches = s[key] as Schema[] | undefined;
    if (branches) {
      for (const [i, b] of branches.entries()) {
        const why = openPart(b, `${path}.${key}[${i}]`);
        if (why) return why;
      }
      return null;
    }
  }
  // OpenAPI 3.0 has no 'null' type: @fastify/swagger writes a null branch as nullable
  if (s.nullable === true && !s.properties) return null;
  const types = ([] as unknown[]).concat(s.type ?? []);
  if (!types.length) return `${path} has no type`;
  if (types.includes('object')) {
    const properties = s.properties as Record<string, Schema> | undefined;
    const rest = s.additionalProperties ?? s.patternProperties;
    // a map (Type.Record) names its values' shape instead of keys; a free-form object names neither
    if (!properties && (typeof rest !== 'object' || rest === null)) return `${path} is an object with no keys`;
    for (const [k, v] of Object.entries(properties ?? {})) {
      // old/new values of a change are the field's own JSON: any shape, on purpose
      if (Object.keys(v).length === 1 && 'description' in v) continue;
      const why = openPart(v, `${path}.${k}`);
      if (why) return why;
    }
  }
  if (types.includes('array') && s.items) return openPart(s.items as Schema, `${path}[]`);
  return null;
}

type Operation = { responses?: Record<string, { content?: Record<string, { schema?: Record<string, unknown> }> }> };

describe('the OpenAPI document', () => {
  it('declares a success response for every operation', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, Operation>> };
    const missing: string[] = [];
    let operations = 0;
    for (const [p, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        operations++;
        if (!Object.keys(op.responses ?? {}).some((code) => /^2/.test(code))) missing.push(`${method.toUpperCase()} ${p}`);
      }
    }
    expect(operations).toBeGreaterThan(100);
    expect(missing).toEqual([]);
  });

  it('gives every success answer its exact shape: JSON declares its type and keys, files their content type', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, Operation>> };
    const open: string[] = [];
    for (const [p, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        for (const [code, answer] of Object.entries(op.responses ?? {}).filter(([c]) => /^2/.test(c))) {
          const where = `${method.toUpperCase()} ${p} ${code}`;
          if (code === '204') continue;
          const content = Object.entries(answer.content ?? {});
          if (!content.length) open.push(`${where}: no content`);
          for (const [type, { schema }] of content) {
            if (type === 'application/json') {
              const why = openPart(schema ?? {});
              if (why) open.push(`${where}: ${why}`);
            } else if (!(FILE_TYPES.includes(type) && schema?.type === 'string')) {
              open.push(`${where}: ${type} (only ${FILE_TYPES.join(', ')} answers are files, as strings)`);
            }
          }
        }
      }
    }
    expect(open).toEqual([]);
  });

  it('describes a stored area\'s records field by field', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, Operation>> };
    for (const r of resources.filter((x) => x.storage === 'table')) {
      const one = doc.paths[`/api/v1/${r.name}/{id}`].get.responses!['200'].content!['application/json'].schema as { properties: Record<string, unknown> };
      const readable = r.fields.filter((f) => !f.writeOnly).map((f) => f.key);
      expect(Object.keys(one.properties), r.name).toEqual(expect.arrayContaining(['id', ...readable, 'created_at', 'updated_at']));
      const list = doc.paths[`/api/v1/${r.name}`].get.responses!['200'].content!['application/json'].schema as { type: string };
      expect(list.type).toBe('array');
    }
  });
});
