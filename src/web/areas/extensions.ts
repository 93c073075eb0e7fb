// Where an area's screen needs more than its declaration gives, the extra piece is registered
// here by resource name, and the generic list/form (src/web/generic/) renders it in its place.
// Keeping the registry in one file lets area screens live in their own folders
// (src/web/screens/<area>/, src/web/money/) without the generic kit importing them one by one.
import type { ComponentType } from 'react';
import type { RaRecord } from 'react-admin';

export interface AreaExtensions {
  /** Replaces the generic form (create and edit) entirely: roles' matrix, invoice lines, … */
  form?: ComponentType;
  /** Replaces the generic list entirely (sms-credits: balance above the ledger). */
  list?: ComponentType;
  /** Extra buttons in the list's top toolbar (invoices: "Run billing"). */
  listActions?: ComponentType;
  /** Extra buttons on an existing record's form toolbar (lease: activate / give notice / end). */
  recordActions?: ComponentType<{ record: RaRecord }>;
  /** Extra panels under an existing record's form (an owner's properties, a lease's invoices). */
  related?: ComponentType<{ record: RaRecord }>;
  /** An action in each row of the area's list (the outbox: retry a failed message); it stops the row's click itself. */
  rowActions?: ComponentType<{ record: RaRecord }>;
  /** A panel above an existing record's form, what people open it for (a property's rent roll, a tenant's balance). */
  summary?: ComponentType<{ record: RaRecord }>;
  /** Buttons in this area's related-records panel under another record (houses under a property: "Add in bulk"). */
  relatedActions?: ComponentType<{ parent: RaRecord; field: string }>;
  /** A message (key) after a save instead of the plain "saved", when the server decided something the person should know (an expense kept pending for approval). */
  savedNote?: (saved: RaRecord) => string | null;
  /** After creating a record, open it (its form, with its panels) instead of going back to the list: a property, whose houses come next. */
  openCreated?: boolean;
}

/** Filled in by the screen folders src/web/areas/register.ts finds (src/web/screens/<area>/index.ts). */
export const areaExtensions: Record<string, AreaExtensions> = {};

export function extendArea(resource: string, ext: AreaExtensions): void {
  areaExtensions[resource] = { ...areaExtensions[resource], ...ext };
}
