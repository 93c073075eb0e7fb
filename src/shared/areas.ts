// The index of areas, assembled from the declarations (resources/<name>.ts) and never written by
// hand: their order in the menu, the list areas, the stored ones, and the delete rules that follow
// from references. resources/index.ts applies it to what `npm run areas` found in resources/.

import { MENU_GROUPS, type Resource } from './resource.js';
import { humanise } from './humanise.js';

export interface AreaIndex {
  /** The list areas (the API's /api/v1/<name> resources), in menu order. */
  resources: readonly Resource[];
  /** Every declaration including singletons (settings). */
  allDeclarations: readonly Resource[];
  /** Areas with a generic table (what src/server/db/resource-tables.ts builds). */
  storedResources: readonly Resource[];
  resourceByName(name: string): Resource | undefined;
}

/** Menu group, then `order`, then name: the same order on every machine whatever the file system says. */
function menuOrder(a: Resource, b: Resource): number {
  const group = MENU_GROUPS.indexOf(a.menu) - MENU_GROUPS.indexOf(b.menu);
  if (group) return group;
  const order = (a.order ?? Number.MAX_SAFE_INTEGER) - (b.order ?? Number.MAX_SAFE_INTEGER);
  return order || a.name.localeCompare(b.name);
}

/**
 * Each reference to a stored area blocks deleting the record it points at (a 409 with a message
 * rather than a bare foreign-key refusal). A declaration may word the rule itself in its own
 * delete.blockedBy; the references it does not name get this one.
 */
function withDerivedBlockers(list: readonly Resource[]): Resource[] {
  const added = new Map<string, NonNullable<Resource['delete']['blockedBy']>>();
  for (const holder of list) {
    const holders = [
      ...holder.fields.map((f) => ({ f, child: undefined as string | undefined })),
      ...holder.children.flatMap((c) => c.fields.map((f) => ({ f, child: c.key as string | undefined }))),
    ];
    for (const { f, child } of holders) {
      if (f.kind !== 'reference' && f.kind !== 'multi_reference') continue;
      const target = list.find((r) => r.name === f.reference);
      if (!target || target.storage !== 'table' || target.delete.allowed === false) continue;
      const named = (target.delete.blockedBy ?? []).some((b) => b.resource === holder.name && b.field === f.key && b.child === child);
      if (named) continue;
      const what = humanise(child ? `${holder.name} ${child}` : holder.name);
      (added.get(target.name) ?? added.set(target.name, []).get(target.name)!)
        .push({ resource: holder.name, field: f.key, child, message: `${what} refer to this record.` });
    }
  }
  return list.map((r) => {
    const more = added.get(r.name);
    return more ? { ...r, delete: { ...r.delete, blockedBy: [...(r.delete.blockedBy ?? []), ...more] } } : r;
  });
}

export function assembleAreas(declarations: readonly Resource[]): AreaIndex {
  const names = new Set<string>();
  for (const d of declarations) {
    if (names.has(d.name)) throw new Error(`two declarations are named ${d.name}`);
    names.add(d.name);
  }
  const allDeclarations = withDerivedBlockers([...declarations].sort(menuOrder));
  const resources = allDeclarations.filter((r) => !r.singleton);
  const byName = new Map(allDeclarations.map((r) => [r.name, r]));
  return {
    resources,
    allDeclarations,
    storedResources: resources.filter((r) => r.storage === 'table'),
    resourceByName: (name) => byName.get(name),
  };
}

/** A module's exports that are declarations (made by defineResource). */
export function declarationsIn(module: Record<string, unknown>): Resource[] {
  return Object.values(module).filter((v): v is Resource =>
    typeof v === 'object' && v !== null && 'name' in v && 'fields' in v && 'routes' in v && 'storage' in v && 'listColumns' in v);
}
