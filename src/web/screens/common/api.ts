// Domain endpoints (lease lifecycle, void, reverse, assign) through the app's HTTP client, and
// where each area's list lives (the save returns there).
import { api } from '../../providers/http-client';
import { resourceByName } from '../../../../resources/index';
import { routeOf } from '../../../shared/resource';

export const postAction = <T = unknown,>(path: string, body: unknown = {}) => api<T>(path, { method: 'POST', body });

/** The list route of an area ('/leases'), or '/dashboard' when it has none. */
export function listPathOf(resource: string): string {
  const decl = resourceByName(resource);
  const route = decl && routeOf(decl, 'list');
  return route?.path ?? '/dashboard';
}

/** Today in Nairobi as YYYY-MM-DD. */
export function todayInNairobi(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}
