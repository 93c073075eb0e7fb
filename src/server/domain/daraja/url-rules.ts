import { randomInt } from 'node:crypto';

/**
 * Safaricom refuses to register a C2B URL containing any of these words, in any case
 * (reference/integrations.md A2). The callback secret sits in the path, so it must never spell one.
 */
export const REFUSED_URL_WORDS = ['mpesa', 'm-pesa', 'safaricom', 'exe', 'exec', 'cmd', 'sql', 'query'] as const;

export const refusedWordIn = (url: string): string | null => {
  const lower = url.toLowerCase();
  return REFUSED_URL_WORDS.find((w) => lower.includes(w)) ?? null;
};

/**
 * Digits and letters without e, m and q (either case): every refused word needs one of them
 * (exe/exec: e, cmd/mpesa/safaricom: m, sql/query: q), so no string over this alphabet can
 * contain one, whatever the random draw. 56 symbols × 32 = 185 bits.
 */
export const SECRET_ALPHABET = '0123456789abcdfghijklnoprstuvwxyzABCDFGHIJKLNOPRSTUVWXYZ';
const SECRET_LENGTH = 32;

/** An unguessable callback secret from the CSPRNG (uniform over the alphabet: randomInt has no modulo bias). */
export function newCallbackSecret(): string {
  let out = '';
  for (let i = 0; i < SECRET_LENGTH; i++) out += SECRET_ALPHABET[randomInt(SECRET_ALPHABET.length)];
  return out;
}

/** A stored secret made before this rule (base64url) may hold a refused word or - and _: it is replaced. */
export const isUsableSecret = (secret: string | null | undefined): secret is string =>
  !!secret && secret.length >= SECRET_LENGTH && [...secret].every((c) => SECRET_ALPHABET.includes(c));
