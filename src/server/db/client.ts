import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg, NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { is, SQL, sql } from 'drizzle-orm';
import { asSql, type Rendered } from './statements.js';
import pg from 'pg';
import * as schema from './schema.js';
import { secureSql } from './secure.js';
import { installJobSchema } from '../jobs/install.js';

/** One handle type for both drivers (docs/stack.md). */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  /** The owner's handle: migrations, scripts, tests that inspect or arrange data. */
  db: Db;
  /**
   * The handle the server runs on. On PostgreSQL its connections are the application role
   * (`SET ROLE keja_app` as each connects): it owns nothing and cannot bypass row-level security,
   * so even a query outside a scope (no organisation set) sees no tenant row. PGlite has one
   * connection, so there it is `db`, and inScope switches role inside each transaction.
   */
  app: Db;
  kind: 'pglite' | 'pg';
  /** PostgreSQL: the connection string (the job queue opens its own pool as the owner). */
  url?: string;
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
    const max = Number(process.env.PG_POOL_MAX || 10);
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max });
    if (shouldMigrate) await migrateServer(pool);
    // Settings in the connection's startup packet (as PGOPTIONS would): the role, so every statement
    // on these connections runs as it and a connection that cannot take it fails to open; and no
    // JIT: the requests' queries run in milliseconds, and under row-level security the planner's
    // estimates can be far enough off to compile one for a quarter of a second (seen on reports)
    const appPool = new pg.Pool({ connectionString: options.databaseUrl, max, options: `-c role=${APP_ROLE} -c jit=off` });
    // numeric and bigint stay strings: money is never a float.
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const app = drizzlePg(appPool, { schema }) as unknown as Db;
    return { db, app, kind: 'pg', url: options.databaseUrl, close: async () => { await Promise.all([pool.end(), appPool.end()]); } };
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
    await installJobSchema((q) => client.exec(q), async (q) => (await client.query<Record<string, unknown>>(q)).rows, APP_ROLE);
  }
  return { db, app: db, kind: 'pglite', close: () => client.close() };
}

/** Several processes may start at once: one migrates, the others wait on the advisory lock. */
async function migrateServer(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock(4242001)');
    await migratePg(drizzlePg(client), { migrationsFolder });
    await client.query(secureSql());
    await installJobSchema((q) => client.query(q), async (q) => (await client.query(q)).rows as Array<Record<string, unknown>>, APP_ROLE);
  } finally {
    await client.query('select pg_advisory_unlock(4242001)').catch(() => undefined);
    client.release();
  }
}

export const APP_ROLE = 'keja_app';

export interface Scope {
  tenant?: string | null;
  user?: string | null;
  /** The sha256 of an invitation link's token: outside any organisation, the one invitation a guest holding the link may see (secure.ts). */
  invitation?: string | null;
  /**
   * A read to run first, right after the scope is set (the membership check of a request). On
   * PostgreSQL it travels in the same round trip as BEGIN and the set_config calls (one simple
   * query; its parameters are inlined as escaped literals, so they must be strings, numbers,
   * booleans or null). Its rows are fn's second argument.
   */
  first?: SQL;
  /**
   * The work only reads (a list, a record): the transaction is BEGIN READ ONLY, so PostgreSQL
   * refuses any write in it, and on PostgreSQL its COMMIT is sent without being waited for (the
   * connection goes back to the pool when it completes): a read-only transaction has nothing to
   * lose, and the reply leaves one round trip sooner.
   */
  readOnly?: boolean;
}

type Row = Record<string, unknown>;

/**
 * Runs fn in one transaction as the application role, with the organisation (and user) set for
 * row-level security. Everything a request reads or writes goes through here.
 *
 * On PostgreSQL the opening is one round trip: `BEGIN; SELECT set_config(…); <first>` sent as a
 * single simple query (drizzle's own transaction sends BEGIN, then each statement, on its own),
 * then fn runs on a drizzle transaction over the same connection, then COMMIT (ROLLBACK on error).
 * PGlite is in-process: there a round trip costs nothing, and drizzle's transaction is used.
 */
