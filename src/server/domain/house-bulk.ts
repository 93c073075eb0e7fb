// Adding a run of houses to a property from a house type (product.md 3, properties: "add houses
// in bulk from a house type"): numbers prefix + from..to (zero-padded if asked), each with the
// type's default rent, deposit and recurring charges as the single-house form fills them, the
// property's owner, and an account code by the organisation's rule — the property's code then
// the house number, upper-case letters and digits (KIL + A4 → KILA4), what tenants type at the
// paybill. All or nothing, in one transaction; numbers the property already has, or codes the
// organisation already uses, are refused by name (422) so the manager can change the run.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { houseTypes, houses, properties } from '../../../resources/index.js';
import type { RecordValues } from '../../shared/resource.js';
import { validateRecord } from '../../shared/resource-validate.js';
import { parseMoney, centsToDecimal } from '../../shared/resource-values.js';
import type { BulkPlan, PlannedHouse } from '../../shared/report-shapes.js';
import type { Db } from '../db/client.js';
import { createRecord, tableOf } from '../crud/repository.js';
import { invalid, notFound } from '../errors.js';

/** The most houses one request may add (a large block; more is a second run). */
export const MAX_BULK_HOUSES = 500;

export interface BulkInput {
  house_type_id: string;
  prefix?: string;
  suffix?: string;
  from: number;
  to: number;
  /** Digits the running number is padded to (2: A01…A12); 0 or absent: no padding. */
  pad?: number;
  block?: string | null;
  floor?: string | null;
  /** Overrides of the type's defaults (KES text or number). */
  rent?: string | number | null;
  deposit?: string | number | null;
  /** What account codes start with; default: the property's code, else its name's initials. */
  code_prefix?: string | null;
}


export type { BulkPlan, PlannedHouse };

/** Upper-case letters and digits: the account-code rule of the houses declaration. */
export const codeOf = (s: string) => s.toUpperCase().replace(/[^A-Z0-9]/g, '');

/** A property's code, else the initials of its name (Jirani Heights → JH). */
export function defaultCodePrefix(property: { name: string; code: string | null }): string {
  const code = codeOf(property.code ?? '');
  if (code) return code;
  return codeOf(property.name.split(/\s+/).map((w) => w.charAt(0)).join('')).slice(0, 4);
}

/** The numbers of a run: prefix + n (padded) + suffix for n = from … to. */
export function runNumbers(input: Pick<BulkInput, 'prefix' | 'suffix' | 'from' | 'to' | 'pad'>): string[] {
  const out: string[] = [];
  for (let n = input.from; n <= input.to; n++) out.push(`${input.prefix ?? ''}${String(n).padStart(input.pad ?? 0, '0')}${input.suffix ?? ''}`);
  return out;
}

const listed = (xs: string[]) => (xs.length > 12 ? `${xs.slice(0, 12).join(', ')} and ${xs.length - 12} more` : xs.join(', '));

function money(v: unknown): string | null {
  if (v === null || v === undefined || v === '') return null;
  const c = parseMoney(v);
  return c === null ? null : centsToDecimal(c);
}

