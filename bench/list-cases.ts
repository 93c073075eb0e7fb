// The invoice list's benchmark cases, read from its declaration (resources/invoices.ts) so a
// filter or sortable column added there is measured without touching the bench: the first page,
// the deep page, one case per filter, the `q` search, and the first page sorted by each sortable
// column. Filter values come from the data (the organisation's middle row by id, or a middle
// band of a money column), so each filter matches a realistic number of rows, not none or all.
import type pg from 'pg';
import { resourceByName } from '../resources/index.js';
import { RANGE_KINDS, type Field } from '../src/shared/resource.js';

export interface Case {
  name: string;
  what: string;
  query: { filter?: Record<string, unknown>; range: [number, number]; sort?: [string, 'ASC' | 'DESC'] };
}

/**
 * The row whose values stand for "a typical record": the middle one by id. Not a fixed offset: rows
 * added later (a billing run's ulids sort before the seed's ids) would shift it onto the first
 * tenant, whose inflated place in the planner's statistics makes it anything but typical.
 */
/** The deep page's offset (the issue's figure), or half-way on a smaller (short-mode) organisation. */
const DEEP_OFFSET = 10_000;
const FIRST_PAGE: [number, number] = [0, 24];

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
const n = (x: number | string) => Number(x).toLocaleString('en');

/** Every case; BENCH_CASES (comma-separated names) keeps a subset. */
export async function listCases(pool: pg.Pool, orgId: string): Promise<Case[]> {
  const resource = resourceByName('invoices')!;
  const table = ident(resource.table);
  const sort: [string, 'ASC' | 'DESC'] = [resource.defaultSort?.field ?? 'id', resource.defaultSort?.order ?? 'DESC'];
  const { rows: [{ rows }] } = await pool.query(`select count(*)::int as rows from ${table} where organization_id = $1`, [orgId]);
  const at = Math.floor(rows / 2);
  const deep = Math.min(DEEP_OFFSET, Math.floor(rows / 50) * 25);
  const sample = async (col: string) => (await pool.query(
    `select ${ident(col)}::text as v from ${table} where organization_id = $1 and ${ident(col)} is not null order by id limit 1 offset ${at}`, [orgId])).rows[0]?.v as string | undefined;
  const count = async (where: string, params: unknown[]) => (await pool.query(
    `select count(*)::int as n from ${table} where organization_id = $1 and ${where}`, [orgId, ...params])).rows[0].n as number;

  const all: Case[] = [
    { name: 'first', what: `first page, default sort (${sort.join(' ')})`, query: { range: FIRST_PAGE, sort } },
    { name: 'deep', what: `deep page (offset ${n(deep)})`, query: { range: [deep, deep + 24], sort } },
  ];
  for (const field of resource.fields.filter((f) => f.filter)) {
    const c = await filterCase(field, { sample, count, pool, orgId, table });
    if (c) all.push({ ...c, query: { ...c.query, range: FIRST_PAGE, sort } });
  }
  if (resource.searchFields.length) {
    // a number prefix: the sample's number less its last two digits matches about a hundred
    const number = await sample(resource.searchFields[0]);
    if (number) {
      const q = number.slice(0, -2);
      all.push({ name: 'search', what: `q search "${q}"`, query: { filter: { q }, range: FIRST_PAGE, sort } });
    }
  }
  // one direction per column (DESC); the default sort is the first page already
  for (const key of resource.sortFields.filter((k) => k !== sort[0])) {
    all.push({ name: `sort-${key}`, what: `first page sorted by ${key} DESC`, query: { range: FIRST_PAGE, sort: [key, 'DESC'] } });
  }
  const only = process.env.BENCH_CASES?.split(',').map((s) => s.trim()).filter(Boolean);
  return only?.length ? all.filter((c) => only.includes(c.name)) : all;
}

interface Probe {
  sample: (col: string) => Promise<string | undefined>;
  count: (where: string, params: unknown[]) => Promise<number>;
  pool: pg.Pool;
  orgId: string;
  table: string;
}

/** One filter's case: a reference's sampled value, a month of a date, a middle band of money, a choice's value. */
async function filterCase(field: Field, p: Probe): Promise<Omit<Case, 'query'> & { query: { filter: Record<string, unknown> } } | null> {
  const col = ident(field.key);
  if (field.kind === 'reference') {
    const v = await p.sample(field.key);
    if (!v) return null;
    const name = field.key.replace(/_id$/, '');
    return { name, what: `filter one ${field.key} (${n(await p.count(`${col} = $2`, [v]))} match)`, query: { filter: { [field.key]: v } } };
  }
  if (field.kind === 'date') {
    const v = await p.sample(field.key);
    if (!v) return null;
    const { rows: [r] } = await p.pool.query(`select date_trunc('month', $1::date)::date::text as lo, (date_trunc('month', $1::date) + interval '1 month' - interval '1 day')::date::text as hi`, [v]);
    const matches = await p.count(`${col} between $2 and $3`, [r.lo, r.hi]);
    return { name: field.key, what: `filter ${field.key} one month ${r.lo}..${r.hi} (${n(matches)} match)`, query: { filter: { [`${field.key}_gte`]: r.lo, [`${field.key}_lte`]: r.hi } } };
  }
  if (RANGE_KINDS.includes(field.kind)) {
    // the 40th to 60th percentile of the non-zero values: a band in the middle of the money
    const { rows: [r] } = await p.pool.query(
      `select (percentile_disc(0.4) within group (order by ${col}))::text as lo, (percentile_disc(0.6) within group (order by ${col}))::text as hi
       from ${p.table} where organization_id = $1 and ${col} > 0`, [p.orgId]);
    if (r.lo === null) return null;
    const matches = await p.count(`${col} between $2 and $3`, [r.lo, r.hi]);
    return { name: field.key, what: `filter ${field.key} ${r.lo}..${r.hi} (${n(matches)} match)`, query: { filter: { [`${field.key}_gte`]: r.lo, [`${field.key}_lte`]: r.hi } } };
  }
  if (field.kind === 'choice') {
    // the commonest value short of the majority (status: issued, not paid): many matches, not most rows
    const { rows } = await p.pool.query(`select ${col}::text as v, count(*)::int as n from ${p.table} where organization_id = $1 group by 1 order by 2 desc`, [p.orgId]);
    const total = rows.reduce((s: number, r: { n: number }) => s + r.n, 0);
    const pick = rows.find((r: { n: number }) => r.n * 2 < total) ?? rows[0];
    if (!pick) return null;
    return { name: field.key, what: `filter ${field.key}=${pick.v} (${n(pick.n)} match)`, query: { filter: { [field.key]: pick.v } } };
  }
  return null;
}
