// Compose a message (/send-message/:tenant_id?): to one tenant (preset from the route), to the
// tenants of a property, or to the tenants owing at least an amount; a template or free text.
// What each recipient will get, who gets nothing and why, and the credits are the server's
// answer (POST /messages/preview), so the screen never promises what the send will not do.
import { useEffect, useState } from 'react';
import { Alert, Box, Button, LinearProgress, Typography } from '@mui/material';
import SendRoundedIcon from '@mui/icons-material/SendRounded';
import { Title, useGetList, useGetOne, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { useCan } from '../common/params';
import { audienceOf } from './audience';
import { AudienceSection, type AudienceChoice } from './AudienceSection';
import { MessageSection, type MessageDraft } from './MessageSection';
import { PreviewSection } from './PreviewSection';
import { usePreview, type PreviewRequest } from './usePreview';
import { useSendMessages } from './useSendMessages';
import { RequestPayment } from '../payment-requests/RequestPayment';

export function ComposeMessage() {
  const params = useParams();
  const presetTenant = params.tenant_id ?? params.ulid ?? params.id ?? null;
  const translate = useTranslate();
  const can = useCan();

  const [choice, setChoice] = useState<AudienceChoice>({ kind: 'tenant', tenant: null, property: null, minArrears: '1' });
  const [draft, setDraft] = useState<MessageDraft>({ channel: 'sms', templateId: '', subject: '', body: '', scheduledAt: '' });
  const { data: preset } = useGetOne('tenants', { id: presetTenant ?? '' }, { enabled: !!presetTenant });
  useEffect(() => {
    if (preset) setChoice((c) => ({ ...c, tenant: preset }));
  }, [preset]);
  const { data: templates = [] } = useGetList('templates', { filter: { channel: draft.channel }, pagination: { page: 1, perPage: 100 }, sort: { field: 'name', order: 'ASC' } });

  const audience = audienceOf(choice.kind, choice.tenant, choice.property, choice.minArrears);
  const request: PreviewRequest | null = audience && can('send.message') ? {
    audience, channel: draft.channel, template_id: draft.templateId || null, body: draft.body,
    subject: draft.channel === 'email' ? draft.subject || null : null,
  } : null;
  const { plan, loading, error, hasText } = usePreview(request);
  const { send, sending, error: sendError } = useSendMessages();
  const ready = hasText && !!plan && plan.messages.length > 0;
  const canSend = !!request && ready && !loading && !sending;

  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto', width: '100%', pb: 6, pt: 1 }}>
      <Title title={translate('screens.compose.title')} />
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>{translate('screens.compose.title')}</Typography>
      <Typography color="text.secondary" variant="body2" sx={{ mb: 2 }}>{translate('screens.compose.subtitle')}</Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' }, alignItems: 'start' }}>
        <Box sx={{ minWidth: 0 }}>
          <AudienceSection choice={choice} onChange={setChoice} canArrears={can('list.statement')} channel={draft.channel} plan={plan} loading={loading} error={hasText ? null : error} />
          <MessageSection draft={draft} onChange={setDraft} templates={templates} />
        </Box>
        <Box sx={{ minWidth: 0 }}>
          <PreviewSection plan={plan} channel={draft.channel} hasText={hasText} />
          {hasText && error ? <Alert severity="error" sx={{ mb: 1.5, whiteSpace: 'pre-wrap' }}>{error}</Alert> : null}
          {sending ? <LinearProgress sx={{ mb: 1.5 }} /> : null}
          {sendError ? <Alert severity="error" sx={{ mb: 1.5, whiteSpace: 'pre-wrap' }}>{sendError}</Alert> : null}
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', flexWrap: 'wrap', gap: 1 }}>
            {/* one tenant chosen: ask them for the money by M-Pesa as well as (or instead of) writing */}
            {choice.kind === 'tenant' && choice.tenant ? <RequestPayment tenantId={String(choice.tenant.id)} /> : null}
            <Button
              variant="contained" size="large" startIcon={<SendRoundedIcon />} disabled={!canSend} loading={sending}
              onClick={() => request && plan && void send(request, draft.scheduledAt, { recipients: plan.messages.length, credits: plan.credits })}
            >
              {translate(draft.scheduledAt ? 'screens.compose.schedule_send' : 'screens.compose.send')}
            </Button>
          </Box>
        </Box>
      </Box>
    </Box>
  );
}
