import { forwardRef } from 'react';
import { Box, ListItemIcon, ListItemText, MenuItem, useMediaQuery, type Theme } from '@mui/material';
import LockResetRoundedIcon from '@mui/icons-material/LockResetRounded';
import { AppBar as RaAppBar, LoadingIndicator, Logout, TitlePortal, UserMenu, useGetIdentity, useTranslate, useUserMenu } from 'react-admin';
import { Link } from 'react-router-dom';
import { Logo, LogoMark } from '../brand/Logo';
import { OrganizationSwitcher } from './OrganizationSwitcher';
import { Preferences } from './Preferences';

const ChangePasswordItem = forwardRef<HTMLAnchorElement>((props, ref) => {
  const translate = useTranslate();
  const userMenu = useUserMenu();
  return (
    <MenuItem ref={ref} {...props} component={Link} to="/change-password" onClick={() => userMenu?.onClose()}>
      <ListItemIcon>
        <LockResetRoundedIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>{translate('keja.auth.change_password.menu')}</ListItemText>
    </MenuItem>
  );
});
ChangePasswordItem.displayName = 'ChangePasswordItem';

/** The user menu's button shows the person's name, so its accessible name is that name too. */
function KejaUserMenu() {
  const { identity } = useGetIdentity();
  return (
    <UserMenu label={identity?.fullName || undefined}>
      <ChangePasswordItem />
      <Logout />
    </UserMenu>
  );
}

export function AppBar() {
  const small = useMediaQuery((t: Theme) => t.breakpoints.down('sm'));
  return (
    <RaAppBar
      color="secondary"
      userMenu={<KejaUserMenu />}
      toolbar={
        <Box sx={{ display: 'flex', alignItems: 'center' }}>
          <Preferences />
          {small ? null : <LoadingIndicator />}
        </Box>
      }
    >
      <Box component={Link} to="/dashboard" aria-label="Keja" sx={{ display: 'flex', color: 'inherit', textDecoration: 'none', mr: 2 }}>
        {small ? <LogoMark size={28} /> : <Logo size={28} />}
      </Box>
      <TitlePortal variant="body1" sx={{ fontWeight: 600, color: 'text.secondary', display: { xs: 'none', md: 'block' } }} />
      <Box sx={{ flex: 1 }} />
      <OrganizationSwitcher />
    </RaAppBar>
  );
}
