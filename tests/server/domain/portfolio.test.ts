// A property's houses added in bulk from a house type, its rent roll, a tenant's balance: what a
// manager sees through the API, who may see it, and that another organisation sees none of it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { inScope } from '../../../src/server/db/client.js';
import { memberships, roles, userRoles } from '../../../src/server/db/schema.js';
import { MAX_BULK_HOUSES } from '../../../src/server/domain/house-bulk.js';
import { buildTestApp, registeredBrowser, type Browser, type TestApp } from '../helpers.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof registeredBrowser>>;
let stranger: Awaited<ReturnType<typeof registeredBrowser>>;
let orgId: string;
let owner: string;
let property: string;
let twoBedroom: string;
let bare: string;
let water: string;
let depositCharge: string;
let channel: string;

async function created(b: Browser, path: string, body: unknown) {
  const res = await b.post(`/api/v1/${path}`, body);
  if (res.statusCode !== 201) throw new Error(`${path}: ${res.statusCode} ${res.body}`);
  return res.json() as Record<string, string> & { id: string };
}

/** Another member of the organisation with one built-in role. */
async function member(roleName: string): Promise<Browser> {
  const m = await registeredBrowser(t.app);
  await inScope(t.database.db, { tenant: orgId }, async (tx) => {
    await tx.insert(memberships).values({ organization_id: orgId, user_id: m.user.id });
    const [role] = await tx.select({ id: roles.id }).from(roles).where(and(eq(roles.organization_id, orgId), eq(roles.name, roleName)));
    await tx.insert(userRoles).values({ organization_id: orgId, user_id: m.user.id, role_id: role.id });
  });
  await m.browser.post(`/api/v1/organisations/${orgId}/switch`);
  return m.browser;
}

const housesOf = async (b: Browser, propertyId: string) =>
  (await b.get(`/api/v1/houses?filter=${encodeURIComponent(JSON.stringify({ property_id: propertyId }))}&range=[0,999]&sort=["number","ASC"]`)).json() as Array<Record<string, unknown>>;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await registeredBrowser(t.app, { org: 'Jirani Property Managers' });
  stranger = await registeredBrowser(t.app, { org: 'Stranger Lettings' });
  orgId = admin.organization!.id;
  const b = admin.browser;
  owner = (await created(b, 'property-owners', { kind: 'individual', name: 'Baraka Mwangi', phone: '+254712345678' })).id;
  property = (await created(b, 'properties', { name: 'Jirani Heights', code: 'kil', owner_id: owner, kind: 'residential' })).id;
  water = (await created(b, 'charges', { name: 'Water', category: 'utility', amount: '500', billing: 'monthly' })).id;
  depositCharge = (await created(b, 'charges', { name: 'Deposit', category: 'deposit', amount: '0', billing: 'one_off' })).id;
  twoBedroom = (await created(b, 'house-types', { name: '2 Bedroom', default_rent: '32000', default_deposit: '64000', charge_ids: [water] })).id;
  bare = (await created(b, 'house-types', { name: 'Store room' })).id;
  channel = (await created(b, 'payment-channels', { name: 'Cash', kind: 'cash' })).id;
}, 60_000);
afterAll(() => t.close());

