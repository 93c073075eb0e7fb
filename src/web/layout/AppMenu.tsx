// The sidebar: the dashboard, then every mounted route that declares a menu entry and whose
// permission the user has (the same check as the route guard).
import { Menu, useTranslate } from 'react-admin';
import SpaceDashboardRoundedIcon from '@mui/icons-material/SpaceDashboardRounded';
import LockResetRoundedIcon from '@mui/icons-material/LockResetRounded';
import { useSession } from '../session/session-store';
import { hasPermission, requiredPermission } from '../routing/access';
import { useAppRoutes } from '../routing/routes-context';

export function AppMenu() {
  const translate = useTranslate();
  const { permissions } = useSession();
  const routes = useAppRoutes();
  const entries = routes.filter((r) => {
    if (!r.menu || !r.component) return false;
    const needed = requiredPermission(r);
    return !needed || hasPermission(permissions, needed);
  });
  return (
    <Menu>
      <Menu.Item to="/dashboard" primaryText={translate('ra.page.dashboard')} leftIcon={<SpaceDashboardRoundedIcon />} />
      {entries.map((r) => {
        const Icon = r.menu!.icon;
        return <Menu.Item key={r.path} to={r.path} primaryText={translate(r.menu!.label)} leftIcon={Icon ? <Icon /> : undefined} />;
      })}
      <Menu.Item to="/change-password" primaryText={translate('keja.auth.change_password.menu')} leftIcon={<LockResetRoundedIcon />} />
    </Menu>
  );
}