/** What the run would add and what stands in its way; nothing is written. */
export async function planBulkHouses(tx: Db, organizationId: string, propertyId: string, input: BulkInput): Promise<BulkPlan & { values: RecordValues[] }> {
  const pt = tableOf(properties);
  const [property] = await tx.select({ id: pt.id, name: pt.name, code: pt.code, owner_id: pt.owner_id }).from(pt)
    .where(and(eq(pt.organization_id, organizationId), eq(pt.id, propertyId)));
  if (!property) throw notFound();
  const errors: Record<string, string[]> = {};
  const add = (k: string, m: string) => {
    const list = (errors[k] ??= []);
    if (!list.includes(m)) list.push(m);
  };

  const tt = tableOf(houseTypes);
  const [type] = await tx.select().from(tt).where(and(eq(tt.organization_id, organizationId), eq(tt.id, input.house_type_id)));
  if (!type) throw invalid({ house_type_id: ['The selected value does not exist.'] });

  const count = input.to - input.from + 1;
  if (input.to < input.from) throw invalid({ to: ['Must not be less than the first number.'] });
  if (count > MAX_BULK_HOUSES) throw invalid({ to: [`At most ${MAX_BULK_HOUSES} houses at once.`] });

  const codePrefix = input.code_prefix != null && input.code_prefix !== '' ? codeOf(input.code_prefix) : defaultCodePrefix(property as { name: string; code: string | null });
  const rent = input.rent != null && input.rent !== '' ? money(input.rent) : money(type.default_rent);
  const deposit = input.deposit != null && input.deposit !== '' ? money(input.deposit) : money(type.default_deposit);
  if (input.rent != null && input.rent !== '' && rent === null) add('rent', 'Enter an amount in KES, e.g. 12500.00.');
  if (input.deposit != null && input.deposit !== '' && deposit === null) add('deposit', 'Enter an amount in KES, e.g. 12500.00.');
  if (rent === null && !errors.rent) add('rent', 'This house type has no default rent: enter the rent.');
  const chargeIds = (type.charge_ids as string[] | null) ?? [];

  const numbers = runNumbers(input);
  const values: RecordValues[] = [];
  for (const number of numbers) {
    const { values: v, errors: e } = validateRecord(houses, {
      property_id: property.id, owner_id: property.owner_id, house_type_id: type.id, number,
      account_code: `${codePrefix}${number}`, block: input.block || null, floor: input.floor || null,
      rent: rent ?? '0', deposit, charge_ids: chargeIds, status: 'vacant',
    }, 'create');
    // a field's message once, on the input that makes it: the run's numbers or the code prefix
    for (const [k, ms] of Object.entries(e)) for (const m of ms) add(k === 'account_code' ? 'code_prefix' : k === 'number' ? 'prefix' : k, m);
    values.push(v);
  }

  const ht = tableOf(houses);
  const upper = numbers.map((n) => n.trim().toUpperCase());
  const codes = values.map((v) => String(v.account_code ?? ''));
  const takenNumbers = await tx.select({ number: ht.number }).from(ht).where(and(
    eq(ht.organization_id, organizationId), eq(ht.property_id, property.id), inArray(sql`upper(trim(${ht.number}))`, upper),
  ));
  const takenCodes = await tx.select({ code: ht.account_code }).from(ht)
    .where(and(eq(ht.organization_id, organizationId), inArray(ht.account_code, codes)));
  const numberSet = new Set(takenNumbers.map((r) => String(r.number).trim().toUpperCase()));
  const codeSet = new Set(takenCodes.map((r) => String(r.code)));
  const planned = numbers.map((number, i) => ({
    number, account_code: codes[i], number_taken: numberSet.has(upper[i]), code_taken: codeSet.has(codes[i]),
  }));
  const dupNumbers = planned.filter((h) => h.number_taken).map((h) => h.number);
  const dupCodes = planned.filter((h) => h.code_taken).map((h) => h.account_code);
  if (dupNumbers.length) add('numbers', `${property.name} already has ${dupNumbers.length === 1 ? 'house' : 'houses'} ${listed(dupNumbers)}.`);
  if (dupCodes.length) add('code_prefix', `Account ${dupCodes.length === 1 ? 'code' : 'codes'} ${listed(dupCodes)} ${dupCodes.length === 1 ? 'is' : 'are'} already in use: choose another code prefix.`);

  return {
    property: { id: property.id, name: property.name, code: property.code ?? null },
    house_type: { id: type.id, name: String(type.name) },
    code_prefix: codePrefix, rent, deposit, charge_ids: chargeIds, houses: planned, errors, values,
  };
}

/** Creates the run (each house through the generic create: its rules, hooks and audit) or refuses it whole. */
export async function createBulkHouses(tx: Db, organizationId: string, propertyId: string, input: BulkInput) {
  const { values, errors } = await planBulkHouses(tx, organizationId, propertyId, input);
  if (Object.keys(errors).length) throw invalid(errors);
  const created: RecordValues[] = [];
  for (const v of values) created.push(await createRecord(tx, houses, organizationId, v));
  return created;
}