describe('adding houses in bulk', () => {
  const run = { house_type_id: '', prefix: 'A', from: 1, to: 12 };

  it('previews the numbers and account codes, with the type’s defaults, and writes nothing', async () => {
    const res = await admin.browser.post(`/api/v1/properties/${property}/houses/bulk/preview`, { ...run, house_type_id: twoBedroom });
    expect(res.statusCode, res.body).toBe(200);
    const plan = res.json();
    expect(plan).toMatchObject({ code_prefix: 'KIL', rent: '32000.00', deposit: '64000.00', charge_ids: [water], errors: {} });
    expect(plan.houses.map((h: { number: string }) => h.number)).toEqual(Array.from({ length: 12 }, (_, i) => `A${i + 1}`));
    expect(plan.houses[3]).toEqual({ number: 'A4', account_code: 'KILA4', number_taken: false, code_taken: false });
    expect(await housesOf(admin.browser, property)).toEqual([]);
  });

  it('creates them in one go as the single-house form would: owner, type, rent, deposit, charges', async () => {
    const res = await admin.browser.post(`/api/v1/properties/${property}/houses/bulk`, { ...run, house_type_id: twoBedroom, block: 'A', floor: 'Ground' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().count).toBe(12);
    const list = await housesOf(admin.browser, property);
    expect(list).toHaveLength(12);
    expect(list.find((h) => h.number === 'A4')).toMatchObject({
      property_id: property, owner_id: owner, house_type_id: twoBedroom, account_code: 'KILA4', block: 'A', floor: 'Ground',
      rent: '32000.00', deposit: '64000.00', charge_ids: [water], status: 'vacant',
    });
  });

  it('takes overrides and zero-padded numbers', async () => {
    const res = await admin.browser.post(`/api/v1/properties/${property}/houses/bulk`, {
      house_type_id: twoBedroom, prefix: 'B', from: 1, to: 3, pad: 2, rent: '35000.50', deposit: 0, code_prefix: 'jh-',
    });
    expect(res.statusCode, res.body).toBe(201);
    const b = res.json().houses as Array<Record<string, unknown>>;
    expect(b.map((h) => [h.number, h.account_code, h.rent, h.deposit])).toEqual([
      ['B01', 'JHB01', '35000.50', '0.00'], ['B02', 'JHB02', '35000.50', '0.00'], ['B03', 'JHB03', '35000.50', '0.00'],
    ]);
  });

  it('refuses numbers the property already has, naming them, and adds none of the run', async () => {
    const before = (await housesOf(admin.browser, property)).length;
    const res = await admin.browser.post(`/api/v1/properties/${property}/houses/bulk`, { house_type_id: twoBedroom, prefix: 'a', from: 10, to: 14 });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.numbers).toEqual(['Jirani Heights already has houses a10, a11, a12.']);
    expect(res.json().errors.code_prefix).toEqual(['Account codes KILA10, KILA11, KILA12 are already in use: choose another code prefix.']);
    expect(await housesOf(admin.browser, property)).toHaveLength(before);
    const preview = (await admin.browser.post(`/api/v1/properties/${property}/houses/bulk/preview`, { house_type_id: twoBedroom, prefix: 'A', from: 12, to: 13 })).json();
    expect(preview.houses).toEqual([
      { number: 'A12', account_code: 'KILA12', number_taken: true, code_taken: true },
      { number: 'A13', account_code: 'KILA13', number_taken: false, code_taken: false },
    ]);
  });

  it('refuses account codes another property already uses', async () => {
    const other = (await created(admin.browser, 'properties', { name: 'Kilimani Lofts', owner_id: owner, kind: 'residential' })).id;
    const clash = await admin.browser.post(`/api/v1/properties/${other}/houses/bulk`, { house_type_id: twoBedroom, prefix: 'A', from: 1, to: 2, code_prefix: 'KIL' });
    expect(clash.statusCode).toBe(422);
    expect(clash.json().errors).toEqual({ code_prefix: ['Account codes KILA1, KILA2 are already in use: choose another code prefix.'] });
    // without a code the property's initials start the codes
    const ok = await admin.browser.post(`/api/v1/properties/${other}/houses/bulk`, { house_type_id: twoBedroom, prefix: 'A', from: 1, to: 2 });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().houses.map((h: { account_code: string }) => h.account_code)).toEqual(['KLA1', 'KLA2']);
  });

  it(`adds at most ${MAX_BULK_HOUSES} at once, and that many in one request`, async () => {
    const big = (await created(admin.browser, 'properties', { name: 'Tatu City Towers', code: 'TCT', owner_id: owner, kind: 'residential' })).id;
    const over = await admin.browser.post(`/api/v1/properties/${big}/houses/bulk`, { house_type_id: twoBedroom, from: 1, to: MAX_BULK_HOUSES + 1 });
    expect(over.statusCode).toBe(422);
    expect(over.json().errors).toEqual({ to: [`At most ${MAX_BULK_HOUSES} houses at once.`] });
    const full = await admin.browser.post(`/api/v1/properties/${big}/houses/bulk`, { house_type_id: twoBedroom, prefix: 'U', from: 1, to: MAX_BULK_HOUSES, pad: 3 });
    expect(full.statusCode, full.body).toBe(201);
    expect((await housesOf(admin.browser, big)).map((h) => h.number)).toEqual(Array.from({ length: MAX_BULK_HOUSES }, (_, i) => `U${String(i + 1).padStart(3, '0')}`));
  }, 120_000);

  it('asks for the rent when the type has none, and checks the body', async () => {
    const res = await admin.browser.post(`/api/v1/properties/${property}/houses/bulk`, { house_type_id: bare, prefix: 'S', from: 1, to: 2 });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.rent).toEqual(['This house type has no default rent: enter the rent.']);
    const backwards = await admin.browser.post(`/api/v1/properties/${property}/houses/bulk`, { house_type_id: twoBedroom, prefix: 'S', from: 5, to: 2 });
    expect(backwards.json().errors).toEqual({ to: ['Must not be less than the first number.'] });
    const missing = await admin.browser.post(`/api/v1/properties/${property}/houses/bulk`, { house_type_id: twoBedroom });
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors)).toEqual(expect.arrayContaining(['from', 'to']));
    const long = await admin.browser.post(`/api/v1/properties/${property}/houses/bulk`, { house_type_id: twoBedroom, prefix: 'X'.repeat(20), suffix: 'Y'.repeat(10), from: 1, to: 1 });
    expect(long.json().errors.prefix).toEqual([expect.stringMatching(/30/)]);
  });

  it('needs create.house (403) and keeps other organisations out (404, 422)', async () => {
    const viewer = await member('Viewer');
    expect((await viewer.post(`/api/v1/properties/${property}/houses/bulk`, { house_type_id: twoBedroom, prefix: 'V', from: 1, to: 1 })).statusCode).toBe(403);
    expect((await viewer.post(`/api/v1/properties/${property}/houses/bulk/preview`, { house_type_id: twoBedroom, prefix: 'V', from: 1, to: 1 })).statusCode).toBe(403);
    // the stranger cannot add to this property, nor read its plan, from their own organisation or by forging it
    const s = stranger.browser;
    expect((await s.post(`/api/v1/properties/${property}/houses/bulk`, { house_type_id: twoBedroom, prefix: 'V', from: 1, to: 1 })).statusCode).toBe(404);
    expect((await s.post(`/api/v1/properties/${property}/houses/bulk/preview`, { house_type_id: twoBedroom, prefix: 'V', from: 1, to: 1 })).statusCode).toBe(404);
    expect((await s.post(`/api/v1/properties/${property}/houses/bulk`, { house_type_id: twoBedroom, prefix: 'V', from: 1, to: 1 }, { 'x-tenant-id': orgId })).statusCode).toBe(404);
    // nor use this organisation's house type for their own property
    const theirOwner = (await created(s, 'property-owners', { kind: 'individual', name: 'Wanjiru', phone: '+254712345679' })).id;
    const theirs = (await created(s, 'properties', { name: 'Their Court', owner_id: theirOwner, kind: 'residential' })).id;
    const borrowed = await s.post(`/api/v1/properties/${theirs}/houses/bulk`, { house_type_id: twoBedroom, prefix: 'V', from: 1, to: 1 });
    expect(borrowed.statusCode).toBe(422);
    expect(borrowed.json().errors).toEqual({ house_type_id: ['The selected value does not exist.'] });
    expect(await housesOf(s, theirs)).toEqual([]);
  });
});

