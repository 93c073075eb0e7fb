import { Type, type Static } from 'typebox';
import { Nullable, NullableText, Text } from './schema-helpers.js';

// The JSON of the portfolio and history endpoints, as the server builds it and the web app reads
// it: one declaration for both sides (TypeBox schemas the routes answer with; each type is the
// schema's Static). Money is decimal text, never a number.

/** A property's rent roll row: one house with its current tenant and lease. */
export const RentRollRow = Type.Object({
  house_id: Text,
  number: Text,
  account_code: Text,
  house_type: NullableText,
  status: Type.String({ description: 'the house\'s status: vacant, occupied, reserved, unavailable' }),
  tenant_id: NullableText,
  tenant: NullableText,
  phone: NullableText,
  lease_id: NullableText,
  lease_status: Nullable(Type.String(), 'active or notice: the lease that holds the house'),
  start_date: NullableText,
  end_date: NullableText,
  rent: Type.String({ description: 'the current lease\'s rent; the house\'s asking rent when it is not let' }),
  let: Type.Boolean(),
  // money owed and held (null without list.statement)
  deposit_held: NullableText,
  balance: NullableText,
  arrears: NullableText,
});
export type RentRollRow = Static<typeof RentRollRow>;

export const RentRollTotals = Type.Object({
  houses: Type.Integer(),
  occupied: Type.Integer(),
  vacant: Type.Integer(),
  reserved: Type.Integer(),
  unavailable: Type.Integer(),
  occupancy: Type.String({ description: 'occupied ÷ houses, one decimal ("83.3"); "0.0" with no houses' }),
  rent_roll: Text,
  potential_rent: Text,
  deposit_held: NullableText,
  balance: NullableText,
  arrears: NullableText,
});
export type RentRollTotals = Static<typeof RentRollTotals>;

export const RentRoll = Type.Object({
  property: Type.Object({ id: Text, name: Text, code: NullableText, owner: NullableText }),
  as_of: Text,
  money: Type.Boolean({ description: 'whether balances, arrears and deposits are shown (list.statement)' }),
  rows: Type.Array(RentRollRow),
  totals: RentRollTotals,
});
export type RentRoll = Static<typeof RentRoll>;

export const TenantBalance = Type.Object({
  tenant_id: Text,
  as_of: Text,
  open_invoices: Type.Integer({ description: 'issued invoices with something left to pay' }),
  open_balance: Text,
  overdue: Type.String({ description: 'the part of open_balance past its due date' }),
  credit_on_account: Text,
  balance: Type.String({ description: 'open_balance − credit_on_account: negative when the tenant is in credit' }),
});
export type TenantBalance = Static<typeof TenantBalance>;

export const PlannedHouse = Type.Object({
  number: Text,
  account_code: Text,
  number_taken: Type.Boolean({ description: 'the property already has a house with this number' }),
  code_taken: Type.Boolean({ description: 'the organisation already uses this account code' }),
});
export type PlannedHouse = Static<typeof PlannedHouse>;

/** What "add houses from a house type" would create (the dialog's preview). */
export const BulkPlan = Type.Object({
  property: Type.Object({ id: Text, name: Text, code: NullableText }),
  house_type: Type.Object({ id: Text, name: Text }),
  code_prefix: Text,
  rent: NullableText,
  deposit: NullableText,
  charge_ids: Type.Array(Text),
  houses: Type.Array(PlannedHouse),
  errors: Type.Record(Type.String(), Type.Array(Type.String()), { description: 'field errors that would refuse the run (empty: it can be created)' }),
});
export type BulkPlan = Static<typeof BulkPlan>;

export const HistoryChange = Type.Object({
  field: Type.String({ description: 'a declared field or child table (lines, charges, allocations)' }),
  old: Type.Unknown({ description: 'as the API serves the field: money "1500.00", dates YYYY-MM-DD; null when it had none' }),
  new: Type.Unknown({ description: 'as old, after the change' }),
});
export type HistoryChange = Static<typeof HistoryChange>;

export const HistoryEntry = Type.Object({
  id: Text,
  at: Type.String({ format: 'date-time', description: 'UTC' }),
  action: Type.String({ description: 'create, update, delete, issue, activate, notice, end, void, reverse, allocate, reallocate, assign, approve, waive_penalty, penalty, …' }),
  reason: NullableText,
  user: Nullable(Type.Object({ id: Text, name: Text }), 'null: the system (billing run, scheduler)'),
  changes: Type.Array(HistoryChange, { description: 'the record\'s declared fields (and child tables) that changed; on a create, the ones it was given' }),
  details: Nullable(Type.Record(Type.String(), Type.Unknown()), 'what the action wrote beside the fields: payment_id and amount of an allocation, a deposit settlement, …'),
});
export type HistoryEntry = Static<typeof HistoryEntry>;

export const RecordHistory = Type.Object({
  entries: Type.Array(HistoryEntry, { description: 'newest first' }),
  references: Type.Record(Type.String(), Type.String(), { description: 'id of every record the entries name → its title (invoice number, receipt number, name)' }),
});
export type RecordHistory = Static<typeof RecordHistory>;
