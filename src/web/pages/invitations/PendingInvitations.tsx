// The invitations addressed to the logged-in user's email (GET /user/invitations), each with
// Accept and Decline. Accepting makes the organisation the active one.
import { useCallback, useEffect, useState } from 'react';
import { Alert, Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import ApartmentRoundedIcon from '@mui/icons-material/ApartmentRounded';
import { useLocaleState, useTranslate } from 'react-admin';
import { describeFailure } from '../../components/server-errors';
import { useToast } from '../../components/toast/ToastProvider';
import { api } from '../../providers/http-client';
import { switchOrganization } from '../../session/session-actions';
import { formatDateTime } from '../../../shared/format';

export interface PendingInvitation {
  id: string;
  organization: { id: string; name: string };
  expires_at: string;
}

/** The list, reloaded on demand; empty while loading or on failure (the page says so). */
export function usePendingInvitations(enabled = true) {
  const [list, setList] = useState<PendingInvitation[] | null>(null);
  const reload = useCallback(async () => {
    if (!enabled) return;
    try {
      setList(await api<PendingInvitation[]>('/user/invitations'));
    } catch {
      setList([]);
    }
  }, [enabled]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { list, reload };
}

export function PendingInvitations({ list, reload, onAccepted }: {
  list: PendingInvitation[];
  reload: () => Promise<void>;
  onAccepted?: () => void;
}) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const toast = useToast();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const answer = async (inv: PendingInvitation, accept: boolean) => {
    setBusy(`${inv.id}:${accept}`);
    setError(null);
    try {
      await api(`/user/invitations/${encodeURIComponent(inv.id)}/${accept ? 'accept' : 'decline'}`, { method: 'POST' });
      if (accept) {
        await switchOrganization(inv.organization.id);
        toast.add({ severity: 'success', summary: translate('keja.invitations.joined', { name: inv.organization.name }), life: 4000 });
        onAccepted?.();
      } else {
        toast.add({ severity: 'info', summary: translate('keja.invitations.declined', { name: inv.organization.name }), life: 4000 });
      }
      await reload();
    } catch (e) {
      setError(describeFailure(e).message);
      await reload();
    } finally {
      setBusy(null);
    }
  };
  const date = (iso: string) => formatDateTime(iso, locale === 'sw' ? 'sw-KE' : 'en-KE');
  return (
    <Stack spacing={1.5}>
      {error ? <Alert severity="error">{translate(error, { _: error })}</Alert> : null}
      {list.map((inv) => (
        <Card key={inv.id} variant="outlined">
          <CardContent sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: 2, alignItems: { sm: 'center' }, '&:last-child': { pb: 2 } }}>
            <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flex: 1, minWidth: 0 }}>
              <ApartmentRoundedIcon color="primary" />
              <Box sx={{ minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{inv.organization.name}</Typography>
                <Typography variant="body2" color="text.secondary">{translate('keja.invitations.until', { date: date(inv.expires_at) })}</Typography>
              </Box>
            </Box>
            <Box sx={{ display: 'flex', gap: 1 }}>
              <Button variant="contained" loading={busy === `${inv.id}:true`} disabled={!!busy} onClick={() => void answer(inv, true)}>
                {translate('keja.invitations.accept')}
              </Button>
              <Button variant="outlined" color="inherit" loading={busy === `${inv.id}:false`} disabled={!!busy} onClick={() => void answer(inv, false)}>
                {translate('keja.invitations.decline')}
              </Button>
            </Box>
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
}
