import { sql } from 'drizzle-orm';
import type { Resource } from '../../../src/shared/resource.js';
import { readOnce, type Db } from '../../../src/server/db/client.js';
import { listStatement } from '../../../src/server/crud/list-statement.js';
import type { ListQuery } from '../../../src/server/crud/query-parser.js';
import { PERMITTED } from '../../../src/server/tenancy.js';

/**
 * EXPLAIN ANALYZE of a list's one statement (crud/list-statement.ts) with its gate open, a line a
 * row: the way it went on PostgreSQL. Null when the list has no such statement.
 */
export async function listPlan(db: Db, org: string, resource: Resource, query: ListQuery): Promise<string[] | null> {
  const statement = listStatement(resource, org, query, PERMITTED);
  if (!statement) return null;
  const read = await readOnce(db, { tenant: org, first: sql`select set_config('app.permitted', 'on', true) as gate` },
    { sql: `explain (analyze, costs off, timing off, summary off) ${statement.sql}`, params: statement.params });
  return read!.then.map((row) => String(row[0]));
}
