import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema.js';
import { secureSql } from './secure.js';

/** One handle type for both drivers (docs/stack.md). */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'pg';
  close(): Promise<void>;
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface OpenOptions {
  databaseUrl?: string;
  /** Folder for the embedded database; undefined means in memory. */
  dataDir?: string;
  /** A dumped, already migrated data folder to start from (tests). */
  loadDataDir?: Blob | File;
  /** Apply migrations (default true). */
  migrate?: boolean;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  const shouldMigrate = options.migrate ?? true;
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: Number(process.env.PG_POOL_MAX || 10) });
    // numeric and bigint stay strings: money is never a float.
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    if (shouldMigrate) await migrateServer(pool);
    return { db, kind: 'pg', close: () => pool.end() };
  }
  const client = new PGlite({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    extensions: { pg_trgm },
  });
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  if (shouldMigrate) {
    await migratePglite(drizzlePglite(client), { migrationsFolder });
    await client.exec(secureSql());
  }
  return { db, kind: 'pglite', close: () => client.close() };
}

/** Several processes may start at once: one migrates, the others wait on the advisory lock. */
async function migrateServer(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock(4242001)');
    await migratePg(drizzlePg(client), { migrationsFolder });
    await client.query(secureSql());
  } finally {
    await client.query('select pg_advisory_unlock(4242001)').catch(() => undefined);
    client.release();
  }
}

export const APP_ROLE = 'keja_app';

export interface Scope {
  tenant?: string | null;
  user?: string | null;
}

/**
 * Runs fn in one transaction as the application role, with the organisation (and user) set for
 * row-level security. Everything a request reads or writes goes through here.
 */
export function inScope<T>(db: Db, scope: Scope, fn: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('role', ${APP_ROLE}, true), set_config('app.tenant', ${scope.tenant ?? ''}, true), set_config('app.user', ${scope.user ?? ''}, true)`,
    );
    return fn(tx as unknown as Db);
  });
}

/** The rows of a raw `execute` (both drivers answer `{ rows }`). */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
