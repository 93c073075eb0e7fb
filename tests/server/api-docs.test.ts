import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../resources/index.js';
import { buildTestApp, type TestApp } from './helpers.js';

// /api/docs describes every answer: each operation declares its success response, and a stored
// area's record schema names every field its declaration returns.

let t: TestApp;
beforeAll(async () => { t = await buildTestApp(); });
afterAll(() => t.close());

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
