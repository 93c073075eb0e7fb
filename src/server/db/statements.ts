import { fillPlaceholders, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

/** A statement's text ($1…$n) and its values. */
export interface Rendered {
  sql: string;
  params: unknown[];
}

const dialect = new PgDialect();
const cache = new Map<string, Rendered>();
/** Shapes are few (an area's filters and sorts); the bound only guards against unbounded keys. */
const MAX_SHAPES = 2000;

/**
 * A statement built by drizzle once per shape (`key`: whatever changes its text) with placeholders
 * (sql.placeholder) for its values, then filled with `values` on every use. Building and rendering
 * a list's page query is a fifth of a request's JavaScript time; filling a rendered one is not.
 */
export function rendered(key: string, build: () => SQL, values: Record<string, unknown>): Rendered {
  let statement = cache.get(key);
  if (!statement) {
    if (cache.size >= MAX_SHAPES) cache.clear();
    statement = dialect.sqlToQuery(build());
    cache.set(key, statement);
  }
  return { sql: statement.sql, params: fillPlaceholders(statement.params, values) };
}

/** Where a rendered statement's value `name` goes, typed as the value it stands for (a builder taking a string takes it). */
export const placeholder = (name: string): string => sql.placeholder(name) as unknown as string;

/** The shapes built so far (tests: a list on PostgreSQL went the one-round-trip way). */
export const renderedShapes = (): string[] => [...cache.keys()];

/**
 * A rendered statement as drizzle SQL again, its values parameters, for where only SQL is taken
 * (PGlite's execute). Drizzle numbers its parameters $1…$n and writes no other dollar sign.
 */
export function asSql(statement: Rendered): SQL {
  const parts = statement.sql.split(/\$(\d+)/);
  return sql.join(parts.map((part, i) => (i % 2 ? sql`${statement.params[Number(part) - 1]}` : sql.raw(part))));
}
