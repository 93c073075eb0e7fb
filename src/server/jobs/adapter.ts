import type PgBoss from 'pg-boss';
import type { Database, Db } from '../db/client.js';

// pg-boss 10 talks to the database through `executeSql(text, values)` (reference/integrations.md
// part D). On PostgreSQL it opens its own pool as the owner; on PGlite, in-process, it gets this
// adapter: parameterless SQL (pg-boss's multi-statement plans) through `exec`, whose result sets
// are flattened, everything else through `query`. A send inside a business transaction goes
// through the transaction's own connection (txExecutor), so the job commits or rolls back with it.

interface PgliteLike {
  exec(sql: string): Promise<Array<{ rows: unknown[] }>>;
  query(sql: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
}

/** Values as node-postgres would send them: objects as JSON, undefined as null. */
const param = (v: unknown) => (v === undefined ? null : v !== null && typeof v === 'object' && !(v instanceof Date) && !Array.isArray(v) ? JSON.stringify(v) : v);

function pgliteExecutor(client: PgliteLike): PgBoss.Db {
  return {
    async executeSql(text, values) {
      if (!values || values.length === 0) {
        const results = await client.exec(text);
        return { rows: results.flatMap((r) => r.rows) };
      }
      return client.query(text, values.map(param));
    },
  };
}

/** The handle pg-boss itself runs on: null on PostgreSQL (pg-boss opens its own pool from the URL). */
export function bossExecutor(database: Database): PgBoss.Db | null {
  if (database.kind === 'pg') return null;
  return pgliteExecutor((database.db as unknown as { $client: PgliteLike }).$client);
}

/** The connection of a drizzle transaction (pg PoolClient or PGlite transaction): both answer `query(text, values)` with `{ rows }`. */
export function txExecutor(tx: Db): PgBoss.Db {
  const client = (tx as unknown as { session: { client: { query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> } } }).session.client;
  return { executeSql: (text, values) => client.query(text, (values ?? []).map(param)) };
}
