import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { RecordValues } from '../../shared/resource.js';
import { LEASE_HOLDING_STATUSES } from '../../../resources/leases.js';
import type { Db } from '../db/client.js';
import { conflict, invalid } from '../errors.js';
import { houses, leases, properties, tenants } from '../db/resource-tables.js';
import { merged } from './houses.js';

/**
 * A house's status follows its leases: occupied while one is active or on notice; back to vacant
 * when none is (reserved and unavailable are the manager's to set and are left alone).
 */
export async function syncHouseStatus(tx: Db, organizationId: string, houseIds: string[]) {
  for (const houseId of new Set(houseIds.filter(Boolean))) {
    const [held] = await tx.select({ id: leases.id }).from(leases)
      .where(and(eq(leases.organization_id, organizationId), eq(leases.house_id, houseId), inArray(leases.status, [...LEASE_HOLDING_STATUSES])))
      .limit(1);
    if (held) {
      await tx.update(houses).set({ status: 'occupied', updated_at: new Date() })
        .where(and(eq(houses.organization_id, organizationId), eq(houses.id, houseId), sql`${houses.status} <> 'occupied'`));
    } else {
      await tx.update(houses).set({ status: 'vacant', updated_at: new Date() })
        .where(and(eq(houses.organization_id, organizationId), eq(houses.id, houseId), eq(houses.status, 'occupied')));
    }
  }
}

/** The last day a lease holds its house: the move-out day once known, else its end date (none: periodic). */
const lastDay = (l: { move_out_date: unknown; end_date: unknown }) => (l.move_out_date ?? l.end_date ?? null) as string | null;

/**
 * A lease for a house that an active lease (or one on notice) holds is refused when saved, not
 * only at activation: unless the current one ends before the new one starts (the next tenant's
 * lease drafted during the notice). The message names the house and the current lease.
 */
export async function checkHouseFree(tx: Db, organizationId: string, values: RecordValues, existing: RecordValues | null) {
  // an update is judged when it moves the lease to another house or day (a draft saved while the
  // house was free keeps its other terms editable)
  const changed = (k: string) => values[k] !== undefined && String(values[k] ?? '') !== String(existing?.[k] ?? '');
  if (existing && !changed('house_id') && !changed('start_date')) return;
  const lease = merged(values, existing);
  if (!lease.house_id || !lease.start_date || lease.status === 'ended') return;
  const conditions = [
    eq(leases.organization_id, organizationId), eq(leases.house_id, String(lease.house_id)),
    inArray(leases.status, [...LEASE_HOLDING_STATUSES]),
  ];
  if (existing) conditions.push(ne(leases.id, String(existing.id)));
  const held = await tx.select({
    start_date: leases.start_date, end_date: leases.end_date, move_out_date: leases.move_out_date, status: leases.status,
    tenant: tenants.name, number: houses.number, property: properties.name,
  }).from(leases)
    .leftJoin(tenants, and(eq(tenants.organization_id, leases.organization_id), eq(tenants.id, leases.tenant_id)))
    .leftJoin(houses, and(eq(houses.organization_id, leases.organization_id), eq(houses.id, leases.house_id)))
    .leftJoin(properties, and(eq(properties.organization_id, houses.organization_id), eq(properties.id, houses.property_id)))
    .where(and(...conditions));
  const start = String(lease.start_date);
  const clash = held.find((h) => { const end = lastDay(h); return !end || String(end) >= start; });
  if (!clash) return;
  const house = [clash.property, clash.number].filter(Boolean).join(' · ');
  const end = lastDay(clash);
  const until = end ? `until ${end}` : 'with no end date';
  throw invalid({
    house_id: [`${house} is let to ${clash.tenant ?? 'another tenant'} (lease from ${clash.start_date}, ${until}): a new lease must start after that one ends.`],
  });
}

const LIFECYCLE: Record<string, string> = {
  active: 'activate it (POST /api/v1/leases/{id}/activate)',
  notice: 'give notice (POST /api/v1/leases/{id}/notice)',
  ended: 'end it (POST /api/v1/leases/{id}/end)',
  draft: 'a lease never goes back to draft',
};

export const leaseHooks = {
  /**
   * The form edits a lease's terms, never its status: activating bills, ending voids and settles
   * the deposit, so those go through the lifecycle endpoints (billing/lifecycle.ts). Creating a
   * lease in any status stays possible for imports and the demo data.
   */
  async beforeWrite(tx: Db, organizationId: string, values: RecordValues, existing: RecordValues | null) {
    await checkHouseFree(tx, organizationId, values, existing);
    if (!existing || values.status === undefined || values.status === existing.status) return;
    const how = LIFECYCLE[String(values.status)] ?? 'use the lease actions';
    throw conflict(`A lease's status changes through its actions: ${how}.`);
  },
  async afterWrite(tx: Db, organizationId: string, id: string, existing: RecordValues | null) {
    const [row] = await tx.select({ house_id: leases.house_id }).from(leases).where(and(eq(leases.organization_id, organizationId), eq(leases.id, id)));
    await syncHouseStatus(tx, organizationId, [String(row?.house_id ?? ''), String(existing?.house_id ?? '')]);
  },
};