describe('the rent roll and a tenant’s balance', () => {
  let roll: string;
  let amina: string;
  let otieno: string;

  beforeAll(async () => {
    const b = admin.browser;
    roll = (await created(b, 'properties', { name: 'Ruaka Gardens', code: 'RUA', owner_id: owner, kind: 'residential' })).id;
    const res = await b.post(`/api/v1/properties/${roll}/houses/bulk`, { house_type_id: twoBedroom, prefix: 'R', from: 1, to: 10, rent: '20000' });
    const [r1, r2, r3] = res.json().houses as Array<{ id: string }>;
    await b.put(`/api/v1/houses/${r3.id}`, { ...((await b.get(`/api/v1/houses/${r3.id}`)).json() as object), status: 'reserved' });
    amina = (await created(b, 'tenants', { kind: 'individual', name: 'Amina Njeri', phone: '+254722000001' })).id;
    otieno = (await created(b, 'tenants', { kind: 'individual', name: 'Otieno Okoth', phone: '+254722000002' })).id;
    const lease1 = (await created(b, 'leases', { tenant_id: amina, house_id: r1.id, start_date: '2025-01-01', rent: '20000', deposit: '20000', billing_frequency: 'monthly', status: 'active' })).id;
    const lease2 = (await created(b, 'leases', { tenant_id: otieno, house_id: r2.id, start_date: '2025-02-01', end_date: '2026-12-31', rent: '15000', billing_frequency: 'monthly', status: 'notice' })).id;
    // Amina: 40,000 billed (deposit 20,000 + rent 20,000) due long ago, paid 30,000 (the deposit first);
    // 5,000 more not yet due. Otieno: 2,000 paid with nothing billed.
    await created(b, 'invoices', {
      lease_id: lease1, period_start: '2025-01-01', period_end: '2025-01-31', issue_date: '2025-01-01', due_date: '2025-01-05', status: 'issued',
      lines: [
        { kind: 'charge', charge_id: depositCharge, description: 'Deposit', quantity: '1', rate: '20000' },
        { kind: 'rent', description: 'Rent January', quantity: '1', rate: '20000' },
      ],
    });
    await created(b, 'invoices', {
      lease_id: lease1, period_start: '2025-02-01', period_end: '2025-02-28', issue_date: '2025-02-01', due_date: '2099-02-05', status: 'issued',
      lines: [{ kind: 'charge', charge_id: water, description: 'Water', quantity: '1', rate: '5000' }],
    });
    await created(b, 'payments', { tenant_id: amina, lease_id: lease1, channel_id: channel, method: 'cash', amount: '30000', paid_at: '2025-01-03T08:00:00.000Z' });
    await created(b, 'payments', { tenant_id: otieno, lease_id: lease2, channel_id: channel, method: 'cash', amount: '2000', paid_at: '2025-02-03T08:00:00.000Z' });
  }, 60_000);

  it('lists every house with its tenant, lease, rent, deposit held, balance and arrears, and the totals', async () => {
    const res = await admin.browser.get(`/api/v1/properties/${roll}/rent-roll`);
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json();
    expect(r.property).toMatchObject({ id: roll, name: 'Ruaka Gardens', code: 'RUA', owner: 'Baraka Mwangi' });
    expect(r.money).toBe(true);
    expect(r.rows.map((x: { number: string }) => x.number)).toEqual(['R1', 'R2', 'R3', 'R4', 'R5', 'R6', 'R7', 'R8', 'R9', 'R10']);
    expect(r.rows[0]).toMatchObject({
      account_code: 'RUAR1', house_type: '2 Bedroom', status: 'occupied', tenant: 'Amina Njeri', lease_status: 'active',
      start_date: '2025-01-01', end_date: null, rent: '20000.00', let: true, deposit_held: '20000.00', balance: '15000.00', arrears: '10000.00',
    });
    expect(r.rows[1]).toMatchObject({ tenant: 'Otieno Okoth', lease_status: 'notice', end_date: '2026-12-31', rent: '15000.00', deposit_held: '0.00', balance: '-2000.00', arrears: '0.00' });
    expect(r.rows[2]).toMatchObject({ status: 'reserved', tenant: null, let: false, rent: '20000.00', balance: null });
    expect(r.totals).toEqual({
      houses: 10, occupied: 2, vacant: 8, reserved: 1, unavailable: 0, occupancy: '20.0',
      rent_roll: '35000.00', potential_rent: '195000.00', deposit_held: '20000.00', balance: '13000.00', arrears: '10000.00',
    });
  });

  it('downloads as CSV and PDF for those who may export statements', async () => {
    const csv = await admin.browser.get(`/api/v1/properties/${roll}/rent-roll?format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(/rent-roll-RUA-\d{4}-\d{2}-\d{2}\.csv/);
    expect(csv.body).toContain('House,Account,Type,Status,Tenant,Start,End,Rent,Deposit held,Balance,Arrears');
    expect(csv.body).toContain('R1,RUAR1,2 Bedroom,Occupied,Amina Njeri,2025-01-01,Periodic,20000.00,20000.00,15000.00,10000.00');
    expect(csv.body).toContain('Occupied,2 (20.0%)');
    expect(csv.body).toContain('Arrears (overdue),10000.00');
    const pdf = await admin.browser.get(`/api/v1/properties/${roll}/rent-roll?format=pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('leaves the money out for someone who may list properties but not statements', async () => {
    const caretaker = await member('Caretaker');
    const r = (await caretaker.get(`/api/v1/properties/${roll}/rent-roll`)).json();
    expect(r.money).toBe(false);
    expect(r.rows[0]).toMatchObject({ tenant: 'Amina Njeri', rent: '20000.00', deposit_held: null, balance: null, arrears: null });
    expect(r.totals).toMatchObject({ occupied: 2, rent_roll: '35000.00', balance: null, arrears: null, deposit_held: null });
    expect((await caretaker.get(`/api/v1/properties/${roll}/rent-roll?format=csv`)).statusCode).toBe(403);
    expect((await caretaker.get(`/api/v1/tenants/${amina}/balance`)).statusCode).toBe(403);
  });

  it('gives a tenant’s balance: open invoices less credit, equal to their statement’s closing balance', async () => {
    const res = await admin.browser.get(`/api/v1/tenants/${amina}/balance`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ tenant_id: amina, open_invoices: 2, open_balance: '15000.00', overdue: '10000.00', credit_on_account: '0.00', balance: '15000.00' });
    const statement = (await admin.browser.get(`/api/v1/statements/user/${amina}?from=2024-01-01`)).json();
    expect(statement.closing_balance).toBe('15000.00');
    const credit = (await admin.browser.get(`/api/v1/tenants/${otieno}/balance`)).json();
    expect(credit).toMatchObject({ open_invoices: 0, open_balance: '0.00', credit_on_account: '2000.00', balance: '-2000.00' });
    expect((await admin.browser.get(`/api/v1/statements/user/${otieno}?from=2024-01-01`)).json().closing_balance).toBe('-2000.00');
  });

  it('keeps another organisation out of the rent roll and the balance (404)', async () => {
    const s = stranger.browser;
    expect((await s.get(`/api/v1/properties/${roll}/rent-roll`)).statusCode).toBe(404);
    expect((await s.get(`/api/v1/properties/${roll}/rent-roll`, { 'x-tenant-id': orgId })).statusCode).toBe(404);
    expect((await s.get(`/api/v1/tenants/${amina}/balance`)).statusCode).toBe(404);
    expect((await s.get(`/api/v1/tenants/${amina}/balance`, { 'x-tenant-id': orgId })).statusCode).toBe(404);
    expect((await admin.browser.get('/api/v1/properties/01ARZ3NDEKTSV4RRFFQ69G5FAV/rent-roll')).statusCode).toBe(404);
  });
});
