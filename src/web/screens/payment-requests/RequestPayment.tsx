// "Request payment": a button (on an invoice, a tenant, the compose screen) opening a dialog
// with the tenant's M-Pesa phone and the amount (the balance rounded up to whole shillings, or
// typed), which sends an STK push (POST /payment-requests) and then shows what the phone did.
import { useEffect, useState } from 'react';
import {
  Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, Typography, useMediaQuery, type Theme,
} from '@mui/material';
import PhoneIphoneRoundedIcon from '@mui/icons-material/PhoneIphoneRounded';
import { useTranslate } from 'react-admin';
import { formatCurrency } from '../../../shared/format';
import type { PaymentRequest, PaymentRequestDraft } from '../../../shared/payment-requests';
import { describeFailure, failureText } from '../../components/server-errors';
import { api } from '../../providers/http-client';
import { postAction } from '../common/api';
import { useCan } from '../common/params';
import { RequestState } from './RequestState';
import { usePaymentRequest } from './usePaymentRequest';

interface Props {
  tenantId: string;
  invoiceId?: string | null;
  /** after a request was sent, when the dialog closes: the screen reloads its figures */
  onDone?: () => void;
  variant?: 'contained' | 'outlined';
}

const WHOLE = /^\s*\d{1,6}(\.0{1,2})?\s*$/;

function RequestDialog({ tenantId, invoiceId, onClose, onDone }: Props & { onClose: () => void }) {
  const translate = useTranslate();
  const phoneScreen = useMediaQuery((t: Theme) => t.breakpoints.down('sm'));
  const [draft, setDraft] = useState<PaymentRequestDraft | null>(null);
  const [cannot, setCannot] = useState<string | null>(null);
  const [phone, setPhone] = useState('');
  const [amount, setAmount] = useState('');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sent, setSent] = useState<PaymentRequest | null>(null);
  const request = usePaymentRequest(sent);

  useEffect(() => {
    let live = true;
    const q = new URLSearchParams({ tenant_id: tenantId, ...(invoiceId ? { invoice_id: invoiceId } : {}) });
    api<PaymentRequestDraft>(`/payment-requests/draft?${q}`).then((d) => {
      if (!live) return;
      setDraft(d);
      setPhone(d.phone);
      setAmount(d.amount.replace(/\.00$/, ''));
    }).catch((e) => {
      const text = failureText(e);
      if (live) setCannot(translate(text, { _: text }));
    });
    return () => {
      live = false;
    };
  }, [tenantId, invoiceId, translate]);

  // the screen behind reloads its figures once the dialog closes (reloading now could unmount it:
  // a paid invoice has no button any more)
  const close = () => {
    onClose();
    if (request) onDone?.();
  };

  const send = async () => {
    setBusy(true);
    setErrors({});
    try {
      setSent(await postAction<PaymentRequest>('/payment-requests', {
        tenant_id: tenantId, invoice_id: invoiceId ?? null, channel_id: draft?.channel_id ?? null, phone: phone.trim(), amount: amount.trim(),
      }));
    } catch (e) {
      const f = describeFailure(e);
      const text = f.message ?? 'ra.notification.http_error';
      setErrors(f.fields ?? { form: translate(text, { _: text }) });
    } finally {
      setBusy(false);
    }
  };

  const amountOk = WHOLE.test(amount) && Number(amount) >= 1;
  return (
    <Dialog open onClose={close} fullScreen={phoneScreen} fullWidth maxWidth="xs" aria-labelledby="request-payment-title">
      <DialogTitle id="request-payment-title">{translate('screens.payment_requests.title')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>{translate('screens.payment_requests.hint')}</Typography>
        {cannot ? <Alert severity="warning"><strong>{translate('screens.payment_requests.cannot')}</strong>{`: ${cannot}`}</Alert> : null}
        {draft && !request ? (
          <Stack spacing={2} component="form" id="request-payment-form" onSubmit={(e) => { e.preventDefault(); void send(); }}>
            <Box sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5 }}>
              {([['tenant', draft.tenant_name], ['account', draft.account_reference], ['channel', draft.channel_name]] as const).map(([k, v]) => (
                <Box key={k} sx={{ display: 'contents' }}>
                  <Typography variant="body2" color="text.secondary">{translate(`screens.payment_requests.${k}`)}</Typography>
                  <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{v}</Typography>
                </Box>
              ))}
            </Box>
            <TextField
              label={translate('screens.payment_requests.phone')} value={phone} onChange={(e) => setPhone(e.target.value)} required
              error={!!errors.phone} helperText={errors.phone ?? translate('screens.payment_requests.phone_hint')}
              slotProps={{ htmlInput: { inputMode: 'tel', autoComplete: 'tel', maxLength: 25 } }}
            />
            <TextField
              label={translate('screens.payment_requests.amount')} value={amount} onChange={(e) => setAmount(e.target.value)} required
              error={!!errors.amount || (amount !== '' && !amountOk)}
              helperText={errors.amount ?? translate('screens.payment_requests.amount_hint', { balance: formatCurrency(draft.balance) })}
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 9 } }}
            />
            {Object.entries(errors).filter(([k]) => k !== 'phone' && k !== 'amount').map(([k, m]) => <Alert key={k} severity="error">{m}</Alert>)}
          </Stack>
        ) : null}
        {request ? <RequestState request={request} /> : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{translate('screens.payment_requests.close')}</Button>
        {!request && draft ? (
          <Button type="submit" form="request-payment-form" variant="contained" startIcon={<PhoneIphoneRoundedIcon />} loading={busy} disabled={!amountOk || !phone.trim()}>
            {translate('screens.payment_requests.send')}
          </Button>
        ) : null}
      </DialogActions>
    </Dialog>
  );
}

/** The button, shown to those who may record payments (create.payment). */
export function RequestPayment(props: Props) {
  const translate = useTranslate();
  const can = useCan();
  const [open, setOpen] = useState(false);
  if (!can('create.payment')) return null;
  return (
    <>
      <Button variant={props.variant ?? 'outlined'} startIcon={<PhoneIphoneRoundedIcon />} onClick={() => setOpen(true)} data-testid="request-payment">
        {translate('screens.payment_requests.button')}
      </Button>
      {open ? <RequestDialog {...props} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

/** On a tenant's form: their whole balance. */
export function TenantRequestPayment({ record }: { record: { id: unknown } }) {
  return <RequestPayment tenantId={String(record.id)} />;
}
