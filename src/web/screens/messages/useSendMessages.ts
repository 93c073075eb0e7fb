// Sending what the composer holds: a confirmation with the count and credits, one
// POST /messages/send (the server fills each tenant's placeholders and sends within the credit
// balance), a toast that says what really happened, then the outbox when anything waits or failed.
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { describeFailure } from '../../components/server-errors';
import { useConfirm } from '../../components/confirm/ConfirmProvider';
import { useToast } from '../../components/toast/ToastProvider';
import { api } from '../../providers/http-client';
import { listPathOf } from '../common/api';
import type { PreviewRequest } from './usePreview';
import type { SendResult } from './audience';

export function useSendMessages() {
  const translate = useTranslate();
  const toast = useToast();
  const confirm = useConfirm();
  const navigate = useNavigate();
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const send = async (request: PreviewRequest, scheduledAt: string, count: { recipients: number; credits: number }) => {
    const ok = await confirm({
      title: translate('screens.compose.confirm_title', { smart_count: count.recipients, n: count.recipients }),
      message: request.channel === 'sms' ? translate('screens.compose.confirm_credits', { smart_count: count.credits, n: count.credits }) : undefined,
      acceptLabel: 'screens.compose.send',
    });
    if (!ok) return;
    setError(null);
    setSending(true);
    try {
      const result = await api<SendResult>('/messages/send', {
        method: 'POST',
        body: { ...request, scheduled_at: scheduledAt ? new Date(scheduledAt).toISOString() : null },
      });
      const logged = result.logged ?? 0;
      const waiting = result.queued + result.insufficient_credits + result.failed;
      toast.add({
        severity: result.insufficient_credits || result.failed || logged ? 'warn' : 'success',
        summary: 'screens.outbox.written',
        detail: [
          translate('screens.outbox.written_detail', { sent: result.sent, queued: result.queued, short: result.insufficient_credits, failed: result.failed }),
          logged ? translate('screens.outbox.logged_detail', { smart_count: logged, n: logged }) : null,
        ].filter(Boolean).join(' '),
        life: 8000,
      });
      navigate(waiting ? listPathOf('messages') : '/sent');
    } catch (e) {
      const f = describeFailure(e);
      setError(f.fields ? Object.values(f.fields).join(' ') : f.message);
    } finally {
      setSending(false);
    }
  };

  return { send, sending, error };
}
