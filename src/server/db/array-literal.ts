// A JS array as a PostgreSQL array literal, in pg's own encoding (what the driver sends for an array
// parameter). Made ahead of a query, it travels as one text parameter (`$1::text[]`) on both
// drivers, and a batch of rows goes in as one such parameter per column, read back by unnest.
import { createRequire } from 'node:module';

const { prepareValue } = createRequire(import.meta.url)('pg/lib/utils') as { prepareValue(value: unknown): unknown };

export const arrayLiteral = (values: readonly unknown[]): string => prepareValue(values) as string;
