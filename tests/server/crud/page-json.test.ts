import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getTableColumns, sql } from 'drizzle-orm';
import { Column, is } from 'drizzle-orm';
import { ulid } from 'ulid';
import { resourceByName } from '../../../resources/index.js';
import { inScope, type Database } from '../../../src/server/db/client.js';
import { resourceTables } from '../../../src/server/db/resource-tables.js';
import { renderedShapes } from '../../../src/server/db/statements.js';
import { pageWriter } from '../../../src/server/crud/page-json.js';
import { listRecords } from '../../../src/server/crud/repository.js';
import { parseListQuery } from '../../../src/server/crud/query-parser.js';
import { serializeRecord } from '../../../src/shared/resource-validate.js';
import { createAreaTables } from '../area-tables.js';
import { buildTestApp, onPostgres, ownDatabase, registeredBrowser, type TestApp } from '../helpers.js';

// A list's page on PostgreSQL is answered as JSON written straight from the rows as read
// (crud/page-json.ts), not through serializeRecord. Whatever the kind of field and whatever its
// value, the answer must be the same bytes serializeRecord's JSON would be: an area with a field of
// every kind (tests/fixtures/every-kind.ts), awkward values in each, listed both ways.
vi.mock('../../../resources/index.js', async (importOriginal) => {
  const [{ withAreas }, { everyKind }] = await Promise.all([import('../../fixtures/with-areas.js'), import('../../fixtures/every-kind.js')]);
  return withAreas(await importOriginal<typeof import('../../../resources/index.js')>(), everyKind);
});

const resource = resourceByName('every-kinds')!;
const table = resourceTables['every-kinds'];
let database: Database;
let t: TestApp;
let owner: Awaited<ReturnType<typeof registeredBrowser>>;
let other: Awaited<ReturnType<typeof registeredBrowser>>;

const AWKWARD = 'Row "quoted" \\ back\tslash\nnew line \u0001\u001f 🏠 \u2028\u2029 ünïcödé </script>';

const rows = (org: string) => [
  {
    organization_id: org, id: ulid(), label: `Row 1 ${AWKWARD}`, notes: 'x'.repeat(3000), email: 'wanjiru@example.co.ke', phone: '+254712345678', kind: 'covered',
    amount: '-1234.50', rate: '12.50', count: -5, volume: '1.500', day: '2026-02-28', at: new Date('2026-11-29T12:32:37.285Z'), active: true,
    tags: ['a', 'c "quoted"'], house_ids: [], extra: { nested: { k: [1, 'two', null, 2.5] }, 'é': '\u2028', big: 12345678901234 }, secret: 'never served',
  },
  {
    organization_id: org, id: ulid(), label: 'Row 2', notes: null, email: null, phone: null, kind: 'open',
    amount: '0.00', rate: '0.00', count: 0, volume: '0.000', day: '1900-01-01', at: new Date('1999-12-31T23:59:59.999Z'), active: false,
    tags: [], house_ids: ['01ARZ3NDEKTSV4RRFFQ69G5FAV'], extra: [], secret: null,
  },
  {
    organization_id: org, id: ulid(), label: 'Row 3', notes: '', email: null, phone: null, kind: null,
    amount: '99999999999.99', rate: '100.00', count: 2147483647, volume: '-0.250', day: '2199-12-31', at: null, active: null,
    tags: null, house_ids: null, extra: null, secret: 'also never served',
  },
  ...['2026-11-29 12:32:37.285887+00', '2026-11-29 12:32:37+00', '2026-11-29 12:32:37.5+00', '2026-01-01 00:00:00.000001+03'].map((at, i) => ({
    organization_id: org, id: ulid(), label: `Row ${4 + i}`, amount: '1.05', day: '2026-06-15', at: sql`${at}::timestamptz`, active: true,
  })),
];

