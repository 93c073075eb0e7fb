// The area routes come from the declarations (resources/*.ts): every list, form and page route a
// declaration names gets its generic screen. The seed's own spellings (`/charge-form/:ulid?`,
// `/role/form/:role_id?`) are kept: a declared route takes over the seed route of the same shape,
// so both the exact seed paths and their permission rules stay as the seed wrote them. A declared
// route the seed does not list (`/lease-form/:id?`) is added with the declaration's rules.
import { lazy, type ComponentType } from 'react';
import { allDeclarations } from '../../../resources/index';
import type { Resource, RouteDeclaration } from '../../shared/resource';
import type { AppRoute, MenuEntry } from '../routing/route-types';
import { iconNamed } from './icons';

export { routeShape, paramNames, declaredParams, type ScreenTarget } from './route-params';
import { routeShape, type ScreenTarget } from './route-params';

const firstSegment = (path: string) => path.split('/').find((s) => s && !s.startsWith(':')) ?? '';

/** The menu entry of a route: lists, the singleton's form and pages (compose a message). */
export function menuEntryFor(resource: Resource, route: RouteDeclaration, order = 0): MenuEntry | undefined {
  const slug = firstSegment(route.path);
  const main = resource.singleton ? route.view === 'form' : route.view === 'list' && slug === resource.name;
  if (!main && route.view === 'form') return undefined;
  const ICON_BY_SLUG: Record<string, string> = { outbox: 'Outbox', sent: 'MarkEmailRead', 'send-message': 'Send' };
  return {
    label: main ? `resources.${resource.name}.name` : `resources.${resource.name}.menu.${slug}`,
    icon: iconNamed(ICON_BY_SLUG[slug] ?? resource.icon),
    group: resource.menu,
    fallback: slug,
    // lists first, then the area's pages (compose a message after the outbox and sent)
    order: order * 10 + (route.view === 'page' ? 5 : 0),
  };
}

function screen(target: ScreenTarget): ComponentType {
  return lazy(async () => ({ default: (await import('./screens')).screenFor(target) }));
}

/** The permission of a declared route the seed does not list (list.m, create.m/edit.m, pages). */
function declaredAccess(resource: Resource, route: RouteDeclaration): Pick<AppRoute, 'module' | 'action' | 'idParam' | 'permission'> {
  if (route.permission) return { permission: route.permission };
  if (route.view === 'list') return { module: resource.module, action: 'list' };
  if (route.view === 'page' || resource.singleton) return { permission: `show.${resource.module}` };
  return { module: resource.module, action: 'form', idParam: 'id' };
}

/** The seed's area routes with their screens attached, plus declared routes the seed lacks. */
export function withDeclaredScreens(seed: AppRoute[], declarations: readonly Resource[] = allDeclarations): AppRoute[] {
  const out = seed.map((r) => ({ ...r }));
  declarations.forEach((resource, index) => {
    for (const route of resource.routes) {
      const shape = routeShape(route.path);
      const existing = out.find((r) => routeShape(r.path) === shape);
      const menu = menuEntryFor(resource, route, index);
      if (existing) {
        existing.component ??= screen({ resource: resource.name, declared: route.path, mounted: existing.path });
        if (menu) existing.menu ??= menu;
        continue;
      }
      out.push({
        path: route.path,
        area: 'auth',
        ...declaredAccess(resource, route),
        component: screen({ resource: resource.name, declared: route.path, mounted: route.path }),
        ...(menu ? { menu } : {}),
      });
    }
  });
  return out;
}
