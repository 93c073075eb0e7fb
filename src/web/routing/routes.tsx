// The route table: every screen's path, area (guest/auth/public), permission module and action,
// in one place (seed section 2). The app mounts the routes that have a component; the guard
// applies the rules of routing/access.ts to each.
//
// Adding an area: one resources/<name>.ts declaration. Its routes get the generic screens and
// menu entries (src/web/generic/route-table.ts); the seed's spellings below keep their paths and
// permission rules. The permission rule follows from module+action.
import { lazy, type ComponentType } from 'react';
import { NotFoundScreen as NotFound } from './not-found';
import { withDeclaredScreens } from '../generic/route-table';

export type { AppRoute, MenuEntry } from './route-types';
import type { AppRoute } from './route-types';

const page = <T,>(load: () => Promise<T>, name: keyof T) =>
  lazy(async () => ({ default: (await load())[name] as unknown as ComponentType }));

const Landing = page(() => import('../pages/LandingPage'), 'LandingPage');
const Login = page(() => import('../pages/auth/LoginPage'), 'LoginPage');
const Register = page(() => import('../pages/auth/RegisterPage'), 'RegisterPage');
const ForgotPassword = page(() => import('../pages/auth/ForgotPasswordPage'), 'ForgotPasswordPage');
const ResetPassword = page(() => import('../pages/auth/ResetPasswordPage'), 'ResetPasswordPage');
const CreateOrganization = page(() => import('../pages/auth/CreateOrganizationPage'), 'CreateOrganizationPage');
const AuthCallback = page(() => import('../pages/auth/AuthCallbackPage'), 'AuthCallbackPage');
const AccessDenied = page(() => import('../pages/status/AccessDeniedPage'), 'AccessDeniedPage');
const AuthError = page(() => import('../pages/status/AuthErrorPage'), 'AuthErrorPage');
const Dashboard = page(() => import('../pages/DashboardPage'), 'DashboardPage');
const ChangePassword = page(() => import('../pages/ChangePasswordPage'), 'ChangePasswordPage');
const Invitation = page(() => import('../pages/invitations/InvitationPage'), 'InvitationPage');
const Invitations = page(() => import('../pages/invitations/InvitationsPage'), 'InvitationsPage');

/** Seed section 2, guest area. */
export const GUEST_ROUTES: AppRoute[] = [
  { path: '/', area: 'guest', component: Landing },
  { path: '/auth/login', area: 'guest', component: Login },
  { path: '/auth/forgot-password', area: 'guest', component: ForgotPassword },
  { path: '/auth/reset-password', area: 'guest', component: ResetPassword },
  { path: '/auth/register', area: 'guest', component: Register },
  { path: '/auth/create-organization', area: 'guest', component: CreateOrganization },
  { path: '/auth/callback', area: 'guest', component: AuthCallback },
  { path: '/auth/access', area: 'guest', component: AccessDenied },
  { path: '/auth/error', area: 'guest', component: AuthError },
];

export const PUBLIC_ROUTES: AppRoute[] = [
  { path: '/pages/notfound', area: 'public', component: NotFound },
  // the emailed invitation link: for a guest (a new email) and a logged-in user alike
  { path: '/auth/invitation', area: 'public', layout: false, component: Invitation },
];

/** Authenticated screens that belong to no area. */
export const APP_ROUTES: AppRoute[] = [
  { path: '/dashboard', area: 'auth', component: Dashboard },
  { path: '/change-password', area: 'auth', component: ChangePassword },
  { path: '/invitations', area: 'auth', component: Invitations },
];

const list = (path: string, module: string): AppRoute => ({ path, area: 'auth', module, action: 'list' });
const form = (path: string, module: string, idParam?: string): AppRoute => ({
  path,
  area: 'auth',
  module,
  action: 'form',
  ...(idParam ? { idParam } : {}),
});
const fixed = (path: string, permission: string): AppRoute => ({ path, area: 'auth', permission });

/**
 * Seed section 2, authenticated area, with the permission each route needs (seed section 6;
 * product section 2 guards every module, not only the five the seed lists). Screens come from
 * the declarations (withDeclaredScreens); a route without a component shows the 404 page.
 */
export const AREA_ROUTES: AppRoute[] = withDeclaredScreens([
  list('/property-owners', 'property_owner'),
  form('/property-owners/form/:ulid?', 'property_owner'),
  form('/property-owner-form/:ulid', 'property_owner', 'ulid'),
  list('/roles', 'role'),
  form('/role/form/:role_id?', 'role'),
  list('/aggregators', 'aggregator'),
  form('/aggregator/form/:ulid?', 'aggregator'),
  list('/properties', 'property'),
  form('/property-form/:ulid?', 'property'),
  list('/house-types', 'house_type'),
  form('/house-type-form/:ulid?', 'house_type'),
  list('/houses', 'house'),
  form('/houses-form/:ulid?', 'house'),
  form('/house-form/:ulid?', 'house'),
  form('/:owner_ulid/house-form', 'house', 'ulid'), // always creates
  form('/property/:property_id/house-form/:ulid?', 'house'),
  list('/charges', 'charge'),
  form('/charge-form/:ulid?', 'charge'),
  list('/tenants', 'tenant'),
  form('/tenant-form/:ulid?', 'tenant'),
  list('/leases', 'lease'),
  list('/invoices', 'invoice'),
  form('/invoice-form/:ulid?', 'invoice'),
  list('/expenses', 'expense'),
  list('/incomes', 'income'),
  list('/payments', 'payment'),
  list('/payment-channels', 'payment_channel'),
  form('/payment-channel-form/:ulid?', 'payment_channel'),
  fixed('/send-message/:ulid?', 'send.message'),
  list('/outbox', 'message'),
  list('/sent', 'message'),
  { ...fixed('/statements/property/:ulid?', 'list.statement'), component: page(() => import('../money'), 'PropertyStatementPage') },
  { ...fixed('/statements/user/:tenant_id?/:lease_id?', 'list.statement'), component: page(() => import('../money'), 'TenantStatementPage') },
  { ...fixed('/statements/aging-balances', 'list.statement'), component: page(() => import('../money'), 'AgingPage') },
  { ...fixed('/reports/rental-income-tax', 'list.statement'), component: page(() => import('../money'), 'RentalIncomeTaxPage') },
  { ...fixed('/periods', 'close.period'), component: page(() => import('../money'), 'PeriodsPage') },
  fixed('/settings', 'show.setting'),
  list('/templates', 'template'),
  form('/template-form/:ulid?', 'template'),
  list('/users', 'user'),
  form('/user-form/:ulid?', 'user'),
  list('/work-orders', 'work_order'),
  list('/tickets', 'ticket'),
  form('/ticket-form/:ulid?', 'ticket'),
  list('/service-providers', 'service_provider'),
  form('/service-provider-form/:id?', 'service_provider'),
  list('/sms-credits', 'sms_credit'),
  list('/work-order-categories', 'work_order_category'),
  form('/work-order-category-form/:ulid?', 'work_order_category'),
]);

export const appRoutes: AppRoute[] = [...GUEST_ROUTES, ...PUBLIC_ROUTES, ...APP_ROUTES, ...AREA_ROUTES];

export const usesLayout = (r: AppRoute) => r.layout ?? r.area !== 'guest';

/** The 404 screen, also used by the guard and as the catch-all. */
export const NotFoundScreen = NotFound;
