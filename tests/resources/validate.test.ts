import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { resourceByName } from '../../resources/index.js';
import { defineResource, money, text, type Resource } from '../../src/shared/resource.js';
import { serializeRecord, toColumns, validateRecord } from '../../src/shared/resource-validate.js';
import { centsToDecimal, parseDateTime, parseDecimal, parseMoney, parsePhone } from '../../src/shared/resource-values.js';

const r = (name: string): Resource => resourceByName(name)!;
const owner = { name: 'Wanjiku Kamau', phone: '0712 345 678' };

describe('validateRecord', () => {
  it('requires required fields on create and fills defaults', () => {
    const { values, errors } = validateRecord(r('property-owners'), {}, 'create');
    expect(errors.name).toEqual(['This field is required.']);
    expect(values.kind).toBe('individual');
    const ok = validateRecord(r('property-owners'), owner, 'create');
    expect(ok.errors).toEqual({});
    expect(ok.values).toMatchObject({ name: 'Wanjiku Kamau', kind: 'individual', phone: '+254712345678' });
  });

  it('on update checks only what is sent, and refuses a required field sent empty', () => {
    expect(validateRecord(r('property-owners'), { notes: 'Pays late' }, 'update')).toEqual({ values: { notes: 'Pays late' }, errors: {} });
    expect(validateRecord(r('property-owners'), { name: '  ' }, 'update').errors.name).toEqual(['This field is required.']);
    expect(validateRecord(r('property-owners'), { email: '' }, 'update').values).toEqual({ email: null });
  });

  it('applies lengths, patterns and normalisation', () => {
    const long = validateRecord(r('property-owners'), { ...owner, name: 'x'.repeat(151) }, 'create');
    expect(long.errors.name).toEqual(['Must be at most 150 characters.']);
    expect(validateRecord(r('property-owners'), { ...owner, kra_pin: 'a123456789z' }, 'create').values.kra_pin).toBe('A123456789Z');
    expect(validateRecord(r('property-owners'), { ...owner, kra_pin: '123' }, 'create').errors.kra_pin).toEqual(['A KRA PIN is A or P, nine digits and a letter, e.g. A123456789B.']);
    const house = validateRecord(r('houses'), { owner_id: '01J00000000000000000000000', number: 'A4', account_code: ' kil-a4 ', rent: '15000' }, 'create');
    expect(house.errors).toEqual({});
    expect(house.values.account_code).toBe('KILA4');
  });

  it('accepts only declared choices', () => {
    expect(validateRecord(r('property-owners'), { ...owner, kind: 'chama' }, 'create').values.kind).toBe('chama');
    expect(validateRecord(r('property-owners'), { ...owner, kind: 'Chama' }, 'create').errors.kind).toEqual(['Must be one of the allowed choices.']);
    const role = validateRecord(r('roles'), { name: 'Clerk', permissions: ['list.charge', 'list.charge', 'void.invoice'] }, 'create');
    expect(role.values.permissions).toEqual(['list.charge', 'void.invoice']);
    expect(validateRecord(r('roles'), { name: 'Clerk', permissions: ['fly.charge'] }, 'create').errors.permissions).toBeDefined();
  });

  it('checks emails', () => {
    expect(validateRecord(r('property-owners'), { ...owner, email: ' Wanjiku@Example.CO.KE ' }, 'create').values.email).toBe('wanjiku@example.co.ke');
    for (const bad of ['wanjiku', 'wanjiku@', 'a b@example.com', 'w@example']) {
      expect(validateRecord(r('property-owners'), { ...owner, email: bad }, 'create').errors.email, bad).toBeDefined();
    }
  });

  it('checks phone numbers for their country and stores E.164', () => {
    for (const [input, e164] of [['0712345678', '+254712345678'], ['+254 712 345 678', '+254712345678'], ['0110 123456', '+254110123456'], ['+44 20 7946 0958', '+442079460958']]) {
      const res = validateRecord(r('tenants'), { name: 'Otieno', phone: input }, 'create');
      expect(res.errors, input).toEqual({});
      expect(res.values.phone).toBe(e164);
    }
    for (const bad of ['12345', '+254 71234', '07123456789012', 'phone', '+254 000 000 000']) {
      expect(validateRecord(r('tenants'), { name: 'Otieno', phone: bad }, 'create').errors.phone, bad).toEqual(['Must be a valid phone number for its country.']);
    }
    expect(validateRecord(r('tenants'), { name: 'Otieno' }, 'create').errors.phone).toEqual(['This field is required.']);
  });

  it('turns money into integer cents and refuses more than two decimals', () => {
    const house = (rent: unknown) => validateRecord(r('houses'), { owner_id: 'O1', number: 'A1', account_code: 'A1', rent }, 'create');
    expect(house('1234.5').values.rent).toBe(123450n);
    expect(house(1234.5).values.rent).toBe(123450n);
    expect(house('1,234.56').values.rent).toBe(123456n);
    expect(house('0.1').values.rent).toBe(10n);
    expect(house('1.234').errors.rent).toEqual(['Must be an amount with at most 2 decimal places.']);
    expect(house(0.1 + 0.2).errors.rent).toBeDefined();
    expect(house('abc').errors.rent).toBeDefined();
    expect(house('1e3').errors.rent).toBeDefined();
    expect(house('-5').errors.rent).toEqual(['Must be at least KES 0.00.']);
    expect(house('1000000000000').errors.rent).toBeDefined();
    expect(validateRecord(r('expenses'), { property_id: 'P1', amount: '0', date: '2026-01-31' }, 'create').errors.amount).toEqual(['Must be at least KES 0.01.']);
    // the largest amount a column holds, read as money
    expect(validateRecord(r('expenses'), { property_id: 'P1', amount: '1000000000000', date: '2026-01-31' }, 'create').errors.amount).toEqual(['Must be at most KES 999,999,999,999.99.']);
  });

  it('never produces a float for money, whatever the input', () => {
    const shape = defineResource({
      name: 'things', module: 'charge', menu: 'money', icon: 'X', recordTitle: 'name',
      fields: [text('name'), money('amount')], defaultSort: { field: 'id', order: 'ASC' }, routes: [],
    });
    fc.assert(fc.property(fc.oneof(fc.double(), fc.string(), fc.integer(), fc.constantFrom('12.5', '0.07', '-0')), (amount) => {
      const { values } = validateRecord(shape, { amount }, 'create');
      return values.amount === undefined || values.amount === null || typeof values.amount === 'bigint';
    }));
    fc.assert(fc.property(fc.bigInt({ min: -(10n ** 14n) + 1n, max: 10n ** 14n - 1n }), (cents) => parseMoney(centsToDecimal(cents)) === cents));
  });

  it('checks dates, date order and date-times', () => {
    const lease = (extra: object) => validateRecord(r('leases'), { tenant_id: 'T1', house_id: 'H1', rent: '10000', start_date: '2026-02-01', ...extra }, 'create');
    expect(lease({}).errors).toEqual({});
    expect(lease({ start_date: '2026-02-30' }).errors.start_date).toEqual(['Must be a real date (YYYY-MM-DD) between 1900-01-01 and 2199-12-31.']);
    expect(lease({ start_date: '01/02/2026' }).errors.start_date).toBeDefined();
    expect(lease({ end_date: '2026-01-31' }).errors.end_date).toEqual(['Must not be before start_date.']);
    expect(lease({ end_date: '2026-02-01' }).errors).toEqual({});
    expect(parseDateTime('2026-03-01T10:00')).toBe('2026-03-01T07:00:00.000Z');
    expect(parseDateTime('2026-03-01T10:00:00Z')).toBe('2026-03-01T10:00:00.000Z');
    expect(parseDateTime('yesterday')).toBeNull();
  });

  it('drops unknown keys, read-only fields, id and organization_id', () => {
    const res = validateRecord(r('invoices'), {
      id: 'X', organization_id: 'OTHER', hacker: 1, number: 'INV-9', total: '1', tenant_id: 'T9',
      lease_id: 'L1', period_start: '2026-01-01', period_end: '2026-01-31', issue_date: '2026-01-01', due_date: '2026-01-05',
      lines: [{ description: 'Rent', rate: '15000', amount: '99', id: 'Z' }],
    }, 'create');
    expect(res.errors).toEqual({});
    expect(Object.keys(res.values).sort()).toEqual(['due_date', 'issue_date', 'lease_id', 'lines', 'period_end', 'period_start', 'status']);
    expect(res.values.lines).toEqual([{ kind: 'charge', description: 'Rent', quantity: '1', rate: 1500000n, waived: false }]);
    const upd = validateRecord(r('property-owners'), { organization_id: 'OTHER', id: 'X', created_at: 'now' }, 'update');
    expect(upd).toEqual({ values: {}, errors: {} });
  });

  it('names child errors by path, as react-admin array inputs expect', () => {
    const res = validateRecord(r('invoices'), {
      lease_id: 'L1', period_start: '2026-01-01', period_end: '2026-01-31', issue_date: '2026-01-01', due_date: '2026-01-05',
      lines: [{ description: 'Rent', rate: '15000' }, { rate: '1.001' }],
    }, 'create');
    expect(res.errors).toEqual({ 'lines.1.description': ['This field is required.'], 'lines.1.rate': ['Must be an amount with at most 2 decimal places.'] });
    expect(validateRecord(r('payments'), { allocations: [{ invoice_id: 'I', amount: '1' }] }, 'create').values.allocations).toBeUndefined();
  });

  it('keeps a secret left blank on an edit, and never returns it', () => {
    const channels = r('payment-channels');
    expect(validateRecord(channels, { name: 'Paybill', daraja_passkey: '' }, 'update').values).toEqual({ name: 'Paybill' });
    expect(validateRecord(channels, { daraja_passkey: 'bfb279f9' }, 'update').values).toEqual({ daraja_passkey: 'bfb279f9' });
    const out = serializeRecord(channels, { id: 'C1', name: 'Paybill', daraja_passkey: 'bfb279f9', created_at: new Date('2026-01-01T00:00:00Z') });
    expect(out).not.toHaveProperty('daraja_passkey');
    expect(out.created_at).toBe('2026-01-01T00:00:00.000Z');
    expect(serializeRecord(resourceByName('settings')!, { id: 'S', africastalking_api_key: 'k' })).not.toHaveProperty('africastalking_api_key');
  });

  it('refuses unknown template placeholders', () => {
    expect(validateRecord(r('templates'), { name: 'Reminder', body: 'Dear {tenant_name}, pay {balance} to {paybill} a/c {account_code}' }, 'create').errors).toEqual({});
    expect(validateRecord(r('templates'), { name: 'Reminder', body: 'Dear {tenant}, pay {balance}' }, 'create').errors.body).toEqual(['Unknown placeholders: {tenant}.']);
  });

  it('checks numbers, percentages and booleans', () => {
    const prop = (extra: object) => validateRecord(r('properties'), { name: 'Kilimani Heights', owner_id: 'O1', ...extra }, 'create');
    expect(prop({ billing_day: '5', due_day: 10, commission_rate: '7.5' }).values).toMatchObject({ billing_day: 5, due_day: 10, commission_rate: '7.5' });
    expect(prop({ billing_day: 29 }).errors.billing_day).toEqual(['Must be at most 28.']);
    expect(prop({ billing_day: 1.5 }).errors.billing_day).toEqual(['Must be a whole number.']);
    expect(prop({ commission_rate: '101' }).errors.commission_rate).toEqual(['Must be at most 100.']);
    expect(prop({ commission_rate: '7.555' }).errors.commission_rate).toBeDefined();
    expect(validateRecord(r('charges'), { name: 'Water', amount: '150', metered: 'true' }, 'create').values.metered).toBe(true);
    expect(validateRecord(r('charges'), { name: 'Water', amount: '150', metered: 'yes' }, 'create').errors.metered).toBeDefined();
  });

  it('refuses a body that is not an object', () => {
    expect(validateRecord(r('tenants'), [], 'create').errors).toEqual({ body: ['The request body must be a JSON object.'] });
  });
});

