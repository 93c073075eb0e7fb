import { and, eq, inArray, sql } from 'drizzle-orm';
import type { RecordValues } from '../../shared/resource.js';
import { LEASE_HOLDING_STATUSES } from '../../../resources/leases.js';
import type { Db } from '../db/client.js';
import { conflict } from '../errors.js';
import { houses, leases } from '../db/resource-tables.js';

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
  async beforeWrite(_tx: Db, _organizationId: string, values: RecordValues, existing: RecordValues | null) {
    if (!existing || values.status === undefined || values.status === existing.status) return;
    const how = LIFECYCLE[String(values.status)] ?? 'use the lease actions';
    throw conflict(`A lease's status changes through its actions: ${how}.`);
  },
  async afterWrite(tx: Db, organizationId: string, id: string, existing: RecordValues | null) {
    const [row] = await tx.select({ house_id: leases.house_id }).from(leases).where(and(eq(leases.organization_id, organizationId), eq(leases.id, id)));
    await syncHouseStatus(tx, organizationId, [String(row?.house_id ?? ''), String(existing?.house_id ?? '')]);
  },
};
