// Under the Daraja URLs of an M-Pesa channel: "Register URLs" (Keja asks Safaricom with the
// channel's stored keys and shows the answer in plain words) and, in demo mode against the local
// fake Daraja, "Simulate a payment", which goes through the real callback path.
import { useEffect, useState } from 'react';
import { Alert, AlertTitle, Box, Button, Stack, TextField, Typography } from '@mui/material';
import CloudUploadRoundedIcon from '@mui/icons-material/CloudUploadRounded';
import PaymentsRoundedIcon from '@mui/icons-material/PaymentsRounded';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { describeFailure } from '../../components/server-errors';
import { api } from '../../providers/http-client';
import { postAction } from '../common/api';

interface DarajaAnswer {
  outcome: 'ok' | 'already_registered' | 'bad_keys' | 'unreachable' | 'refused';
  code: string | null;
  description: string | null;
  payment_id?: string | null;
}

type Shown = { kind: 'register' | 'simulate'; answer: DarajaAnswer } | { kind: 'error'; message: string };

const severity = (o: DarajaAnswer['outcome']) => (o === 'ok' ? 'success' : o === 'already_registered' ? 'info' : 'error');

export function DarajaActions({ channelId, canSimulate }: { channelId: string; canSimulate: boolean }) {
  const translate = useTranslate();
  const [busy, setBusy] = useState<'register' | 'simulate' | null>(null);
  const [shown, setShown] = useState<Shown | null>(null);
  const [amount, setAmount] = useState('1500');
  const [account, setAccount] = useState('');

  // a newcomer needs an account number that exists: the first house's
  useEffect(() => {
    if (!canSimulate) return;
    let live = true;
    api<Array<{ account_code?: string }>>('/houses?range=[0,0]&sort=["account_code","ASC"]')
      .then((rows) => live && rows[0]?.account_code && setAccount((a) => a || String(rows[0].account_code)))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [canSimulate]);

  const run = async (kind: 'register' | 'simulate') => {
    setBusy(kind);
    setShown(null);
    try {
      const answer = kind === 'register'
        ? await postAction<DarajaAnswer>(`/payment-channels/${channelId}/register-urls`)
        : await postAction<DarajaAnswer>(`/payment-channels/${channelId}/simulate`, { amount: amount.trim(), account });
      setShown({ kind, answer });
    } catch (e) {
      const failure = describeFailure(e);
      setShown({ kind: 'error', message: failure.message ?? Object.values(failure.fields ?? {})[0] ?? translate('ra.notification.http_error') });
    } finally {
      setBusy(null);
    }
  };

  const amountOk = /^\d{1,9}(\.\d{1,2})?$/.test(amount.trim()) && Number(amount) > 0;
  return (
    <Box sx={{ mt: 2.5 }}>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button size="small" variant="contained" startIcon={<CloudUploadRoundedIcon />} onClick={() => void run('register')} loading={busy === 'register'} disabled={busy !== null}>
          {translate('screens.payment_channels.register')}
        </Button>
      </Stack>
      {canSimulate ? (
        <Box component="form" sx={{ mt: 2.5 }} onSubmit={(e) => { e.preventDefault(); void run('simulate'); }} aria-label={translate('screens.payment_channels.simulate_title')}>
          <Typography variant="subtitle2" component="h3" sx={{ fontWeight: 700 }}>{translate('screens.payment_channels.simulate_title')}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>{translate('screens.payment_channels.simulate_hint')}</Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
            <TextField size="small" label={translate('screens.payment_channels.simulate_amount')} value={amount} onChange={(e) => setAmount(e.target.value)}
              error={!amountOk} slotProps={{ htmlInput: { inputMode: 'decimal' } }} sx={{ width: { sm: 160 } }} />
            <TextField size="small" label={translate('screens.payment_channels.simulate_account')} value={account} onChange={(e) => setAccount(e.target.value)}
              slotProps={{ htmlInput: { maxLength: 20 } }} sx={{ width: { sm: 200 } }} />
            <Button type="submit" variant="outlined" startIcon={<PaymentsRoundedIcon />} loading={busy === 'simulate'} disabled={busy !== null || !amountOk || !account.trim()} sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}>
              {translate('screens.payment_channels.simulate')}
            </Button>
          </Stack>
        </Box>
      ) : null}
      {shown?.kind === 'error' ? <Alert severity="error" sx={{ mt: 2 }}>{shown.message}</Alert> : null}
      {shown && shown.kind !== 'error' ? (
        <Alert severity={severity(shown.answer.outcome)} sx={{ mt: 2 }} data-testid="daraja-answer"
          action={shown.kind === 'simulate' && shown.answer.payment_id ? (
            <Button component={Link} to={`/payment-form/${encodeURIComponent(shown.answer.payment_id)}`} size="small" color="inherit">
              {translate('screens.payment_channels.view_payment')}
            </Button>
          ) : undefined}>
          <AlertTitle>{translate(`screens.payment_channels.${shown.kind}_${shown.answer.outcome}`)}</AlertTitle>
          {shown.answer.code || shown.answer.description ? (
            <Typography variant="body2" component="div">
              {translate('screens.payment_channels.safaricom_said', { answer: [shown.answer.code, shown.answer.description].filter(Boolean).join(' · ') })}
            </Typography>
          ) : null}
        </Alert>
      ) : null}
    </Box>
  );
}
