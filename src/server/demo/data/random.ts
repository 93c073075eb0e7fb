// A small seeded generator (mulberry32) so the demo organisation is the same on every start.

export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  pick<T>(list: readonly T[]): T;
  /** A new array in a shuffled order (Fisher–Yates); the input is left alone. */
  shuffle<T>(list: readonly T[]): T[];
  /** `count` characters from `alphabet`. */
  chars(count: number, alphabet?: string): string;
  digits(count: number): string;
  /** true with the given probability. */
  chance(p: number): boolean;
}

export function seededRandom(seed: number): Random {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const chars = (count: number, alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789') =>
    Array.from({ length: count }, () => alphabet[int(0, alphabet.length - 1)]).join('');
  return {
    next,
    int,
    pick: (list) => list[int(0, list.length - 1)],
    shuffle: (list) => {
      const out = [...list];
      for (let i = out.length - 1; i > 0; i--) {
        const j = int(0, i);
        [out[i], out[j]] = [out[j], out[i]];
      }
      return out;
    },
    chars,
    digits: (count) => chars(count, '0123456789'),
    chance: (p) => next() < p,
  };
}
