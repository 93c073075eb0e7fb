// Who may open which route (seed sections 2, 6, 8). Pure functions: the route guard and the
// react-admin authProvider.canAccess both decide with these, so the menu, the buttons and the
// routes never disagree.
import { allDeclarations } from '../../../resources/index';
import { can } from '../../shared/permissions';
import type { Session } from '../session/types';

/** guest: visitors' screens (a logged-in user is sent to the dashboard); auth: needs a user id;
 * public: everyone (the 404 page). */
export type RouteArea = 'guest' | 'auth' | 'public';

/** list needs list.{module}; form needs create.{module} without a record id, edit.{module} with one. */
export type RouteAction = 'list' | 'form';

export interface RouteAccess {
  /** A react-router path; optional parameters end with `?` (`/charge-form/:ulid?`). */
  path: string;
  area: RouteArea;
  /** Permission module, singular snake_case (`charge`, `service_provider`). */
  module?: string;
  action?: RouteAction;
  /** The parameter naming the record of a form route; defaults to the last optional parameter. */
  idParam?: string;
  /** A fixed permission for routes that are neither list nor form (`send.message`). */
  permission?: string;
}

export const HOME_PATH = '/dashboard';
export const LOGIN_PATH = '/auth/login';
export const CREATE_ORGANIZATION_PATH = '/auth/create-organization';
export const NOT_FOUND_PATH = '/pages/notfound';

export function idParamOf(route: RouteAccess): string | undefined {
  if (route.idParam) return route.idParam;
  const optional = [...route.path.matchAll(/:([A-Za-z0-9_]+)\?/g)];
  return optional.length ? optional[optional.length - 1][1] : undefined;
}

/** The permission a route needs with these parameters, or null when it needs none. */
export function requiredPermission(route: RouteAccess, params: Record<string, string | undefined> = {}): string | null {
  if (route.permission) return route.permission;
  if (!route.module || !route.action) return null;
  if (route.action === 'list') return `list.${route.module}`;
  const idParam = idParamOf(route);
  const id = idParam ? params[idParam] : undefined;
  return id ? `edit.${route.module}` : `create.${route.module}`;
}

export function hasPermission(permissions: readonly string[] | undefined, permission: string): boolean {
  const dot = permission.indexOf('.');
  if (dot < 0) return false;
  return can(permissions, permission.slice(0, dot), permission.slice(dot + 1));
}

const isLoggedIn = (s: Pick<Session, 'user'>) => s.user?.id != null && s.user.id !== '';

export type RouteDecision = { type: 'render' } | { type: 'redirect'; to: string } | { type: 'not-found' };

/**
 * The seed's routing rules for a loaded session.
 * - auth routes: no user id → /auth/login; a missing permission → the 404 page;
 * - guest routes: a logged-in user → the dashboard (or back to the page that sent them to log in).
 *   One exception: /auth/create-organization stays open to a logged-in user who has no
 *   organisation yet. Registration logs the user in and sends them there, and without an
 *   organisation the dashboard has nothing to show; once they have one, the seed's rule applies.
 * - public routes: everyone.
 */
export function decideRoute(
  route: RouteAccess,
  session: Pick<Session, 'user' | 'permissions' | 'organization'>,
  params: Record<string, string | undefined> = {},
  returnTo?: string,
): RouteDecision {
  if (route.area === 'public') return { type: 'render' };
  if (route.area === 'guest') {
    if (!isLoggedIn(session)) return { type: 'render' };
    if (route.path === CREATE_ORGANIZATION_PATH && !session.organization) return { type: 'render' };
    const back = returnTo && !returnTo.startsWith('/auth/') && returnTo !== '/' ? returnTo : HOME_PATH;
    return { type: 'redirect', to: back };
  }
  if (!isLoggedIn(session)) return { type: 'redirect', to: LOGIN_PATH };
  const needed = requiredPermission(route, params);
  if (needed && !hasPermission(session.permissions, needed)) return { type: 'not-found' };
  return { type: 'render' };
}

/** react-admin resource names (docs/api.md) and their permission modules, from the declarations. */
export const RESOURCE_MODULES: Readonly<Record<string, string>> = Object.fromEntries(allDeclarations.map((r) => [r.name, r.module]));

/** react-admin actions that borrow another permission verb. */
const ACTION_ALIASES: Readonly<Record<string, string>> = { clone: 'create', export: 'list' };

/** authProvider.canAccess: the same permission strings as the routes. Unknown resources are refused. */
export function canAccessResource(
  permissions: readonly string[] | undefined,
  action: string,
  resource: string | undefined,
): boolean {
  if (!resource) return true;
  const module = RESOURCE_MODULES[resource];
  if (!module) return false;
  const verb = ACTION_ALIASES[action] ?? action;
  return hasPermission(permissions, `${verb}.${module}`);
}
