// The shape of a route in the app's table. Its own module so the table (routes.tsx), the
// generic kit that fills it (generic/route-table.ts) and the pages that read it (through
// routes-context) share the types without importing one another in a circle.
import type { ComponentType } from 'react';
import type { RouteAccess } from './access';

export interface MenuEntry {
  /** Translation key of the menu label. */
  label: string;
  icon?: ComponentType;
  /** The menu group (MENU_GROUPS: portfolio, tenancy, money, …). */
  group?: string;
  /** Read when the label has no message: a key humanised ('outbox' → 'Outbox'). */
  fallback?: string;
  /** Position within the group (the declarations' order). */
  order?: number;
}

export interface AppRoute extends RouteAccess {
  /** The screen; usually React.lazy so it loads on first visit. No component: not mounted (404). */
  component?: ComponentType;
  /** Inside the app shell (sidebar, app bar). Default: auth and public routes yes, guest routes no. */
  layout?: boolean;
  menu?: MenuEntry;
}
