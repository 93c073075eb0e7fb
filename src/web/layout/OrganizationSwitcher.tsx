// The active organisation in the app bar, with a menu to switch to another one
// (GET /organisations, POST /organisations/{id}/switch, then the session is reloaded), and a way
// to the invitations waiting for the user (GET /user/invitations) when there are any.
import { useState, type MouseEvent } from 'react';
import { Box, Button, CircularProgress, Divider, ListItemIcon, ListItemText, Menu, MenuItem, Typography } from '@mui/material';
import ApartmentRoundedIcon from '@mui/icons-material/ApartmentRounded';
import CheckRoundedIcon from '@mui/icons-material/CheckRounded';
import MailOutlineRoundedIcon from '@mui/icons-material/MailOutlineRounded';
import UnfoldMoreRoundedIcon from '@mui/icons-material/UnfoldMoreRounded';
import { useRefresh, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { api } from '../providers/http-client';
import { useSession } from '../session/session-store';
import { switchOrganization } from '../session/session-actions';
import type { Organization } from '../session/types';
import { useToast } from '../components/toast/ToastProvider';

export function OrganizationSwitcher() {
  const translate = useTranslate();
  const refresh = useRefresh();
  const toast = useToast();
  const { organization } = useSession();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const navigate = useNavigate();
  const [list, setList] = useState<Organization[] | null>(null);
  const [invited, setInvited] = useState(0);
  const [busy, setBusy] = useState(false);

  const open = async (e: MouseEvent<HTMLElement>) => {
    setAnchor(e.currentTarget);
    const [orgs, invitations] = await Promise.allSettled([api<Organization[]>('/organisations'), api<unknown[]>('/user/invitations')]);
    setList(orgs.status === 'fulfilled' ? orgs.value : []);
    setInvited(invitations.status === 'fulfilled' ? invitations.value.length : 0);
  };

  const choose = async (org: Organization) => {
    setAnchor(null);
    if (org.id === organization?.id) return;
    setBusy(true);
    try {
      await switchOrganization(org.id);
      refresh();
      toast.add({ severity: 'success', summary: translate('keja.org.switched', { name: org.name }), life: 3000 });
    } catch {
      toast.add({ severity: 'error', summary: 'keja.org.switch_failed', life: 5000 });
    } finally {
      setBusy(false);
    }
  };

  if (!organization) return null;
  return (
    <>
      <Button
        color="inherit"
        onClick={open}
        aria-haspopup="menu"
        aria-label={translate('keja.org.switch_label', { name: organization.name })}
        startIcon={busy ? <CircularProgress size={16} /> : <ApartmentRoundedIcon />}
        endIcon={<UnfoldMoreRoundedIcon fontSize="small" />}
        sx={{
          maxWidth: { xs: 132, sm: 320 },
          minWidth: 0,
          px: { xs: 1, sm: 1.25 },
          border: 1,
          borderColor: 'divider',
          borderRadius: '10px',
          fontWeight: 600,
          '& .MuiButton-startIcon': { color: 'primary.main' },
        }}
      >
        <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {organization.name}
        </Box>
      </Button>
      <Menu
        anchorEl={anchor}
        open={!!anchor}
        onClose={() => setAnchor(null)}
        slotProps={{ paper: { sx: { minWidth: 260, mt: 0.5 } } }}
      >
        <Typography variant="overline" sx={{ px: 2, color: 'text.secondary' }}>
          {translate('keja.org.your_organizations')}
        </Typography>
        <Divider />
        {list === null ? (
          <MenuItem disabled>
            <ListItemIcon>
              <CircularProgress size={16} />
            </ListItemIcon>
            <ListItemText>{translate('ra.page.loading')}</ListItemText>
          </MenuItem>
        ) : (
          list.map((org) => (
            <MenuItem key={String(org.id)} selected={org.id === organization.id} onClick={() => choose(org)}>
              <ListItemIcon>{org.id === organization.id ? <CheckRoundedIcon fontSize="small" color="primary" /> : null}</ListItemIcon>
              <ListItemText primary={org.name} secondary={org.email ?? undefined} />
            </MenuItem>
          ))
        )}
        {invited > 0 ? <Divider /> : null}
        {invited > 0 ? (
          <MenuItem onClick={() => { setAnchor(null); navigate('/invitations'); }}>
            <ListItemIcon><MailOutlineRoundedIcon fontSize="small" color="primary" /></ListItemIcon>
            <ListItemText>{translate('keja.org.pending_invitations', { n: invited })}</ListItemText>
          </MenuItem>
        ) : null}
      </Menu>
    </>
  );
}
