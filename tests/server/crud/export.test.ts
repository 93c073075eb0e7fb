// GET /api/v1/<area>/export.csv: every matching row however many (no 1,000-row cap), in the
// list's order, with the list's filters; words rather than codes; the organisation's rows only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { resourceByName } from '../../../resources/index.js';
import { inScope } from '../../../src/server/db/client.js';
import { memberships } from '../../../src/server/db/schema.js';
import { EXPORT_PAGE } from '../../../src/server/crud/export.js';
import { buildTestApp, registeredBrowser, type Browser, type TestApp } from '../helpers.js';
import { createSample } from './samples.js';

let t: TestApp;
let owner: Awaited<ReturnType<typeof registeredBrowser>>;
let stranger: Awaited<ReturnType<typeof registeredBrowser>>;
let orgId: string;
const cache = new Map<string, string>();
const HOUSES = 2_500;

const q = (o: Record<string, unknown>) => Object.entries(o).map(([k, v]) => `${k}=${encodeURIComponent(typeof v === 'string' ? v : JSON.stringify(v))}`).join('&');

/** The CSV as a spreadsheet reads it: the header row and one object per line. */
function table(body: string) {
  expect(body.startsWith('\uFEFF')).toBe(true);
  const rows = parse(body.slice(1)) as string[][];
  const [header, ...lines] = rows;
  return { header, records: lines.map((l) => Object.fromEntries(header.map((h, i) => [h, l[i]]))) };
}

beforeAll(async () => {
  t = await buildTestApp();
  owner = await registeredBrowser(t.app, { org: 'Export Estates' });
  stranger = await registeredBrowser(t.app, { org: 'Stranger Lettings' });
  orgId = owner.organization!.id;
  const property = await createSample(owner.browser, resourceByName('properties')!, owner.user.id, cache, { name: 'Jirani Heights' });
  cache.set('properties', String(property.id));
  cache.set('property-owners', String(property.owner_id));
  const type = await createSample(owner.browser, resourceByName('house-types')!, owner.user.id, cache, { name: '2 Bedroom' });
  // 2,500 houses in one statement (the API would take minutes): numbers H0001…H2500, every
  // third one occupied, rents 1,000.00 + n, alternate ones without a floor
  await inScope(t.database.db, { tenant: orgId }, (tx) => tx.execute(sql`
    insert into houses (organization_id, id, property_id, owner_id, house_type_id, number, account_code, rent, status, floor)
    select ${orgId}, 'H' || lpad(n::text, 6, '0'), ${property.id}, ${property.owner_id}, ${type.id},
           'H' || lpad(n::text, 4, '0'), 'EXP' || n, 1000 + n, case when n % 3 = 0 then 'occupied' else 'vacant' end,
           case when n % 2 = 0 then 'Floor ' || (n % 7) end
    from generate_series(1, ${HOUSES}) n`));
  // the stranger's one house, which must never show up
  await createSample(stranger.browser, resourceByName('houses')!, stranger.user.id, new Map(), { number: 'STRANGER-1' });
}, 120_000);
afterAll(() => t.close());

