// Who may grant what (issue 12): nobody grants a permission they do not hold, nobody changes the
// roles of (or disables, or removes) someone holding more than they do, and only a member holding
// every permission touches a built-in role. The server enforces it; the web app disables the
// options it would refuse. Pure functions over permission lists: both sides import them.
import { ALL_PERMISSIONS } from './permissions.js';

/** The permissions in `wanted` that `held` lacks (empty: `held` may grant all of `wanted`). */
export function notHeld(held: readonly string[], wanted: readonly string[]): string[] {
  const mine = new Set(held);
  return [...new Set(wanted)].filter((p) => !mine.has(p));
}

export const mayGrant = (held: readonly string[], wanted: readonly string[]): boolean => notHeld(held, wanted).length === 0;

/** Built-in roles are for those who hold every permission (an Administrator). */
export const holdsEverything = (held: readonly string[]): boolean => mayGrant(held, ALL_PERMISSIONS);
