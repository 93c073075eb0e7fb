// The outbox's toolbar: "Retry failed" queues every failed message (or one short of credits) of
// the list at once (POST /messages/retry, send.message); the job queue sends them. Shown only
// when the list holds such a message.
import { useState } from 'react';
import { Button } from '@mui/material';
import ReplayRoundedIcon from '@mui/icons-material/ReplayRounded';
import { useListContext, useRefresh, useTranslate } from 'react-admin';
import { describeFailure } from '../../components/server-errors';
import { useToast } from '../../components/toast/ToastProvider';
import { postAction } from '../common/api';
import { useCan } from '../common/params';

const RETRYABLE = ['failed', 'insufficient_credits'];

export function RetryFailed() {
  const translate = useTranslate();
  const can = useCan();
  const refresh = useRefresh();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const { data } = useListContext();
  const ids = (data ?? []).filter((m) => RETRYABLE.includes(String(m.status))).map((m) => String(m.id));
  if (!ids.length || !can('send.message')) return null;
  const retry = async () => {
    setBusy(true);
    try {
      const answer = await postAction<{ queued: string[] }>('/messages/retry', { ids: ids.slice(0, 500) });
      toast.add({ severity: 'success', summary: 'screens.outbox.requeued', detail: translate('screens.outbox.requeued_detail', { smart_count: answer.queued.length }), life: 5000 });
    } catch (err) {
      toast.add({ severity: 'error', summary: 'screens.outbox.still_waiting', detail: describeFailure(err).message ?? String(err), life: 8000 });
    } finally {
      setBusy(false);
      refresh();
    }
  };
  return (
    <Button size="small" color="error" variant="outlined" startIcon={<ReplayRoundedIcon />} onClick={() => void retry()} loading={busy} data-testid="retry-failed">
      {translate('screens.outbox.retry_all', { smart_count: ids.length })}
    </Button>
  );
}
