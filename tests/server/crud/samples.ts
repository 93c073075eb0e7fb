import { validateRecord } from '../../../src/shared/resource-validate.js';
import { resourceByName } from '../../../resources/index.js';
import type { Field, RecordValues, Resource } from '../../../src/shared/resource.js';
import type { Browser } from '../helpers.js';

let counter = 0;

/** A valid value of a field (references are filled in by the caller). */
export function sampleValue(resource: Resource, f: Field): unknown {
  counter++;
  const n = counter;
  switch (f.kind) {
    case 'text': {
      if (f.key.includes('kra_pin')) return `P05${String(1000000 + n).slice(-7)}X`;
      // a message's recipient: its channel (SMS by default) needs a phone number
      if (resource.name === 'messages' && f.key === 'to') return '+254712345678';
      if (f.normalize === 'code') return `C${n}`;
      if (f.pattern) return undefined;
      const v = `${f.key.replace(/_/g, ' ')} ${n}`;
      return v.slice(0, f.maxLength ?? 255);
    }
    case 'long_text': return `Notes ${n}`;
    case 'email': return `sample${n}@example.co.ke`;
    case 'phone': return '+254712345678';
    case 'number': return Math.max(f.min ?? 1, Math.min(f.max ?? 5, 5));
    case 'money': return f.min && f.min > 1500 ? String(f.min) : '1500.00';
    case 'percent': return '10';
    case 'date': return f.notBefore ? '2026-12-31' : '2026-01-01';
    // a sample message waits for its time (still editable), whatever SMS driver would send it
    case 'datetime': return resource.name === 'messages' && f.key === 'scheduled_at' ? '2099-01-01T06:00:00.000Z' : '2026-01-01T08:00:00.000Z';
    case 'boolean': return true;
    case 'choice': return f.default ?? f.choices![0];
    case 'multi_choice': return [f.choices![0]];
    case 'json': return {};
    default: return undefined;
  }
}

/**
 * Creates a valid record of a resource through the API, creating what it references first.
 * `only required` keeps chains short; optional references are left out.
 */
export async function createSample(browser: Browser, resource: Resource, userId: string, cache = new Map<string, string>(), overrides: RecordValues = {}): Promise<RecordValues> {
  const body = await sampleBody(browser, resource, userId, cache);
  const merged: RecordValues = { ...body, ...overrides };
  // an override can make a filled optional field wrong for the declared check (a minimum charge on
  // a charge the test makes unmetered): such a sample value is left out, never the caller's
  for (const key of Object.keys(validateRecord(resource, merged, 'create').errors)) {
    const f = resource.fields.find((x) => x.key === key);
    if (f && !f.required && !(key in overrides)) delete merged[key];
  }
  const res = await browser.post(`/api/v1/${resource.name}`, merged);
  if (res.statusCode !== 201) throw new Error(`create ${resource.name}: ${res.statusCode} ${res.body}\nbody: ${JSON.stringify(body)}`);
  return res.json();
}

async function refId(browser: Browser, target: string, userId: string, cache: Map<string, string>): Promise<string> {
  if (target === 'users') return userId;
  const cached = cache.get(target);
  if (cached) return cached;
  const r = resourceByName(target)!;
  const created = await createSample(browser, r, userId, cache);
  cache.set(target, String(created.id));
  return String(created.id);
}

export async function sampleBody(browser: Browser, resource: Resource, userId: string, cache: Map<string, string>): Promise<RecordValues> {
  const body: RecordValues = {};
  for (const f of resource.fields) {
    if (f.readOnly) continue;
    if (f.kind === 'reference' || f.kind === 'multi_reference') {
      if (!f.required) continue;
      const id = await refId(browser, f.reference!, userId, cache);
      body[f.key] = f.kind === 'multi_reference' ? [id] : id;
      continue;
    }
    const v = sampleValue(resource, f);
    if (v !== undefined) body[f.key] = v;
  }
  for (const child of resource.children) {
    if (child.readOnly) continue;
    const row: RecordValues = {};
    for (const f of child.fields) {
      if (f.readOnly) continue;
      if (f.kind === 'reference') {
        if (f.required) row[f.key] = await refId(browser, f.reference!, userId, cache);
        continue;
      }
      const v = sampleValue(resource, f);
      if (v !== undefined) row[f.key] = v;
    }
    body[child.key] = [row];
  }
  return body;
}
