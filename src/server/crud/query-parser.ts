import { fieldOf, RANGE_KINDS, searchable, type Field, type Resource } from '../../shared/resource.js';
import { parseFieldValue } from '../../shared/resource-validate.js';
import { BAD_TEXT_MESSAGE, findBadText } from '../../shared/text-guard.js';
import { badRequest } from '../errors.js';

// The ra-data-simple-rest dialect (docs/api.md "Resources"): filter={json}, range=[start,end],
// sort=["field","ASC"|"DESC"]. Anything not declared is a 400 naming the bad key.

export const MAX_RANGE = 1000;
export const DEFAULT_RANGE: [number, number] = [0, 24];

export type Condition =
  | { kind: 'eq'; field: string; values: unknown[] }
  | { kind: 'gte' | 'lte'; field: string; value: unknown }
  /** `through`: ids of referenced records that match (repository.resolveSearch), by field. */
  | { kind: 'search'; text: string; through?: Record<string, string[] | null> };

export interface ListQuery {
  conditions: Condition[];
  range: [number, number];
  sort: { field: string; order: 'ASC' | 'DESC' };
  /** Only the `id` filter (react-admin's getMany). */
  many: boolean;
}

function parseJson(name: string, raw: string | undefined): unknown {
  if (raw === undefined || raw === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw badRequest(`The ${name} parameter is not valid JSON.`);
  }
  // the input hook sees only the query string's text; a \u0000 escape appears once it is parsed
  const bad = findBadText(value);
  if (bad !== null) throw badRequest(`The ${name} parameter${bad ? ` (${bad})` : ''}: ${BAD_TEXT_MESSAGE}`);
  return value;
}

const ID_FIELD: Field = { key: 'id', kind: 'reference', reference: 'self' };

/** A filter value, parsed as its field's kind so the SQL gets a clean value. */
function filterValue(resource: Resource, field: Field, raw: unknown, key: string): unknown {
  if (raw === null) return null;
  if (field.kind === 'multi_choice' || field.kind === 'multi_reference') {
    if (typeof raw !== 'string') throw badRequest(`The filter ${key} has an invalid value.`);
    return raw;
  }
  const parsed = parseFieldValue(field, raw);
  if ('error' in parsed) throw badRequest(`The filter ${key} has an invalid value: ${parsed.error}`);
  return parsed.value;
}

export function parseListQuery(resource: Resource, query: Record<string, unknown>): ListQuery {
  for (const key of Object.keys(query)) {
    if (!['filter', 'range', 'sort', 'embed'].includes(key)) throw badRequest(`Unknown query parameter: ${key}.`);
  }
  const str = (k: string) => (typeof query[k] === 'string' ? (query[k] as string) : query[k] === undefined ? undefined : String(query[k]));

  const conditions: Condition[] = [];
  const filter = parseJson('filter', str('filter')) ?? {};
  if (typeof filter !== 'object' || filter === null || Array.isArray(filter)) throw badRequest('The filter parameter must be a JSON object.');
  let many = false;
  for (const [key, raw] of Object.entries(filter as Record<string, unknown>)) {
    if (raw === undefined || raw === '') continue;
    if (key === 'q') {
      if (typeof raw !== 'string') throw badRequest('The filter q must be text.');
      if (!searchable(resource)) throw badRequest(`The filter q is not supported on ${resource.name}.`);
      const text = raw.trim().slice(0, 200);
      if (text) conditions.push({ kind: 'search', text });
      continue;
    }
    const range = /^(.+)_(gte|lte)$/.exec(key);
    if (range && !fieldOf(resource, key)) {
      const field = fieldOf(resource, range[1]);
      if (!field || !RANGE_KINDS.includes(field.kind) || !(field.filter || field.sort)) throw badRequest(`Unknown filter: ${key}.`);
      conditions.push({ kind: range[2] as 'gte' | 'lte', field: field.key, value: filterValue(resource, field, raw, key) });
      continue;
    }
    const field = key === 'id' ? ID_FIELD : fieldOf(resource, key);
    if (!field || (key !== 'id' && !field.filter)) throw badRequest(`Unknown filter: ${key}.`);
    const list = Array.isArray(raw) ? raw : [raw];
    if (list.length > MAX_RANGE) throw badRequest(`The filter ${key} has too many values (at most ${MAX_RANGE}).`);
    if (key === 'id') {
      many = Array.isArray(raw);
      if (list.some((v) => typeof v !== 'string' && typeof v !== 'number')) throw badRequest('The filter id has an invalid value.');
      conditions.push({ kind: 'eq', field: 'id', values: list.map(String) });
      continue;
    }
    conditions.push({ kind: 'eq', field: field.key, values: list.map((v) => filterValue(resource, field, v, key)) });
  }

  const rangeRaw = parseJson('range', str('range'));
  let range = DEFAULT_RANGE;
  if (rangeRaw !== undefined) {
    if (!Array.isArray(rangeRaw) || rangeRaw.length !== 2 || !rangeRaw.every((n) => Number.isSafeInteger(n) && n >= 0) || rangeRaw[1] < rangeRaw[0]) {
      throw badRequest('The range parameter must be [start, end] with 0 <= start <= end.');
    }
    if (rangeRaw[1] - rangeRaw[0] + 1 > MAX_RANGE) throw badRequest(`The range parameter asks for more than ${MAX_RANGE} rows.`);
    range = rangeRaw as [number, number];
  }

  const sortRaw = parseJson('sort', str('sort'));
  let sort = resource.defaultSort;
  if (sortRaw !== undefined) {
    if (!Array.isArray(sortRaw) || sortRaw.length !== 2 || typeof sortRaw[0] !== 'string' || !['ASC', 'DESC'].includes(String(sortRaw[1]).toUpperCase())) {
      throw badRequest('The sort parameter must be ["field", "ASC" | "DESC"].');
    }
    const [field, order] = sortRaw as [string, string];
    if (field !== 'id' && !resource.sortFields.includes(field)) throw badRequest(`Unknown sort field: ${field}.`);
    sort = { field, order: order.toUpperCase() as 'ASC' | 'DESC' };
  }
  return { conditions, range, sort, many };
}