describe('a list export', () => {
  it('holds every row (2,500, past the list’s 1,000 cap) once, in the list’s order', async () => {
    expect(HOUSES).toBeGreaterThan(2 * EXPORT_PAGE);
    const res = await owner.browser.get(`/api/v1/houses/export.csv?${q({ sort: ['number', 'ASC'] })}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="houses-\d{4}-\d{2}-\d{2}\.csv"$/);
    const { header, records } = table(res.body);
    expect(header.slice(0, 5)).toEqual(['ID', 'Property', 'Owner', 'House type', 'Number']);
    expect(records).toHaveLength(HOUSES);
    expect(new Set(records.map((r) => r.ID)).size).toBe(HOUSES);
    expect(records.map((r) => r.Number)).toEqual(Array.from({ length: HOUSES }, (_, i) => `H${String(i + 1).padStart(4, '0')}`));
    expect(records.some((r) => r.Number === 'STRANGER-1')).toBe(false);
  });

  it('writes references as titles, choices and booleans as words, money as decimals', async () => {
    const res = await owner.browser.get(`/api/v1/houses/export.csv?${q({ filter: { q: 'H0003' } })}`);
    const { records } = table(res.body);
    expect(records).toEqual([expect.objectContaining({
      Property: 'Jirani Heights', 'House type': '2 Bedroom', Number: 'H0003', 'Account code': 'EXP3', Rent: '1003.00', Status: 'Occupied', Floor: '',
    })]);
    const tenants = await owner.browser.get('/api/v1/tenants/export.csv');
    expect(tenants.statusCode).toBe(200);
    expect(table(tenants.body).header).toContain('SMS opt in');
  });

  it('applies the list’s filters and a descending sort across pages', async () => {
    const res = await owner.browser.get(`/api/v1/houses/export.csv?${q({ filter: { status: 'occupied', rent_gte: '1100' }, sort: ['rent', 'DESC'] })}`);
    const { records } = table(res.body);
    const expected = Array.from({ length: HOUSES }, (_, i) => i + 1).filter((n) => n % 3 === 0 && n >= 100).reverse();
    expect(records.map((r) => r.Rent)).toEqual(expected.map((n) => `${1000 + n}.00`));
  });

  it('keeps rows whose sort value is empty, in PostgreSQL’s order, across page boundaries', async () => {
    // leases end_date: sortable and often empty (periodic tenancies); 2,200 drafts on one house
    const lease = await createSample(owner.browser, resourceByName('leases')!, owner.user.id, cache, { house_id: 'H000001', status: 'draft' });
    await inScope(t.database.db, { tenant: orgId }, (tx) => tx.execute(sql`
      insert into leases (organization_id, id, tenant_id, house_id, start_date, end_date, rent, billing_frequency, status)
      select ${orgId}, 'L' || lpad(n::text, 6, '0'), ${lease.tenant_id}, 'H000001', date '2024-01-01',
             case when n % 4 = 0 then null else date '2025-01-01' + (n % 50) end, 5000, 'monthly', 'draft'
      from generate_series(1, 2200) n`));
    const list = await owner.browser.get('/api/v1/leases?range=[0,0]');
    const total = Number(list.headers['content-range']!.split('/')[1]);
    for (const order of ['ASC', 'DESC'] as const) {
      const res = await owner.browser.get(`/api/v1/leases/export.csv?${q({ sort: ['end_date', order] })}`);
      const { records } = table(res.body);
      expect(records).toHaveLength(total);
      expect(new Set(records.map((r) => r.ID)).size).toBe(total);
      const ends = records.map((r) => r['End date']);
      const blanks = ends.filter((e) => e === '').length;
      expect(blanks).toBeGreaterThan(EXPORT_PAGE / 2);
      // nulls last ascending, first descending; dates in order otherwise
      const dated = order === 'ASC' ? ends.slice(0, total - blanks) : ends.slice(blanks);
      expect(order === 'ASC' ? ends.slice(total - blanks) : ends.slice(0, blanks)).toEqual(Array(blanks).fill(''));
      expect(dated).toEqual([...dated].sort((a, b) => (order === 'ASC' ? a.localeCompare(b) : b.localeCompare(a))));
    }
  });

  it('pages through date-times (payments by paid at, the default) with ties, in both directions', async () => {
    const channel = await createSample(owner.browser, resourceByName('payment-channels')!, owner.user.id, cache);
    await inScope(t.database.db, { tenant: orgId }, (tx) => tx.execute(sql`
      insert into payments (organization_id, id, channel_id, method, amount, paid_at, status, unallocated)
      select ${orgId}, 'P' || lpad(n::text, 6, '0'), ${channel.id}, 'cash', 100 + n,
             timestamptz '2026-01-01 06:00:00+03' + (n % 300) * interval '1 hour', 'unmatched', 100 + n
      from generate_series(1, 2100) n`));
    const expected = Array.from({ length: 2100 }, (_, i) => i + 1)
      .map((n) => ({ id: `P${String(n).padStart(6, '0')}`, at: Date.parse('2026-01-01T03:00:00Z') + (n % 300) * 3_600_000 }));
    for (const order of ['ASC', 'DESC'] as const) {
      const { records } = table((await owner.browser.get(`/api/v1/payments/export.csv?${q({ sort: ['paid_at', order] })}`)).body);
      const want = [...expected].sort((a, b) => (a.at - b.at || a.id.localeCompare(b.id)) * (order === 'ASC' ? 1 : -1));
      expect(records.map((r) => r.ID)).toEqual(want.map((w) => w.id));
    }
    // Nairobi wall-clock time, as a spreadsheet reads it
    const { records } = table((await owner.browser.get(`/api/v1/payments/export.csv?${q({ filter: { id: ['P000001'] } })}`)).body);
    expect(records[0]['Paid at']).toBe('2026-01-01 07:00');
  });

  it('writes the headers and words the browser sends in the user’s language', async () => {
    const labels = { fields: { number: 'Nambari ya nyumba', status: 'Hali' }, choices: { status: { occupied: 'Imepangishwa' } }, yes: 'Ndiyo', no: 'Hapana' };
    const res = await owner.browser.get(`/api/v1/houses/export.csv?${q({ filter: { q: 'H0003' }, labels })}`);
    const { records } = table(res.body);
    expect(records[0]).toMatchObject({ 'Nambari ya nyumba': 'H0003', Hali: 'Imepangishwa' });
  });

  it('writes text a spreadsheet would run as a formula as plain text', async () => {
    await createSample(owner.browser, resourceByName('tenants')!, owner.user.id, cache, { name: '=HYPERLINK("http://x.test","click")' });
    const res = await owner.browser.get(`/api/v1/tenants/export.csv?${q({ filter: { q: 'HYPERLINK' } })}`);
    const { records } = table(res.body);
    expect(records[0].Name).toBe('\'=HYPERLINK("http://x.test","click")');
    expect(records[0].Phone).toBe('+254712345678');
  });

  it('exports the members (custom storage) with their roles by name, this organisation’s only', async () => {
    const res = await owner.browser.get(`/api/v1/users/export.csv?${q({ sort: ['email', 'DESC'] })}`);
    expect(res.statusCode, res.body).toBe(200);
    const { header, records } = table(res.body);
    expect(header).toEqual(['ID', 'Name', 'Email', 'Phone', 'Status', 'Roles']);
    expect(records).toEqual([expect.objectContaining({ ID: owner.user.id, Email: owner.email, Status: 'Active', Roles: 'Administrator' })]);
    // past one page: 1,200 more members (the same names in pairs, so the id breaks the ties)
    await inScope(t.database.db, {}, (tx) => tx.execute(sql`insert into users (id, name, email) select 'U' || lpad(n::text, 6, '0'), 'Member ' || lpad((n / 2)::text, 4, '0'), 'm' || n || '@export.test' from generate_series(1, 1200) n`));
    await inScope(t.database.db, { tenant: orgId }, async (tx) => {
      await tx.execute(sql`insert into memberships (organization_id, user_id) select ${orgId}, 'U' || lpad(n::text, 6, '0') from generate_series(1, 1200) n`);
    });
    const many = table((await owner.browser.get(`/api/v1/users/export.csv?${q({ sort: ['name', 'DESC'] })}`)).body).records;
    expect(many).toHaveLength(1201);
    const members = many.filter((r) => r.Name.startsWith('Member '));
    const expected = Array.from({ length: 1200 }, (_, i) => ({ name: `Member ${String(Math.floor((i + 1) / 2)).padStart(4, '0')}`, id: `U${String(i + 1).padStart(6, '0')}` }))
      .sort((a, b) => b.name.localeCompare(a.name) || b.id.localeCompare(a.id));
    expect(members.map((r) => r.ID)).toEqual(expected.map((e) => e.id));
  });

  it('refuses a bad filter or sort with the contract’s 400, before any file', async () => {
    const bad = await owner.browser.get(`/api/v1/houses/export.csv?${q({ filter: { nope: 1 } })}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Unknown filter: nope/);
    expect((await owner.browser.get(`/api/v1/houses/export.csv?${q({ sort: ['floor', 'ASC'] })}`)).statusCode).toBe(400);
    expect((await owner.browser.get('/api/v1/houses/export.csv?labels=%7Bnope')).statusCode).toBe(400);
  });
});

describe('who may export', () => {
  async function memberWithout(): Promise<Browser> {
    const m = await registeredBrowser(t.app);
    await inScope(t.database.db, { tenant: orgId }, (tx) => tx.insert(memberships).values({ organization_id: orgId, user_id: m.user.id }));
    await m.browser.post(`/api/v1/organisations/${orgId}/switch`);
    return m.browser;
  }

  it('needs list permission on the area (403)', async () => {
    const b = await memberWithout();
    const res = await b.get('/api/v1/houses/export.csv');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: expect.any(String) });
  });

  it('another organisation sees only its own rows, and cannot name this one (404)', async () => {
    const own = table((await stranger.browser.get('/api/v1/houses/export.csv')).body);
    expect(own.records.map((r) => r.Number)).toEqual(['STRANGER-1']);
    const forged = await stranger.browser.get('/api/v1/houses/export.csv', { 'x-tenant-id': orgId });
    expect(forged.statusCode).toBe(404);
    expect(forged.body).not.toContain('H0001');
  });

  it('needs a session (401)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/houses/export.csv' });
    expect(res.statusCode).toBe(401);
  });
});
