import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { createRequire } from 'node:module';
import { rowsOf, type Database } from '../../../src/server/db/client.js';
import { arrayLiteral } from '../../../src/server/db/array-literal.js';
import { testDatabase } from '../helpers.js';

// arrayLiteral (src/server/db/array-literal.ts) writes a column of a batch as one array literal,
// by JSON.stringify where that text is an array literal's and by pg's own writer otherwise. Either
// way the database must read back exactly the values written.

const { prepareValue } = createRequire(import.meta.url)('pg/lib/utils') as { prepareValue(value: unknown): unknown };

let database: Database;
beforeAll(async () => { database = await testDatabase(); });
afterAll(() => database.close());

/** What the database reads from `literal` as text[]. */
async function read(literal: string): Promise<Array<string | null>> {
  return rowsOf<{ a: Array<string | null> }>(await database.db.execute(sql`select ${literal}::text[] as a`))[0].a;
}

// text cannot hold NUL; everything else may come: quotes, backslashes, braces, commas, control
// characters, lone surrogates' neighbours, the word null, blanks
const text = fc.oneof(
  fc.string({ unit: 'binary' }).map((s) => s.replace(/\u0000/g, '')),
  fc.constantFrom('', ' ', 'null', 'NULL', '"', '\\', '\\"', '{}', 'a,b', '\n', '\t', 'x\u0001y', 'Service charge "Mar" 2026', 'C:\\rent'),
);
const value = fc.oneof(text, fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constant(null));

describe('arrayLiteral', () => {
  it('is read back as the values written, as pg\'s own literal is', async () => {
    await fc.assert(fc.asyncProperty(fc.array(value, { maxLength: 40 }), async (values) => {
      const expected = values.map((v) => (v === null ? null : String(v)));
      expect(await read(arrayLiteral(values))).toEqual(expected);
      expect(await read(prepareValue(values) as string)).toEqual(expected);
    }), { numRuns: 150 });
  });

  it('is JSON\'s text for plain strings, numbers and nulls, and pg\'s where JSON would escape otherwise', () => {
    expect(arrayLiteral(['01J', 'Rent "Mar"', 12, -0.5, null])).toBe('{"01J","Rent \\"Mar\\"",12,-0.5,null}');
    // a backslash before a letter looks like one of JSON's escapes: pg writes it
    expect(arrayLiteral(['C:\\x'])).toBe(prepareValue(['C:\\x']));
    expect(arrayLiteral(['a\nb'])).toBe(prepareValue(['a\nb']));
    expect(arrayLiteral([Number.NaN])).toBe(prepareValue([Number.NaN]));
    expect(arrayLiteral([true, 1n])).toBe(prepareValue([true, 1n]));
  });
});
