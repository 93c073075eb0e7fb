// Route patterns and their parameters: shared by the route table (which mounts the generic
// screens) and the screens themselves (which read the mounted route's parameters), so neither
// imports the other.

/** '/property/:property_id/house-form/:ulid?' → '/property/:/house-form/:?' (names do not matter). */
export function routeShape(path: string): string {
  return path
    .split('/')
    .map((seg) => (seg.startsWith(':') ? (seg.endsWith('?') ? ':?' : ':') : seg))
    .join('/');
}

/** The parameter names of a route pattern, in order. */
export function paramNames(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]);
}

/**
 * The mounted route's parameters under the declaration's names, matched by position:
 * `/property/:property_id/house-form/:ulid?` mounted for `/property/:property_id/house-form/:id?`
 * gives `{ property_id, id }`.
 */
export function declaredParams(mounted: string, declared: string, params: Record<string, string | undefined>): Record<string, string | undefined> {
  const from = paramNames(mounted);
  const to = paramNames(declared);
  const out: Record<string, string | undefined> = {};
  to.forEach((name, i) => {
    const v = from[i] !== undefined ? params[from[i]] : undefined;
    if (v !== undefined && v !== '') out[name] = v;
  });
  return out;
}

/** What a generic screen is for: a declaration's route, mounted at `mounted`. */
export interface ScreenTarget {
  resource: string;
  declared: string;
  mounted: string;
}
