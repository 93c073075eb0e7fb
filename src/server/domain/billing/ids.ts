import { randomBytes } from 'node:crypto';
import { ulid } from 'ulid';

// ulid() asks the crypto module for each of its 16 random characters; a billing run makes tens of
// thousands of ids (invoices, lines, audit rows), so draw the same randomness from a pool instead.
let pool = randomBytes(16_384);
let at = 0;
const pooled = () => {
  if (at >= pool.length) {
    pool = randomBytes(16_384);
    at = 0;
  }
  return pool[at++] / 256;
};

/** A ULID like ulid()'s, its randomness from a pooled crypto buffer. */
export const newId = () => ulid(undefined, pooled);

/**
 * `n` new ids in ascending order. Rows inserted in id order append to the end of their primary key
 * index; the same ids in random order split its pages all over (measured: inserting a billing run's
 * invoices took twice as long).
 */
export const newIds = (n: number): string[] => Array.from({ length: n }, newId).sort();