beforeAll(async () => {
  database = await ownDatabase('kinds');
  await createAreaTables(database, { everyKinds: table });
  t = await buildTestApp({}, database);
  owner = await registeredBrowser(t.app, { org: 'Every Kind Ltd' });
  other = await registeredBrowser(t.app, { org: 'Somebody Else Ltd' });
  for (const org of [owner.organization!.id, other.organization!.id]) {
    await inScope(database.db, { tenant: org }, (tx) => tx.insert(table).values(rows(org)));
  }
}, 120_000);

afterAll(async () => {
  await t?.close();
  await database?.close();
});

const QUERIES: Array<Record<string, string>> = [
  { filter: '{"q":"Row"}' },
  { filter: '{"q":"Row"}', sort: '["amount","DESC"]' },
  { filter: '{"q":"Row"}', sort: '["at","ASC"]', range: '[1,4]' },
  { filter: '{"active":true}', sort: '["day","DESC"]' },
  { filter: '{"amount_gte":"0"}' },
  {},
];

describe('a list page written as JSON from its rows', () => {
  it('is, byte for byte, serializeRecord\'s JSON for a field of every kind and awkward values, in its own organisation only', async () => {
    for (const q of QUERIES) {
      const res = await owner.browser.get(`/api/v1/every-kinds?${new URLSearchParams(q)}`);
      expect(res.statusCode, JSON.stringify(q)).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      const org = owner.organization!.id;
      const want = await inScope(database.db, { tenant: org }, (tx) => listRecords(tx, resource, org, parseListQuery(resource, q)));
      expect(want.rows.length, JSON.stringify(q)).toBeGreaterThan(0);
      expect(res.body, JSON.stringify(q)).toBe(JSON.stringify(want.rows));
      expect(res.body).not.toContain('never served');
      expect(res.json().every((r: { id: string }) => want.rows.some((w) => w.id === r.id))).toBe(true);
    }
    // the other organisation's same rows are its own, never these
    const mine = new Set((await owner.browser.get('/api/v1/every-kinds?range=[0,99]')).json().map((r: { id: string }) => r.id));
    const theirs = (await other.browser.get('/api/v1/every-kinds?range=[0,99]')).json() as Array<{ id: string }>;
    expect(theirs.length).toBe(7);
    expect(theirs.some((r) => mine.has(r.id))).toBe(false);
    // on PostgreSQL the searches went the one-round-trip way, answered by the page writer
    if (onPostgres()) expect(renderedShapes()).toEqual(expect.arrayContaining(['every-kinds|s|label ASC|top', 'every-kinds|s|amount DESC|top']));
  });

  it('writes a row as read in any session time zone, with any fraction of a second, what the record would serve', () => {
    const columns = [...Object.keys(getTableColumns(table)), '__total'];
    const at = columns.indexOf('at');
    const created = columns.indexOf('created_at');
    const raw = (v: string | null) => columns.map((key, i) => (key === 'id' ? 'ID1' : i === at || i === created || key === 'updated_at' ? v : key === 'label' ? AWKWARD : null));
    const times = [
      '2026-11-29 12:32:37.285887+00', '2026-11-29 12:32:37.2859+00', '2026-11-29 12:32:37.99+00', '2026-11-29 12:32:37+00',
      '2026-11-29 15:32:37.285887+03', '2026-11-29 18:02:37.1+05:30', '2026-11-29 02:32:37-10', '0999-01-01 00:00:00+00', null,
    ];
    const page = times.map(raw);
    // as the page was read before: each column's driver value mapped as drizzle maps it, then serializeRecord
    const read = page.map((row) => Object.fromEntries(columns.map((key, i) => {
      const column = getTableColumns(table)[key];
      return [key, row[i] === null || !is(column, Column) ? row[i] : column.mapFromDriverValue(row[i])];
    })));
    expect(pageWriter(resource, table, columns)(page)).toBe(JSON.stringify(read.map((r) => serializeRecord(resource, r))));
    expect(pageWriter(resource, table, columns)([])).toBe('[]');
  });
});
