// A pending invitation's own actions: when its link stops working, send it again (a new link,
// seven more days; the old link stops working) or revoke it (the link then fails clearly).
import { useState } from 'react';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import SendRoundedIcon from '@mui/icons-material/SendRounded';
import CancelScheduleSendRoundedIcon from '@mui/icons-material/CancelScheduleSendRounded';
import { useDelete, useLocaleState, useRefresh, useTranslate, type RaRecord } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { describeFailure } from '../../components/server-errors';
import { useConfirm } from '../../components/confirm/ConfirmProvider';
import { useToast } from '../../components/toast/ToastProvider';
import { api } from '../../providers/http-client';
import { Section } from '../common/FormPage';
import { listPathOf } from '../common/api';
import { useCan } from '../common/params';
import { formatDateTime } from '../../../shared/format';

export function InvitationActions({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const can = useCan();
  const toast = useToast();
  const confirm = useConfirm();
  const refresh = useRefresh();
  const navigate = useNavigate();
  const [remove] = useDelete();
  const [busy, setBusy] = useState<'resend' | 'revoke' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const expired = record.status === 'expired';
  const until = formatDateTime(record.expires_at, locale === 'sw' ? 'sw-KE' : 'en-KE');

  const run = async (kind: 'resend' | 'revoke') => {
    if (kind === 'revoke') {
      const ok = await confirm({
        title: translate('screens.users.revoke_title', { email: record.email }),
        message: translate('screens.users.revoke_message'),
        acceptLabel: 'screens.users.revoke',
        severity: 'danger',
      });
      if (!ok) return;
    }
    setBusy(kind);
    setError(null);
    try {
      if (kind === 'resend') {
        await api(`/users/${encodeURIComponent(String(record.id))}/resend`, { method: 'POST' });
        toast.add({ severity: 'success', summary: 'screens.users.resent', detail: translate('screens.users.invited_detail', { email: record.email }), life: 5000 });
        refresh();
      } else {
        await remove('users', { id: record.id, previousData: record }, { mutationMode: 'pessimistic', returnPromise: true });
        toast.add({ severity: 'success', summary: 'screens.users.revoked', life: 4000 });
        navigate(listPathOf('users'));
      }
    } catch (e) {
      const { fields, message } = describeFailure(e);
      setError(fields ? Object.values(fields).join(' ') : message);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Section title={translate('screens.users.invitation')}>
      <Stack spacing={1.5}>
        <Typography variant="body2" color="text.secondary">
          {translate(expired ? 'screens.users.invitation_expired' : 'screens.users.invitation_pending', { email: record.email, date: until })}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {can('create.user') ? (
            <Button variant={expired ? 'contained' : 'outlined'} startIcon={<SendRoundedIcon />} loading={busy === 'resend'} disabled={!!busy} onClick={() => void run('resend')}>
              {translate('screens.users.resend')}
            </Button>
          ) : null}
          {can('delete.user') ? (
            <Button variant="outlined" color="error" startIcon={<CancelScheduleSendRoundedIcon />} loading={busy === 'revoke'} disabled={!!busy} onClick={() => void run('revoke')}>
              {translate('screens.users.revoke')}
            </Button>
          ) : null}
        </Box>
        {error ? (
          <Alert severity="error" role="alert">
            {translate(error, { _: error })}
          </Alert>
        ) : null}
      </Stack>
    </Section>
  );
}
