// Settings › SMS, for those who may edit settings: the delivery-report URL to paste into Africa's
// Talking (its secret is the only proof a report is real, so it can be rotated when it leaks) and
// a test SMS through the SAVED settings, answered in plain words (what the provider said).
import { useEffect, useState } from 'react';
import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import AutorenewRoundedIcon from '@mui/icons-material/AutorenewRounded';
import SendRoundedIcon from '@mui/icons-material/SendRounded';
import { useTranslate } from 'react-admin';
import { useFormState } from 'react-hook-form';
import { useConfirm } from '../../components/confirm/ConfirmProvider';
import { describeFailure, failureText } from '../../components/server-errors';
import { useToast } from '../../components/toast/ToastProvider';
import { api } from '../../providers/http-client';
import { postAction } from '../common/api';
import { Section } from '../common/FormPage';
import { UrlField } from '../../components/UrlField';

interface ReportUrl { delivery_report_url: string }
interface TestAnswer { ok: boolean; outcome: 'accepted' | 'logged' | 'refused' | 'unavailable'; message: string }

function DeliveryReportUrl() {
  const translate = useTranslate();
  const confirm = useConfirm();
  const toast = useToast();
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [rotating, setRotating] = useState(false);
  useEffect(() => {
    let live = true;
    api<ReportUrl>('/settings/sms/delivery-report-url')
      .then((a) => live && setUrl(a.delivery_report_url))
      .catch((e: unknown) => live && setError(failureText(e)));
    return () => {
      live = false;
    };
  }, []);
  const rotate = async () => {
    const ok = await confirm({ title: translate('screens.settings.report_rotate_title'), message: translate('screens.settings.report_rotate_message'), acceptLabel: 'screens.settings.report_rotate' });
    if (!ok) return;
    setRotating(true);
    try {
      setUrl((await postAction<ReportUrl>('/settings/sms/rotate-report-secret')).delivery_report_url);
      toast.add({ severity: 'success', summary: 'screens.settings.report_rotated', life: 6000 });
    } catch (e) {
      setError(failureText(e));
    } finally {
      setRotating(false);
    }
  };
  return (
    <Box>
      {error ? <Alert severity="error" sx={{ mb: 1 }}>{translate(error, { _: error })}</Alert> : null}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <UrlField label={translate('screens.settings.report_url')} value={url ?? ''} />
        </Box>
        <Button type="button" size="small" color="warning" variant="outlined" startIcon={<AutorenewRoundedIcon />} onClick={() => void rotate()} loading={rotating} disabled={!url} sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'center' } }}>
          {translate('screens.settings.report_rotate')}
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>{translate('screens.settings.report_hint')}</Typography>
    </Box>
  );
}

function TestSms({ unsaved }: { unsaved: boolean }) {
  const translate = useTranslate();
  const [to, setTo] = useState('');
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<TestAnswer | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const send = async () => {
    setBusy(true);
    setAnswer(null);
    setFieldError(null);
    try {
      setAnswer(await postAction<TestAnswer>('/settings/test-sms', { to }));
    } catch (e) {
      const failure = describeFailure(e);
      if (failure.fields?.to) setFieldError(failure.fields.to);
      else setAnswer({ ok: false, outcome: 'unavailable', message: translate(failureText(e), { _: failureText(e) }) });
    } finally {
      setBusy(false);
    }
  };
  const severity = answer ? (answer.outcome === 'accepted' ? 'success' : answer.outcome === 'logged' ? 'info' : 'error') : 'info';
  return (
    <Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField
          size="small"
          label={translate('screens.settings.test_to')}
          value={to}
          onChange={(e) => setTo(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault(); // not the settings form's submit
              if (to.trim()) void send();
            }
          }}
          error={!!fieldError}
          helperText={fieldError ?? translate('screens.settings.test_to_hint')}
          slotProps={{ htmlInput: { inputMode: 'tel', autoComplete: 'tel', maxLength: 40 } }}
          sx={{ flex: 1, maxWidth: { sm: 320 } }}
        />
        <Button type="button" variant="outlined" startIcon={<SendRoundedIcon />} onClick={() => void send()} loading={busy} disabled={!to.trim()} sx={{ flexShrink: 0, alignSelf: 'flex-start', mt: { sm: 0.25 } }}>
          {translate('screens.settings.test_send')}
        </Button>
      </Stack>
      {unsaved ? <Typography variant="body2" color="warning.main" sx={{ mt: 1 }}>{translate('screens.settings.test_unsaved')}</Typography> : null}
      {answer ? <Alert severity={severity} sx={{ mt: 1.5 }} data-testid="test-sms-answer">{answer.message}</Alert> : null}
    </Box>
  );
}

/** The SMS fields whose unsaved edits a test would not use (it sends with the saved ones). */
const SMS_FIELDS = ['sms_driver', 'sms_sender_id', 'africastalking_username', 'africastalking_api_key'];

/** Inside the settings form (it reads which SMS fields have unsaved edits). */
export function SmsProviderPanel() {
  const translate = useTranslate();
  const { dirtyFields } = useFormState();
  const unsaved = SMS_FIELDS.some((k) => k in dirtyFields);
  return (
    <>
      <Section title={translate('screens.settings.test_title')} hint={translate('screens.settings.test_hint')}>
        <TestSms unsaved={unsaved} />
      </Section>
      <Section title={translate('screens.settings.report_title')} hint={translate('screens.settings.report_section_hint')}>
        <DeliveryReportUrl />
      </Section>
    </>
  );
}
