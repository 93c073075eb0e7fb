import { and, eq, inArray } from 'drizzle-orm';
import { LEASE_HOLDING_STATUSES } from '../../../resources/leases.js';
import type { RecordValues } from '../../shared/resource.js';
import type { Db } from '../db/client.js';
import { leases } from '../db/resource-tables.js';
import { invalid } from '../errors.js';

/** The house's active (or on notice) lease, if any. */
export async function holdingLease(tx: Db, organizationId: string, houseId: string): Promise<string | null> {
  const [held] = await tx.select({ id: leases.id }).from(leases)
    .where(and(eq(leases.organization_id, organizationId), eq(leases.house_id, houseId), inArray(leases.status, [...LEASE_HOLDING_STATUSES])))
    .limit(1);
  return held?.id ?? null;
}

/**
 * A house's status follows its leases (leases.ts syncHouseStatus): occupied only through an
 * active lease or one on notice, so the form cannot say otherwise. Reserved, unavailable and
 * vacant are the manager's to choose while no lease holds the house. An unchanged status is not
 * judged (a house saved for another reason keeps what it had).
 */
export const houseHooks = {
  async beforeWrite(tx: Db, organizationId: string, values: RecordValues, existing: RecordValues | null) {
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
