import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import type { Database } from '../../src/server/db/client.js';
import type { ResourceTable } from '../../src/server/db/resource-tables.js';
import { secureSql } from '../../src/server/db/secure.js';

/**
 * A new area's tables in `database`, made as `npm run db:generate` would write its migration (the
 * difference the declaration makes to the schema), with row-level security as every table has.
 * In a file of its own: drizzle-kit is slow to load, and only the tests that add an area need it.
 */
export async function createAreaTables(database: Database, tables: Record<string, ResourceTable>): Promise<void> {
  for (const statement of await generateMigration(generateDrizzleJson({}), generateDrizzleJson(tables))) await database.db.execute(statement);
  await database.db.execute(secureSql());
}
