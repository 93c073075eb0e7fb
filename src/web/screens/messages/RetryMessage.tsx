// The outbox's row action: a message that failed, or was refused for lack of SMS credits, shows
// why (always in words, not only in a tooltip) and can be sent again (POST /messages/:id/retry, send.message); a scheduled one says when it
// goes out. The row's own click is not triggered.
import { useState, type MouseEvent } from 'react';
import { Box, Button, Tooltip, Typography } from '@mui/material';
import ReplayRoundedIcon from '@mui/icons-material/ReplayRounded';
import { useRefresh, useTranslate, type RaRecord } from 'react-admin';
import { describeFailure } from '../../components/server-errors';
import { useToast } from '../../components/toast/ToastProvider';
import { postAction } from '../common/api';
import { useCan } from '../common/params';
import { formatDateTime } from '../../../shared/format';

const RETRYABLE = ['failed', 'insufficient_credits'];

export function RetryMessage({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  const can = useCan();
  const refresh = useRefresh();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const stop = (e: MouseEvent) => e.stopPropagation();

  if (record.status === 'queued' && record.scheduled_at) {
    return (
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', minWidth: 84 }}>
        {translate('screens.outbox.scheduled', { when: formatDateTime(String(record.scheduled_at)) })}
      </Typography>
    );
  }
  if (record.status === 'logged') {
    return (
      <Typography variant="caption" color="warning.main" sx={{ display: 'block', maxWidth: { md: 240 } }} data-testid="message-logged">
        {translate('screens.outbox.logged')}
      </Typography>
    );
  }
  if (!RETRYABLE.includes(String(record.status))) return null;

  const retry = async (e: MouseEvent) => {
    e.stopPropagation();
    setBusy(true);
    try {
      const after = await postAction<RaRecord>(`/messages/${encodeURIComponent(String(record.id))}/retry`);
      if (after.status === 'queued') toast.add({ severity: 'success', summary: 'screens.outbox.requeued', life: 4000 });
      else if (after.status === 'sent' || after.status === 'delivered') toast.add({ severity: 'success', summary: 'screens.outbox.sent', life: 4000 });
      else if (after.status === 'logged') toast.add({ severity: 'warn', summary: 'screens.outbox.logged', life: 8000 });
      else toast.add({ severity: 'warn', summary: 'screens.outbox.still_waiting', detail: String(after.error ?? ''), life: 8000 });
    } catch (err) {
      toast.add({ severity: 'error', summary: 'screens.outbox.still_waiting', detail: describeFailure(err).message ?? String(err), life: 8000 });
    } finally {
      setBusy(false);
      refresh();
    }
  };

  return (
    <Box component="span" onClick={stop} sx={{ display: 'flex', alignItems: 'center', gap: 1, justifyContent: { xs: 'flex-start', md: 'flex-end' }, flexWrap: 'wrap', mt: { xs: 0.5, md: 0 } }}>
      {/* every failure says why, on a laptop beside the button and on a phone above it */}
      {record.error ? (
        <Typography variant="caption" color="error" data-testid="message-error" sx={{ display: 'block', width: { xs: '100%', md: 'auto' }, maxWidth: { md: 280 }, textAlign: { md: 'right' } }}>
          {String(record.error)}
        </Typography>
      ) : null}
      {can('send.message') ? (
        <Tooltip title={record.error ? String(record.error) : translate('screens.outbox.retry_label')}>
          <Button size="small" variant="outlined" color={record.status === 'failed' ? 'error' : 'warning'} startIcon={<ReplayRoundedIcon />} onClick={(e) => void retry(e)} loading={busy} aria-label={translate('screens.outbox.retry_label')} sx={{ flexShrink: 0 }}>
            {translate('screens.outbox.retry')}
          </Button>
        </Tooltip>
      ) : null}
    </Box>
  );
}