describe('values to and from the database', () => {
  it('converts cents to numeric text and back, with decimals kept exact', () => {
    const houses = r('houses');
    const cols = toColumns(houses.fields, { rent: 123450n, number: 'A1' });
    expect(cols).toEqual({ rent: '1234.50', number: 'A1' });
    const out = serializeRecord(houses, { id: 'H1', rent: '1234.5', deposit: null, number: 'A1' });
    expect(out.rent).toBe('1234.50');
    expect(out.deposit).toBeNull();
    expect(centsToDecimal(-5n)).toBe('-0.05');
    expect(parseDecimal('007.50', 2)).toBe('7.5');
    expect(parsePhone('0712345678')).toBe('+254712345678');
  });
});

describe('filter keys and schemas', () => {
  it('lists the filter keys the API accepts', async () => {
    const { filterKeys } = await import('../../src/shared/resource.js');
    const keys = filterKeys(r('invoices'));
    expect(keys.get('status')).toEqual({ field: 'status', op: 'eq' });
    expect(keys.get('due_date_gte')).toEqual({ field: 'due_date', op: 'gte' });
    expect(keys.get('balance_lte')).toEqual({ field: 'balance', op: 'lte' });
    expect(keys.get('q')).toEqual({ field: '', op: 'q' });
    expect(keys.has('id')).toBe(true);
    expect(keys.has('status_gte')).toBe(false);
    expect(keys.has('void_reason')).toBe(false);
  });

  it('describes records without their secrets', async () => {
    const { recordSchema, inputSchema } = await import('../../src/shared/resource-schema.js');
    const out = recordSchema(r('payment-channels')) as { properties: Record<string, unknown> };
    expect(out.properties).not.toHaveProperty('daraja_passkey');
    expect(out.properties).not.toHaveProperty('callback_secret');
    const input = inputSchema(r('payment-channels')) as { properties: Record<string, unknown>; required: string[] };
    expect(input.properties).toHaveProperty('daraja_passkey');
    expect(input.properties).not.toHaveProperty('callback_secret');
    expect(input.required).toEqual(['name']);
    const inv = recordSchema(r('invoices')) as { properties: Record<string, { type?: string }> };
    expect(inv.properties.lines.type).toBe('array');
  });
});
