// The JSON of the portfolio and history endpoints, as the server builds it and the web app reads
// it: one declaration for both sides. Money is decimal text, never a number.

/** A property's rent roll row: one house with its current tenant and lease. */
export interface RentRollRow {
  house_id: string;
  number: string;
  account_code: string;
  house_type: string | null;
  /** The house's status (vacant, occupied, reserved, unavailable). */
  status: string;
  tenant_id: string | null;
  tenant: string | null;
  phone: string | null;
  lease_id: string | null;
  /** active or notice: the lease that holds the house. */
  lease_status: string | null;
  start_date: string | null;
  end_date: string | null;
  /** The current lease's rent; the house's asking rent when it is not let. */
  rent: string;
  let: boolean;
  /** Money owed and held (null without list.statement). */
  deposit_held: string | null;
  balance: string | null;
  arrears: string | null;
}

export interface RentRollTotals {
  houses: number;
  occupied: number;
  vacant: number;
  reserved: number;
  unavailable: number;
  /** occupied ÷ houses, one decimal ("83.3"); "0.0" with no houses. */
  occupancy: string;
  rent_roll: string;
  potential_rent: string;
  deposit_held: string | null;
  balance: string | null;
  arrears: string | null;
}

export interface RentRoll {
  property: { id: string; name: string; code: string | null; owner: string | null };
  as_of: string;
  /** Whether balances, arrears and deposits are shown (list.statement). */
  money: boolean;
  rows: RentRollRow[];
  totals: RentRollTotals;
}

export interface TenantBalance {
  tenant_id: string;
  as_of: string;
  /** Issued invoices with something left to pay. */
  open_invoices: number;
  open_balance: string;
  /** The part of open_balance past its due date. */
  overdue: string;
  credit_on_account: string;
  /** open_balance − credit_on_account: negative when the tenant is in credit. */
  balance: string;
}

export interface PlannedHouse {
  number: string;
  account_code: string;
  /** The property already has a house with this number. */
  number_taken: boolean;
  /** The organisation already uses this account code. */
  code_taken: boolean;
}

/** What "add houses from a house type" would create (the dialog's preview). */
export interface BulkPlan {
  property: { id: string; name: string; code: string | null };
  house_type: { id: string; name: string };
  code_prefix: string;
  rent: string | null;
  deposit: string | null;
  charge_ids: string[];
  houses: PlannedHouse[];
  /** Field errors that would refuse the run (empty: it can be created). */
  errors: Record<string, string[]>;
}

export interface HistoryChange {
  field: string;
  old: unknown;
  new: unknown;
}

export interface HistoryEntry {
  id: string;
  /** ISO date-time (UTC). */
  at: string;
  action: string;
  reason: string | null;
  /** null: the system (billing runs, the scheduler). */
  user: { id: string; name: string } | null;
  /** The record's declared fields (and child tables) that changed; on a create, the ones it was given. */
  changes: HistoryChange[];
  /** What the action wrote beside the record's fields: the payment and amount of an allocation, a settlement, … */
  details: Record<string, unknown> | null;
}

export interface RecordHistory {
  entries: HistoryEntry[];
  /** The id of every record an entry names → its title (an invoice's number, a payment's receipt, a tenant's name). */
  references: Record<string, string>;
}
