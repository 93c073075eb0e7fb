import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { LEASE_HOLDING_STATUSES } from '../../../resources/leases.js';
import type { RecordValues } from '../../shared/resource.js';
import type { Db } from '../db/client.js';
import { houses, leases, properties } from '../db/resource-tables.js';
import { invalid } from '../errors.js';

/** The house's active (or on notice) lease, if any. */
export async function holdingLease(tx: Db, organizationId: string, houseId: string): Promise<string | null> {
  const [held] = await tx.select({ id: leases.id }).from(leases)
    .where(and(eq(leases.organization_id, organizationId), eq(leases.house_id, houseId), inArray(leases.status, [...LEASE_HOLDING_STATUSES])))
    .limit(1);
  return held?.id ?? null;
}

/** What a write leaves: the stored record with the request's fields over it (a partial PUT is judged whole). */
export const merged = (values: RecordValues, existing: RecordValues | null): RecordValues => ({ ...(existing ?? {}), ...values });

const nameOf = async (tx: Db, organizationId: string, propertyId: string) => {
  const [p] = await tx.select({ name: properties.name }).from(properties)
    .where(and(eq(properties.organization_id, organizationId), eq(properties.id, propertyId)));
  return p?.name ?? '';
};

/**
 * One house of a number per property, compared trimmed and case-folded (the unique index
 * houses_property_id_number_unique holds it under concurrency; this names the house first).
 */
export async function checkHouseNumber(tx: Db, organizationId: string, values: RecordValues, existing: RecordValues | null) {
  if (values.number === undefined && values.property_id === undefined) return;
  const house = merged(values, existing);
  if (!house.property_id || typeof house.number !== 'string') return;
  const conditions = [
    eq(houses.organization_id, organizationId), eq(houses.property_id, String(house.property_id)),
    sql`lower(btrim(${houses.number})) = lower(btrim(${house.number}))`,
  ];
  if (existing) conditions.push(ne(houses.id, String(existing.id)));
  const [taken] = await tx.select({ number: houses.number }).from(houses).where(and(...conditions)).limit(1);
  if (taken) {
    const property = await nameOf(tx, organizationId, String(house.property_id));
    throw invalid({ number: [`${property} already has a house ${taken.number}.`] });
  }
}

/**
 * A record naming both a property and a house (ticket, work order, expense): the house must be
 * one of that property's. With a house and no property, the house's property is filled in.
 */
export async function checkHouseInProperty(tx: Db, organizationId: string, values: RecordValues, existing: RecordValues | null) {
  if (values.house_id === undefined && values.property_id === undefined) return;
  const record = merged(values, existing);
  if (!record.house_id) return;
  const [house] = await tx.select({ number: houses.number, property_id: houses.property_id }).from(houses)
    .where(and(eq(houses.organization_id, organizationId), eq(houses.id, String(record.house_id))));
  if (!house) return; // checkReferences has refused it already
  if (!record.property_id) {
    if (house.property_id) values.property_id = house.property_id;
    return;
  }
  if (house.property_id !== record.property_id) {
    const [where, chosen] = await Promise.all([
      house.property_id ? nameOf(tx, organizationId, house.property_id) : Promise.resolve(''),
      nameOf(tx, organizationId, String(record.property_id)),
    ]);
    throw invalid({
      house_id: [where
        ? `House ${house.number} is in ${where}, not in ${chosen}: choose one of ${chosen}'s houses.`
        : `House ${house.number} belongs to no property, not to ${chosen}.`],
    });
  }
}

/**
 * A house's status follows its leases (leases.ts syncHouseStatus): occupied only through an
 * active lease or one on notice, so the form cannot say otherwise. Reserved, unavailable and
 * vacant are the manager's to choose while no lease holds the house. An unchanged status is not
 * judged (a house saved for another reason keeps what it had).
 */
export const houseHooks = {
  async beforeWrite(tx: Db, organizationId: string, values: RecordValues, existing: RecordValues | null) {
    await checkHouseNumber(tx, organizationId, values, existing);
    const wanted = values.status;
    if (wanted === undefined || (existing && wanted === existing.status)) return;
    const held = existing ? await holdingLease(tx, organizationId, String(existing.id)) : null;
    if (held && wanted !== 'occupied') {
      throw invalid({ status: ['This house has an active lease (or one on notice): it stays occupied until that lease ends.'] });
    }
    if (!held && wanted === 'occupied') {
      throw invalid({ status: ['A house becomes occupied when a lease for it is activated; it has none.'] });
    }
  },
};
