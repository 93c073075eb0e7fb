// The portfolio endpoints' JSON (src/server/routes/portfolio.ts) and a signal for "this
// property's houses changed", so the rent roll reloads when the bulk dialog adds houses (the
// generic panels reload through react-admin's refresh).
import { useSyncExternalStore } from 'react';

export type Decimal = string;

export interface BulkPlan {
  property: { id: string; name: string; code: string | null };
  house_type: { id: string; name: string };
  code_prefix: string;
  rent: Decimal | null;
  deposit: Decimal | null;
  charge_ids: string[];
  houses: Array<{ number: string; account_code: string; number_taken: boolean; code_taken: boolean }>;
  errors: Record<string, string[]>;
}

export interface RentRollRow {
  house_id: string;
  number: string;
  account_code: string;
  house_type: string | null;
  status: string;
  tenant_id: string | null;
  tenant: string | null;
  phone: string | null;
  lease_id: string | null;
  lease_status: string | null;
  start_date: string | null;
  end_date: string | null;
  rent: Decimal;
  let: boolean;
  deposit_held: Decimal | null;
  balance: Decimal | null;
  arrears: Decimal | null;
}

export interface RentRoll {
  property: { id: string; name: string; code: string | null; owner: string | null };
  as_of: string;
  money: boolean;
  rows: RentRollRow[];
  totals: {
    houses: number; occupied: number; vacant: number; reserved: number; unavailable: number; occupancy: string;
    rent_roll: Decimal; potential_rent: Decimal; deposit_held: Decimal | null; balance: Decimal | null; arrears: Decimal | null;
  };
}

export interface TenantBalance {
  tenant_id: string;
  as_of: string;
  open_invoices: number;
  open_balance: Decimal;
  overdue: Decimal;
  credit_on_account: Decimal;
  balance: Decimal;
}

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
