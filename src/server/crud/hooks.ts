import type { RecordValues } from '../../shared/resource.js';
import type { Db } from '../db/client.js';
import type { ResourceTable } from '../db/resource-tables.js';

/**
 * Where an area needs more than its declaration: rules that run in the same transaction as the
 * write they guard (style.md: domain rules live on the server, never in the web app alone).
 * An area's rules are `export const hooks` of src/server/areas/<name>.ts (or <name>/index.ts),
 * found by name when the server starts (src/server/area-rules.ts), never listed here: this
 * module imports no area, so the crud layer and the domain do not import each other in a circle.
 */
/** Who is writing: rules about granting (roles) judge against the writer's own permissions. */
export interface Actor {
  userId: string;
  permissions: readonly string[];
}

export interface ResourceHooks {
  /** Custom storage mapped onto a foundation table with the declaration's column names. */
  table?: ResourceTable;
  /**
   * Throw invalid()/conflict() to refuse; `existing` is null on create. May adjust values (what is
   * written). `record` is the record as it will be stored: on an update the stored row (clean
   * values: cents, ISO text) with the request's keys laid over it, so a rule reads every field
   * whether or not a partial PUT sent it; on create the same object as `values`.
   */
  beforeWrite?(tx: Db, organizationId: string, values: RecordValues, existing: RecordValues | null, record: RecordValues, actor?: Actor): Promise<void>;
  /** After the row is written (house status following its lease, …). */
  afterWrite?(tx: Db, organizationId: string, id: string, existing: RecordValues | null): Promise<void>;
  /** Throw conflict() to refuse a delete. */
  beforeDelete?(tx: Db, organizationId: string, existing: RecordValues, actor?: Actor): Promise<void>;
}

/** Area name → its rules; filled at start by loadAreaRules (src/server/area-rules.ts). */
export const resourceHooks: Record<string, ResourceHooks> = {};
