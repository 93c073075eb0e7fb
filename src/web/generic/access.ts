// What the current user may do in an area (permissions from the session, seed section 6) and
// where its screens are. The route guard decides who opens a route; these hide the buttons.
import { useMemo } from 'react';
import { resourceByName } from '../../../resources/index';
import { routeOf, routePath, type Resource } from '../../shared/resource';
import { hasPermission } from '../routing/access';
import { useSession } from '../session/session-store';

export interface AreaAccess {
  list: boolean;
  create: boolean;
  edit: boolean;
  delete: boolean;
}

export function accessFor(permissions: readonly string[], resource: Resource): AreaAccess {
  const may = (action: string) => hasPermission(permissions, `${action}.${resource.module}`);
  const hasForm = !!formRoute(resource);
  return {
    list: may('list'),
    create: hasForm && may('create'),
    edit: hasForm && may('edit'),
    delete: resource.delete.allowed !== false && may('delete'),
  };
}

export function useAccess(resource: Resource): AreaAccess {
  const { permissions } = useSession();
  return useMemo(() => accessFor(permissions, resource), [permissions, resource]);
}

/**
 * A reference picker lists its target (GET /<target>): offered only to those who may list it,
 * so no picker spins on a 403 (the ticket's assignee for a caretaker, who may not list members).
 */
export function mayPick(permissions: readonly string[], target: string): boolean {
  const r = resourceByName(target);
  return !!r && hasPermission(permissions, `list.${r.module}`);
}

/** The form route that creates and edits: the first one with `:id?`, else the first form route. */
export function formRoute(resource: Resource) {
  const forms = resource.routes.filter((r) => r.view === 'form');
  return forms.find((r) => /\/:id\?$/.test(r.path)) ?? forms.find((r) => !r.path.includes(':') || /:id\b/.test(r.path));
}

/** Where to edit a record (or create one, without an id); null when the area has no form. */
export function formPath(resource: Resource, id?: string | number): string | null {
  const route = formRoute(resource);
  if (!route) return null;
  if (id != null && !route.path.includes(':id')) return null;
  return routePath(route.path, id != null ? { id: String(id) } : {});
}

export function listPath(resource: Resource): string | null {
  const route = routeOf(resource, 'list');
  return route ? routePath(route.path) : null;
}

export function declaration(name: string): Resource {
  const r = resourceByName(name);
  if (!r) throw new Error(`No declaration named ${name}`);
  return r;
}
