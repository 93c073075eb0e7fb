// Compose a message (/send-message/:tenant_id?): to one tenant (preset from the route), to the
// tenants of a property, or to the tenants owing at least an amount; a template or free text;
// a live segment and credit count after the placeholders are filled; a preview per recipient;
// send now or at a set time. Sending is one POST /messages/send with the audience and the text as
// written: the server fills each tenant's placeholders, counts the credits and sends.
import { useEffect, useMemo, useState } from 'react';
import {
  Alert, Box, Button, Chip, FormControlLabel, LinearProgress, List, ListItemButton, ListItemText, MenuItem, Paper,
  Radio, RadioGroup, Stack, TextField, ToggleButton, ToggleButtonGroup, Typography,
} from '@mui/material';
import SendRoundedIcon from '@mui/icons-material/SendRounded';
import { Title, useDataProvider, useGetList, useGetOne, useTranslate, type RaRecord } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import { formatCurrency } from '../../../shared/format';
import { centsToDecimal, parseMoney } from '../../../shared/resource-values';
import { smsSegments } from '../../../shared/sms';
import { describeFailure } from '../../components/server-errors';
import { useToast } from '../../components/toast/ToastProvider';
import { useConfirm } from '../../components/confirm/ConfirmProvider';
import { api } from '../../providers/http-client';
import { Section } from '../common/FormPage';
import { RecordPicker } from '../common/TenantPicker';
import { listPathOf, todayInNairobi } from '../common/api';
import { useCan } from '../common/params';
import { PLACEHOLDERS, insertAt } from '../templates/placeholders';
import { SmsCounter } from '../templates/SmsCounter';
import { agingBalances, audienceTenantIds, loadRecipients, personalise, type AudienceKind, type Recipient } from './audience';

type Channel = 'sms' | 'email';

/** POST /messages/send: how many went out, wait for their time, wait for credits, failed. */
interface SendResult { sent: number; queued: number; insufficient_credits: number; failed: number }