export async function inScope<T>(db: Db, scope: Scope, fn: (tx: Db, first: Row[]) => Promise<T>): Promise<T> {
  // the fast path only from the pool: inside a transaction (a nested scope) drizzle's own
  // transaction makes the savepoint it always made
  if (concurrentScopes(db)) return inScopePg((db as unknown as { session: object }).session, scope, fn);
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('role', ${APP_ROLE}, true), set_config('app.tenant', ${scope.tenant ?? ''}, true), set_config('app.user', ${scope.user ?? ''}, true), set_config('app.invitation', ${scope.invitation ?? ''}, true)`,
    );
    const first = scope.first ? rowsOf<Row>(await tx.execute(scope.first)) : [];
    return fn(tx as unknown as Db, first);
  }, scope.readOnly ? { accessMode: 'read only' } : undefined);
}

/**
 * Whether two scopes may run at once on `db`: a PostgreSQL pool gives each its own connection. A
 * transaction, or PGlite (one connection), runs them one after the other at best.
 */
export function concurrentScopes(db: Db): boolean {
  const session = (db as unknown as { session?: unknown }).session;
  return session instanceof NodePgSession && (session as unknown as PgSessionParts).client instanceof pg.Pool;
}

interface PgSessionParts {
  client: pg.Pool | pg.PoolClient;
  dialect: ConstructorParameters<typeof NodePgTransaction>[0];
  schema: ConstructorParameters<typeof NodePgTransaction>[2];
  options: ConstructorParameters<typeof NodePgSession>[3];
}

/** A value as an SQL literal, or null when it has no inline form here (an array, a date object). */
function literal(v: unknown): string | null {
  if (v === null || v === undefined) return 'NULL';
  if (typeof v === 'number' || typeof v === 'bigint') return String(v);
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (typeof v === 'string') return pg.escapeLiteral(v);
  return null;
}

/** A query as one statement's text with its parameters inlined; null when one cannot be. */
function inlined(dialect: PgSessionParts['dialect'], query: SQL | Rendered): string | null {
  const q = is(query, SQL) ? dialect.sqlToQuery(query) : query;
  const values = q.params.map(literal);
  // drizzle numbers its parameters $1…$n and writes no other dollar sign into a select
  return values.includes(null) ? null : q.sql.replace(/\$(\d+)/g, (_, n: string) => values[Number(n) - 1]!);
}

/** The statement that sets a scope (transaction-local settings). */
function settingsText(scope: Omit<Scope, 'first'>): string {
  const lit = (v: string) => pg.escapeLiteral(v);
  return `select set_config('role', ${lit(APP_ROLE)}, true), set_config('app.tenant', ${lit(scope.tenant ?? '')}, true), set_config('app.user', ${lit(scope.user ?? '')}, true), set_config('app.invitation', ${lit(scope.invitation ?? '')}, true)`;
}

/** The statements that set a scope, and its first read. */
function scopeText(dialect: PgSessionParts['dialect'], scope: Omit<Scope, 'first'> & { first?: SQL | Rendered }): string {
  let text = settingsText(scope);
  if (scope.first) {
    const first = inlined(dialect, scope.first);
    if (first === null) throw new Error('inScope: a first query parameter must be a string, number, boolean or null');
    text += `; ${first}`;
  }
  return text;
}

async function inScopePg<T>(session: object, scope: Scope, fn: (tx: Db, first: Row[]) => Promise<T>): Promise<T> {
  const parts = session as unknown as PgSessionParts;
  const client = await (parts.client as pg.Pool).connect();
  let broken: Error | undefined;
  let released = false;
  try {
    const results = (await client.query(`begin${scope.readOnly ? ' read only' : ''}; ${scopeText(parts.dialect, scope)}`)) as unknown as pg.QueryResult<Row>[];
    const first = scope.first ? results[results.length - 1].rows : [];
    const txSession = new NodePgSession(client, parts.dialect, parts.schema, parts.options);
    const tx = new NodePgTransaction(parts.dialect, txSession, parts.schema);
    const result = await fn(tx as unknown as Db, first);
    if (scope.readOnly) {
      released = true;
      client.query('commit').then(() => client.release(), (e: Error) => client.release(e));
      return result;
    }
    await client.query('commit');
    return result;
  } catch (err) {
    // a failed batch may have opened the transaction before failing: roll back whatever is open
    // (a connection that cannot even roll back is dropped from the pool, not reused)
    await client.query('rollback').catch((e: Error) => { broken = e; });
    throw err;
  } finally {
    if (!released) client.release(broken);
  }
}

/** Dates, timestamps and intervals as text, the rest as pg parses them: what drizzle's node-postgres queries read. */
const AS_TEXT = new Set([pg.types.builtins.TIMESTAMPTZ, pg.types.builtins.TIMESTAMP, pg.types.builtins.DATE, pg.types.builtins.INTERVAL, 1231, 1115, 1185, 1187, 1182]);
const drizzleReads = {
  getTypeParser: (id: number, format?: 'text' | 'binary') => (AS_TEXT.has(id) ? (v: string) => v : pg.types.getTypeParser(id, format)),
};

/** The statements each pooled connection has prepared with SQL PREPARE (readOnce), by name. */
const preparedOn = new WeakMap<pg.ClientBase, Set<string>>();
/** Prepared statements' names by text, each text hashed once (a rendered shape's is the same string every time). */
const hashes = new Map<string, string>();
function hashOf(text: string): string {
  let hash = hashes.get(text);
  if (!hash) {
    if (hashes.size >= 2000) hashes.clear();
    hash = createHash('sha1').update(text).digest('hex').slice(0, 32);
    hashes.set(text, hash);
  }
  return hash;
}

/**
 * `query` as an EXECUTE of a statement each connection prepares once (PREPARE in the same batch,
 * the first time), so it is planned once per connection rather than per request: for a small query
 * of fixed shape over small tables (the membership check), whose planning under row-level
 * security costs several times its running. Text parameters only; null otherwise.
 */
function executeText(client: pg.ClientBase, query: Rendered): { name: string; text: string } | null {
  if (!query.params.every((p) => typeof p === 'string')) return null;
  const name = `keja_once_${hashOf(query.sql)}`;
  const execute = `execute ${name}${query.params.length ? `(${query.params.map(literal).join(', ')})` : ''}`;
  if (preparedOn.get(client)?.has(name)) return { name, text: execute };
  const types = query.params.length ? `(${query.params.map(() => 'text').join(', ')})` : '';
  return { name, text: `prepare ${name}${types} as ${query.sql}; ${execute}` };
}

/**
 * PostgreSQL: a scope's first read and one more (`then`), sent as one batch in one round trip and
 * run as one implicit transaction (the simple protocol's rule for several statements), its
 * settings gone when it ends: a read request's whole exchange with the database, like a bare
 * query. A rendered `first` with text parameters runs as a statement prepared once per connection
 * (executeText). `then` must guard itself on what `first` established (tenancy.ts PERMITTED). Its
 * rows come as arrays in select order, values as drizzle's node-postgres driver reads them, for the
 * caller to map. Null, with nothing sent, on PGlite or when a value of `then` cannot be inlined:
 * the caller then works in an ordinary scope.
 */
export async function readOnce(db: Db, scope: Omit<Scope, 'first'> & { first: SQL | Rendered }, then: Rendered): Promise<{ first: Row[]; then: unknown[][] } | null> {
  const session = (db as unknown as { session?: unknown }).session;
  if (!(session instanceof NodePgSession) || !((session as unknown as PgSessionParts).client instanceof pg.Pool)) return null;
  const parts = session as unknown as PgSessionParts;
  const page = inlined(parts.dialect, then);
  if (page === null) return null;
  const client = await (parts.client as pg.Pool).connect();
  let failed: Error | undefined;
  try {
    const prepared = is(scope.first, SQL) ? null : executeText(client, scope.first);
    const first = prepared ? `${settingsText(scope)}; ${prepared.text}` : scopeText(parts.dialect, scope);
    const results = (await client.query({ text: `${first}; ${page}`, rowMode: 'array', types: drizzleReads })) as unknown as pg.QueryResult<unknown[]>[];
    if (prepared) preparedOn.set(client, (preparedOn.get(client) ?? new Set()).add(prepared.name));
    const own = results[results.length - 2];
    return { first: own.rows.map((row) => Object.fromEntries(own.fields.map((f, i) => [f.name, row[i]]))), then: results[results.length - 1].rows };
  } catch (err) {
    // a connection whose batch failed may hold a statement prepared half-way: it is not reused
    failed = err as Error;
    throw err;
  } finally {
    client.release(failed);
  }
}

/**
 * Like tx.execute, as a named prepared statement on PostgreSQL (named by a hash of its text, so the
 * same text always has the same name): each pooled connection parses it once and, after a few runs,
 * keeps a generic plan. For large report queries whose planning (a dozen relations, each with its
 * row-level security qual) costs more than running them. PGlite: a plain execute. `query` is
 * drizzle SQL, or a statement rendered once per shape (statements.ts rendered), which is neither
 * built nor rendered again.
 *
 * `generic`: the generic plan from the first run on each connection, not after five custom plans
 * (PostgreSQL's rule), for a statement whose plan does not depend on its values (every read through
 * an index on the organisation and one record's id): planned once per connection, not five times,
 * and without parallel workers (starting them costs more than such a statement runs). Inside a
 * scope's transaction it is an SQL PREPARE (once per connection), then one batch that sets
 * plan_cache_mode and max_parallel_workers_per_gather, EXECUTEs it with its values inlined (strings,
 * numbers, booleans, null) and puts both settings back: one round trip, as an ordinary execute.
 * Otherwise as without the option.
 *
 * `hashJoins` (with `generic`): planned without merge joins. A generic plan guesses a couple of rows
 * per key, for which a merge join looks cheapest; where the keys are in fact hundreds of rows (one
 * property's invoices, their allocations and lines), it sorts each side first: about a tenth of the
 * property statement, against hash joins that take the rows as they come. `noNestedLoops` (with
 * `generic`): without nested loops as well, which on that guess read the other side once per row
 * (880 invoices × 440 grouped lines: 440 ms against 7); only where no index is reached through
 * one (an owner's statement finds its properties' invoices so: 2.3 s without, 18 ms with).
 */
export async function executePrepared(tx: Db, query: SQL | Rendered, options: { generic?: boolean; hashJoins?: boolean; noNestedLoops?: boolean } = {}): Promise<unknown> {
  const session = (tx as unknown as { session?: unknown }).session;
  if (!(session instanceof NodePgSession)) return tx.execute(is(query, SQL) ? query : asSql(query));
  const parts = session as unknown as PgSessionParts & {
    prepareQuery(q: { sql: string; params: unknown[] }, fields: undefined, name: string, arrayMode: boolean): { execute(): Promise<unknown> };
  };
  const q = is(query, SQL) ? parts.dialect.sqlToQuery(query) : query;
  const hash = hashOf(q.sql);
  const values = q.params.map(literal);
  if (!options.generic || parts.client instanceof pg.Pool || values.includes(null)) return parts.prepareQuery(q, undefined, `keja_${hash}`, false).execute();
  const client = parts.client;
  const name = `keja_generic_${hash}`;
  if (!preparedOn.get(client)?.has(name)) {
    // on its own: a batch that failed after preparing would leave the name taken, unrecorded
    await client.query(`prepare ${name} as ${q.sql}`);
    preparedOn.set(client, (preparedOn.get(client) ?? new Set()).add(name));
  }
  const settings: Array<[string, string]> = [['plan_cache_mode', 'force_generic_plan'], ['max_parallel_workers_per_gather', '0']];
  if (options.hashJoins) settings.push(['enable_mergejoin', 'off']);
  if (options.noNestedLoops) settings.push(['enable_nestloop', 'off']);
  const results = (await client.query({
    text: `select ${settings.map(([k, v]) => `set_config('keja.${k}', current_setting('${k}'), true), set_config('${k}', '${v}', true)`).join(', ')};
      execute ${name}${values.length ? `(${values.join(', ')})` : ''};
      select ${settings.map(([k]) => `set_config('${k}', current_setting('keja.${k}'), true)`).join(', ')}`,
    types: drizzleReads,
  })) as unknown as pg.QueryResult[];
  return results[1];
}

/** The rows of a raw `execute` (both drivers answer `{ rows }`). */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
