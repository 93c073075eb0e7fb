// The sidebar: the dashboard, then the areas grouped as their declarations say (MENU_GROUPS:
// Portfolio, Tenancy, Money, Messaging, Maintenance, Reports, Administration), showing only the
// mounted routes whose permission the user has (the same check as the route guard).
import type { ComponentType } from 'react';
import { Divider, ListSubheader } from '@mui/material';
import { Menu, useSidebarState, useTranslate } from 'react-admin';
import SpaceDashboardRoundedIcon from '@mui/icons-material/SpaceDashboardRounded';
import LockResetRoundedIcon from '@mui/icons-material/LockResetRounded';
import AssessmentOutlinedIcon from '@mui/icons-material/AssessmentOutlined';
import AccountBoxOutlinedIcon from '@mui/icons-material/AccountBoxOutlined';
import HourglassBottomRoundedIcon from '@mui/icons-material/HourglassBottomRounded';
import PercentRoundedIcon from '@mui/icons-material/PercentRounded';
import EventAvailableRoundedIcon from '@mui/icons-material/EventAvailableRounded';
import { MENU_GROUPS } from '../../shared/resource';
import { useSession } from '../session/session-store';
import { hasPermission, requiredPermission } from '../routing/access';
import { useAppRoutes } from '../routing/routes-context';
import type { AppRoute } from '../routing/routes';
import { humanise } from '../generic/labels';

interface Entry {
  to: string;
  label: string;
  icon?: ComponentType;
  group: string;
  order: number;
}

/** The statements and reports (their screens are the money pages'), listed under Reports. */
const REPORTS: Array<{ to: string; route: string; label: string; icon: ComponentType }> = [
  { to: '/statements/property', route: '/statements/property/:ulid?', label: 'generic.menu.statement_property', icon: AssessmentOutlinedIcon },
  { to: '/statements/user', route: '/statements/user/:tenant_id?/:lease_id?', label: 'generic.menu.statement_user', icon: AccountBoxOutlinedIcon },
  { to: '/statements/aging-balances', route: '/statements/aging-balances', label: 'generic.menu.aging_balances', icon: HourglassBottomRoundedIcon },
  { to: '/reports/rental-income-tax', route: '/reports/rental-income-tax', label: 'generic.menu.rental_income_tax', icon: PercentRoundedIcon },
];

/** The path a menu link opens: the route pattern without its optional parameters. */
const linkOf = (path: string) => path.split('/').filter((s) => !(s.startsWith(':') && s.endsWith('?'))).join('/') || '/';

export function useMenuEntries(): Entry[] {
  const translate = useTranslate();
  const { permissions } = useSession();
  const routes = useAppRoutes();
  const allowed = (r: AppRoute) => {
    const needed = requiredPermission(r);
    return !!r.component && (!needed || hasPermission(permissions, needed));
  };
  const entries: Entry[] = routes
    .filter((r) => r.menu && allowed(r))
    .map((r) => ({
      to: linkOf(r.path),
      label: translate(r.menu!.label, { smart_count: 2, _: humanise(r.menu!.fallback ?? r.menu!.label.split('.').pop() ?? '') }),
      icon: r.menu!.icon,
      group: r.menu!.group ?? '',
      order: r.menu!.order ?? 0,
    }));
  REPORTS.forEach((report, i) => {
    const route = routes.find((r) => r.path === report.route);
    if (route && allowed(route) && hasPermission(permissions, 'list.statement')) {
      entries.push({ to: report.to, label: translate(report.label), icon: report.icon, group: 'reports', order: i });
    }
  });
  // month close (issue 13): in Money, after the areas
  const periods = routes.find((r) => r.path === '/periods');
  if (periods && allowed(periods)) entries.push({ to: '/periods', label: translate('generic.menu.periods'), icon: EventAvailableRoundedIcon, group: 'money', order: 1000 });
  return entries.sort((a, b) => a.order - b.order);
}

export function AppMenu() {
  const translate = useTranslate();
  const [open] = useSidebarState();
  const entries = useMenuEntries();
  const groups = [...MENU_GROUPS, ''].map((g) => ({ group: g, items: entries.filter((e) => e.group === g) })).filter((g) => g.items.length);
  return (
    <Menu sx={{ pb: 2, '& .RaMenuItemLink-root': { minHeight: 36, py: 0.5 } }}>
      <Menu.Item to="/dashboard" primaryText={translate('ra.page.dashboard')} leftIcon={<SpaceDashboardRoundedIcon />} />
      {groups.map(({ group, items }) => [
        open ? (
          // inside the menu (role="menu") a plain list item is not allowed: the group's name is
          // presentation, the links that follow are the menu's items
          <ListSubheader
            key={`h-${group}`}
            role="presentation"
            disableSticky
            sx={{ bgcolor: 'transparent', lineHeight: '28px', mt: 1.25, px: 2.5, fontSize: 11, fontWeight: 700, letterSpacing: '0.08em', textTransform: 'uppercase', color: 'text.secondary' }}
          >
            {translate(`generic.menu.${group}`, { _: humanise(group) })}
          </ListSubheader>
        ) : (
          <Divider key={`d-${group}`} sx={{ my: 0.75, mx: 1.5 }} />
        ),
        ...items.map((e) => {
          const Icon = e.icon;
          return <Menu.Item key={e.to} to={e.to} primaryText={e.label} leftIcon={Icon ? <Icon /> : undefined} />;
        }),
      ])}
      <Divider sx={{ my: 0.75, mx: 1.5 }} />
      <Menu.Item to="/change-password" primaryText={translate('keja.auth.change_password.menu')} leftIcon={<LockResetRoundedIcon />} />
    </Menu>
  );
}