export function ComposeMessage() {
  const params = useParams();
  const presetTenant = params.tenant_id ?? params.ulid ?? params.id ?? null;
  const translate = useTranslate();
  const dp = useDataProvider();
  const toast = useToast();
  const confirm = useConfirm();
  const navigate = useNavigate();
  const can = useCan();
  const today = todayInNairobi();
  const canAging = can('list.statement');

  const [kind, setKind] = useState<AudienceKind>('tenant');
  const [tenant, setTenant] = useState<RaRecord | null>(null);
  const [property, setProperty] = useState<RaRecord | null>(null);
  const [minArrears, setMinArrears] = useState('1');
  const [channel, setChannel] = useState<Channel>('sms');
  const [templateId, setTemplateId] = useState('');
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [scheduledAt, setScheduledAt] = useState('');
  const [recipients, setRecipients] = useState<Recipient[]>([]);
  const [loading, setLoading] = useState(true);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [previewIndex, setPreviewIndex] = useState(0);
  const [sending, setSending] = useState(false);
  const [sendError, setSendError] = useState<string | null>(null);
  const [caret, setCaret] = useState<{ start: number; end: number } | null>(null);

  const { data: preset } = useGetOne('tenants', { id: presetTenant ?? '' }, { enabled: !!presetTenant });
  useEffect(() => {
    if (preset) setTenant(preset);
  }, [preset]);
  const { data: templates = [] } = useGetList('templates', { filter: { channel }, pagination: { page: 1, perPage: 100 }, sort: { field: 'name', order: 'ASC' } });
  const { data: channels = [] } = useGetList('payment-channels', { filter: { is_default: true }, pagination: { page: 1, perPage: 1 }, sort: { field: 'name', order: 'ASC' } });
  const paybill = channels[0]?.number ? String(channels[0].number) : null;
  const [credits, setCredits] = useState<number | null>(null);
  useEffect(() => {
    api<{ sms_credits?: number }>('/dashboard').then((d) => setCredits(typeof d.sms_credits === 'number' ? d.sms_credits : null)).catch(() => setCredits(null));
  }, []);

  // every tenant's balance, once (the aging report as of today): for {balance} and the arrears audience
  const [balances, setBalances] = useState<Map<string, string> | null | undefined>(canAging ? undefined : null);
  useEffect(() => {
    if (!canAging) return;
    agingBalances(today).then(setBalances).catch(() => setBalances(null));
  }, [canAging, today]);

  // resolve the audience whenever it changes
  useEffect(() => {
    if (balances === undefined) return;
    // the tenant named in the route is still loading: not "nobody" yet
    if (kind === 'tenant' && presetTenant && !tenant) return;
    let live = true;
    setLoadError(null);
    setLoading(true);
    (async () => {
      const tenantIds = await audienceTenantIds(dp, kind, { tenantId: tenant ? String(tenant.id) : null, propertyId: property ? String(property.id) : null, minArrears, balances });
      return loadRecipients(dp, tenantIds, { balances, paybill, today });
    })()
      .then((r) => {
        if (!live) return;
        setRecipients(r);
        setPreviewIndex(0);
      })
      .catch((e: unknown) => live && setLoadError(describeFailure(e).message ?? String(e)))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [dp, kind, tenant, property, minArrears, balances, paybill, today, presetTenant]);

  const reachable = useMemo(() => recipients.filter((r) => {
    if (channel === 'email') return !!r.tenant.email;
    return !!r.tenant.phone && r.tenant.sms_opt_in !== false;
  }), [recipients, channel]);
  const skipped = recipients.length - reachable.length;
  const personalised = useMemo(() => reachable.map((r) => ({ r, ...personalise(body, r.values), subject: personalise(subject, r.values).text })), [reachable, body, subject]);
  const creditsNeeded = channel === 'sms' ? personalised.reduce((n, p) => n + smsSegments(p.text).segments, 0) : 0;
  const missing = new Set(personalised.flatMap((p) => p.missing));
  const current = personalised[Math.min(previewIndex, Math.max(0, personalised.length - 1))];
  const shortOfCredits = channel === 'sms' && credits != null && creditsNeeded > credits;
  const canSend = can('send.message') && reachable.length > 0 && body.trim() !== '' && !sending;

  const pickTemplate = (id: string) => {
    setTemplateId(id);
    const t = templates.find((x) => String(x.id) === id);
    if (t) {
      setBody(String(t.body ?? ''));
      setSubject(String(t.subject ?? ''));
    }
  };
  const insert = (name: string) => {
    const at = caret ?? { start: body.length, end: body.length };
    const next = insertAt(body, `{${name}}`, at.start, at.end);
    setBody(next.text);
    setCaret({ start: next.caret, end: next.caret });
  };

  const send = async () => {
    const ok = await confirm({
      title: translate('screens.compose.confirm_title', { smart_count: reachable.length, n: reachable.length }),
      message: channel === 'sms' ? translate('screens.compose.confirm_credits', { smart_count: creditsNeeded, n: creditsNeeded }) : undefined,
      acceptLabel: 'screens.compose.send',
    });
    if (!ok) return;
    setSendError(null);
    setSending(true);
    const min = parseMoney(minArrears.replace(/,/g, ''));
    const audience = kind === 'tenant'
      ? { kind, tenant_id: tenant?.id }
      : kind === 'property'
        ? { kind, property_id: property?.id }
        : { kind, ...(min !== null && min > 0n ? { min_balance: centsToDecimal(min) } : {}) };
    try {
      // the server fills each tenant's placeholders and sends within the credit balance
      const result = await api<SendResult>('/messages/send', {
        method: 'POST',
        body: {
          audience, channel, template_id: templateId || null, body, subject: channel === 'email' ? subject || null : null,
          scheduled_at: scheduledAt ? new Date(scheduledAt).toISOString() : null,
        },
      });
      const waiting = result.queued + result.insufficient_credits + result.failed;
      toast.add({
        severity: result.insufficient_credits || result.failed ? 'warn' : 'success',
        summary: 'screens.outbox.written',
        detail: translate('screens.outbox.written_detail', { sent: result.sent, queued: result.queued, short: result.insufficient_credits, failed: result.failed }),
        life: 8000,
      });
      navigate(waiting ? listPathOf('messages') : '/sent');
    } catch (e) {
      const f = describeFailure(e);
      setSendError(f.message ?? Object.values(f.fields ?? {}).join(' '));
    } finally {
      setSending(false);
    }
  };

  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto', width: '100%', pb: 6, pt: 1 }}>
      <Title title={translate('screens.compose.title')} />
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>{translate('screens.compose.title')}</Typography>
      <Typography color="text.secondary" variant="body2" sx={{ mb: 2 }}>{translate('screens.compose.subtitle')}</Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 3fr) minmax(0, 2fr)' }, alignItems: 'start' }}>
        <Box>
          <Section title={translate('screens.compose.audience')}>
            <RadioGroup row value={kind} onChange={(e) => setKind(e.target.value as AudienceKind)} aria-label={translate('screens.compose.audience')}>
              <FormControlLabel value="tenant" control={<Radio />} label={translate('screens.compose.one_tenant')} />
              <FormControlLabel value="property" control={<Radio />} label={translate('screens.compose.property_tenants')} />
              <FormControlLabel value="arrears" control={<Radio />} label={translate('screens.compose.in_arrears')} disabled={!canAging} />
            </RadioGroup>
            <Box sx={{ mt: 1.5 }}>
              {kind === 'tenant' ? <RecordPicker resource="tenants" label={translate('screens.compose.tenant')} value={tenant} onChange={setTenant} /> : null}
              {kind === 'property' ? <RecordPicker resource="properties" label={translate('screens.compose.property')} value={property} onChange={setProperty} /> : null}
              {kind === 'arrears' ? (
                <TextField label={translate('screens.compose.min_arrears')} value={minArrears} onChange={(e) => setMinArrears(e.target.value)} slotProps={{ htmlInput: { inputMode: 'decimal' } }} helperText={translate('screens.compose.min_arrears_hint')} />
              ) : null}
            </Box>
            <Box sx={{ mt: 1.5, display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
              {loading ? <LinearProgress sx={{ flex: 1 }} /> : (
                <>
                  <Chip color="primary" label={translate('screens.compose.recipients', { smart_count: reachable.length, n: reachable.length })} data-testid="recipient-count" />
                  {skipped ? <Chip variant="outlined" color="warning" label={translate(channel === 'sms' ? 'screens.compose.skipped_sms' : 'screens.compose.skipped_email', { smart_count: skipped, n: skipped })} /> : null}
                </>
              )}
            </Box>
            {loadError ? <Alert severity="error" sx={{ mt: 1.5 }}>{loadError}</Alert> : null}
          </Section>
          <Section title={translate('screens.compose.message')}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
              <ToggleButtonGroup exclusive size="small" value={channel} onChange={(_, v: Channel | null) => { if (v) { setChannel(v); setTemplateId(''); } }}>
                <ToggleButton value="sms">SMS</ToggleButton>
                <ToggleButton value="email">{translate('screens.compose.email')}</ToggleButton>
              </ToggleButtonGroup>
              <TextField select size="small" label={translate('screens.compose.template')} value={templateId} onChange={(e) => pickTemplate(e.target.value)} sx={{ minWidth: 260 }}>
                <MenuItem value="">{translate('screens.compose.free_text')}</MenuItem>
                {templates.map((t) => <MenuItem key={String(t.id)} value={String(t.id)}>{String(t.name)}</MenuItem>)}
              </TextField>
            </Stack>
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.75, mb: 1.5 }}>
              {PLACEHOLDERS.map((p) => (
                <Chip key={p} size="small" variant="outlined" color="primary" label={`{${p}}`} onMouseDown={(e) => e.preventDefault()} onClick={() => insert(p)} sx={{ fontFamily: 'monospace' }} />
              ))}
            </Stack>
            {channel === 'email' ? (
              <TextField fullWidth label={translate('screens.compose.subject')} value={subject} onChange={(e) => setSubject(e.target.value)} sx={{ mb: 2 }} slotProps={{ htmlInput: { maxLength: 200 } }} />
            ) : null}
            <TextField
              fullWidth
              multiline
              minRows={5}
              label={translate('screens.compose.body')}
              value={body}
              onChange={(e) => { setBody(e.target.value); setCaret({ start: e.target.selectionStart ?? e.target.value.length, end: e.target.selectionEnd ?? e.target.value.length }); }}
              onSelect={(e) => { const el = e.target as HTMLTextAreaElement; setCaret({ start: el.selectionStart, end: el.selectionEnd }); }}
              slotProps={{ htmlInput: { maxLength: 2000 } }}
            />
            <TextField
              type="datetime-local"
              label={translate('screens.compose.schedule')}
              value={scheduledAt}
              onChange={(e) => setScheduledAt(e.target.value)}
              helperText={translate('screens.compose.schedule_hint')}
              slotProps={{ inputLabel: { shrink: true } }}
              sx={{ mt: 2 }}
            />
          </Section>
        </Box>
        <Box>
          <Section title={translate('screens.compose.preview')}>
            {current ? (
              <>
                <Typography variant="caption" color="text.secondary">{translate('screens.compose.to', { name: current.r.tenant.name, to: channel === 'sms' ? current.r.tenant.phone : current.r.tenant.email })}</Typography>
                <Paper variant="outlined" data-testid="compose-preview" sx={{ p: 1.75, my: 1, whiteSpace: 'pre-wrap', wordBreak: 'break-word', minHeight: 64, bgcolor: 'action.hover', borderRadius: '16px 16px 16px 4px' }}>
                  {channel === 'email' && current.subject ? <Typography sx={{ fontWeight: 700, mb: 1 }}>{current.subject}</Typography> : null}
                  {current.text || <Typography component="span" color="text.secondary">{translate('screens.templates.empty_preview')}</Typography>}
                </Paper>
                {channel === 'sms' ? <SmsCounter text={current.text} credits={creditsNeeded} recipients={reachable.length} /> : null}
              </>
            ) : (
              <Typography color="text.secondary" variant="body2">{translate('screens.compose.no_recipients')}</Typography>
            )}
            {missing.size ? (
              <Alert severity="warning" sx={{ mt: 1.5 }}>{translate('screens.compose.missing', { list: [...missing].map((m) => `{${m}}`).join(', ') })}</Alert>
            ) : null}
            {channel === 'sms' && credits != null ? (
              <Alert severity={shortOfCredits ? 'error' : 'info'} sx={{ mt: 1.5 }} data-testid="credit-balance">
                {translate(shortOfCredits ? 'screens.compose.short_of_credits' : 'screens.compose.balance', { balance: credits, needed: creditsNeeded })}
              </Alert>
            ) : null}
            {personalised.length > 1 ? (
              <List dense sx={{ maxHeight: 260, overflow: 'auto', mt: 1, border: 1, borderColor: 'divider', borderRadius: 1 }}>
                {personalised.map((p, i) => (
                  <ListItemButton key={String(p.r.tenant.id)} selected={i === previewIndex} onClick={() => setPreviewIndex(i)}>
                    <ListItemText primary={String(p.r.tenant.name)} secondary={[p.r.values.house_number, p.r.balance != null && p.r.balance !== '0.00' ? formatCurrency(p.r.balance) : null].filter(Boolean).join(' · ')} />
                    {channel === 'sms' ? <Chip size="small" label={smsSegments(p.text).segments} /> : null}
                  </ListItemButton>
                ))}
              </List>
            ) : null}
          </Section>
          {sending ? <LinearProgress sx={{ mb: 1.5 }} /> : null}
          {sendError ? <Alert severity="error" sx={{ mb: 1.5, whiteSpace: 'pre-wrap' }}>{sendError}</Alert> : null}
          <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
            <Button variant="contained" size="large" startIcon={<SendRoundedIcon />} disabled={!canSend} loading={sending} onClick={() => void send()}>
              {translate(scheduledAt ? 'screens.compose.schedule_send' : 'screens.compose.send')}
            </Button>
          </Box>
        </Box>
      </Box>
    </Box>
  );
}
