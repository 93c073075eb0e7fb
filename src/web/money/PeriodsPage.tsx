// /periods  Month close (issue 13): the months of the books, closed and open, newest first. Someone
// with close.period closes the next month that has ended (the first close closes everything up to
// it); someone with reopen.period reopens the latest closed month, giving a reason. Nothing dated
// in a closed month changes after: the server refuses it, and a back-dated move-out posts in the
// first open month.
import { useState } from 'react';
import {
  Alert, Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Paper, Stack, Table, TableBody,
  TableCell, TableContainer, TableHead, TableRow, TextField, Typography, useMediaQuery, useTheme,
} from '@mui/material';
import LockRoundedIcon from '@mui/icons-material/LockRounded';
import LockOpenRoundedIcon from '@mui/icons-material/LockOpenRounded';
import { Title, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { describeFailure } from '../components/server-errors';
import { useConfirm } from '../components/confirm/ConfirmProvider';
import { useSession } from '../session/session-store';
import { hasPermission } from '../routing/access';
import { postJson, useReport } from './api';
import { formatDate, formatMonth } from './dates';
import { LoadError, Loading, ReportHeader } from './parts';
import type { PeriodsView } from './types';

export function PeriodsPage() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const notify = useNotify();
  const confirm = useConfirm();
  const { permissions } = useSession();
  const { data, error, loading, reload } = useReport<PeriodsView>('/periods');
  const [reopening, setReopening] = useState<string | null>(null);
  const canClose = hasPermission(permissions, 'close.period');
  const canReopen = hasPermission(permissions, 'reopen.period');
  const long = (m: string) => formatMonth(m, locale, 'long');
  // a phone's row holds the month, its state and its button: shorter month names, no button icons
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));

  const failed = (e: unknown) => {
    const f = describeFailure(e);
    notify(f.fields ? Object.values(f.fields).join(' ') : translate(f.message ?? 'ra.notification.http_error', { _: f.message ?? '' }), { type: 'error' });
  };
  const close = async (month: string) => {
    const first = !data?.closed_through;
    const ok = await confirm({
      title: translate('money.periods.close_title', { month: long(month) }),
      message: translate(first ? 'money.periods.close_first' : 'money.periods.close_text', { month: long(month) }),
      acceptLabel: translate('money.periods.close'),
    });
    if (!ok) return;
    try {
      await postJson('/periods/close', { month });
      notify(translate('money.periods.closed_done', { month: long(month) }), { type: 'success' });
      reload();
    } catch (e) {
      failed(e);
    }
  };
  const closable = (m: PeriodsView['months'][number]) => {
    if (!data || !canClose || m.status !== 'open' || m.month > data.latest_closable) return false;
    return data.next_to_close ? m.month === data.next_to_close : true;
  };

  return (
    <Box sx={{ maxWidth: 900, mx: 'auto', width: '100%', minWidth: 0, pb: 6 }}>
      <Title title={translate('money.periods.title')} />
      <ReportHeader title={translate('money.periods.title')} subtitle={translate('money.periods.subtitle')} />
      {loading && !data ? <Loading /> : null}
      {error ? <LoadError error={error} onRetry={reload} /> : null}
      {data ? (
        <>
          <Alert severity={data.closed_through ? 'info' : 'warning'} icon={data.closed_through ? <LockRoundedIcon /> : <LockOpenRoundedIcon />} sx={{ mb: 2 }} data-testid="periods-summary">
            {data.closed_through
              ? translate('money.periods.closed_through', { month: long(data.closed_through) })
              : translate('money.periods.none_closed')}
          </Alert>
          <TableContainer component={Paper} variant="outlined" sx={{ borderRadius: 2 }}>
            <Table size="small" aria-label={translate('money.periods.title')} sx={{ '& td, & th': { px: { xs: 1, sm: 2 } } }}>
              <TableHead>
                <TableRow>
                  <TableCell>{translate('money.periods.month')}</TableCell>
                  <TableCell>{translate('money.periods.status')}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{translate('money.periods.closed_by')}</TableCell>
                  <TableCell align="right">{translate('money.periods.action')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.months.map((m) => {
                  const closed = m.status === 'closed';
                  return (
                    <TableRow key={m.month} data-testid={`period-${m.month}`} sx={closed ? { bgcolor: 'action.hover' } : undefined}>
                      <TableCell sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>{phone ? formatMonth(m.month, locale, 'short') : long(m.month)}</TableCell>
                      <TableCell>
                        <Chip
                          size="small"
                          icon={closed ? <LockRoundedIcon /> : <LockOpenRoundedIcon />}
                          color={closed ? 'default' : 'success'}
                          variant={closed ? 'filled' : 'outlined'}
                          label={translate(closed ? 'money.periods.closed' : m.month > data.latest_closable ? 'money.periods.running' : 'money.periods.open')}
                        />
                      </TableCell>
                      <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' }, color: 'text.secondary' }}>
                        {m.closed_at ? `${m.closed_by_name ?? ''} · ${formatDate(m.closed_at.slice(0, 10), locale)}` : ''}
                      </TableCell>
                      <TableCell align="right">
                        {closable(m) ? (
                          <Button size="small" variant="contained" startIcon={phone ? undefined : <LockRoundedIcon />} onClick={() => void close(m.month)}>
                            {translate('money.periods.close')}
                          </Button>
                        ) : null}
                        {canReopen && closed && m.month === data.closed_through ? (
                          <Button size="small" color="warning" startIcon={phone ? undefined : <LockOpenRoundedIcon />} onClick={() => setReopening(m.month)}>
                            {translate('money.periods.reopen')}
                          </Button>
                        ) : null}
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </TableContainer>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>{translate('money.periods.rules')}</Typography>
        </>
      ) : null}
      {reopening ? (
        <ReopenDialog month={reopening} label={long(reopening)} onClose={() => setReopening(null)} onDone={() => { setReopening(null); reload(); }} onError={failed} />
      ) : null}
    </Box>
  );
}

function ReopenDialog({ month, label, onClose, onDone, onError }: { month: string; label: string; onClose: () => void; onDone: () => void; onError: (e: unknown) => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    try {
      await postJson('/periods/reopen', { month, reason: reason.trim() });
      notify(translate('money.periods.reopened_done', { month: label }), { type: 'success' });
      onDone();
    } catch (e) {
      onError(e);
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{translate('money.periods.reopen_title', { month: label })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>{translate('money.periods.reopen_text', { month: label })}</DialogContentText>
          <TextField
            autoFocus
            required
            label={translate('money.periods.reason')}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'reopen-reason' } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button color="warning" variant="contained" disabled={busy || !reason.trim()} onClick={() => void submit()}>{translate('money.periods.reopen')}</Button>
      </DialogActions>
    </Dialog>
  );
}
