// The portfolio endpoints' JSON (src/server/routes/portfolio.ts) and a signal for "this
// property's houses changed", so the rent roll reloads when the bulk dialog adds houses (the
// generic panels reload through react-admin's refresh).
import { useSyncExternalStore } from 'react';

export type { BulkPlan, RentRoll, RentRollRow, TenantBalance } from '../../../shared/report-shapes';

const versions = new Map<string, number>();
const listeners = new Set<() => void>();

/** Tells whoever shows this property's houses (the rent roll) to read them again. */
export function housesChanged(propertyId: string) {
  versions.set(propertyId, (versions.get(propertyId) ?? 0) + 1);
  for (const l of listeners) l();
}

export function useHousesVersion(propertyId: string): number {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => versions.get(propertyId) ?? 0,
  );
}
