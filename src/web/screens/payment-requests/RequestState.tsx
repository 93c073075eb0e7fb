// What became of a payment request, in plain words: waiting (with a progress bar), paid (the
// M-Pesa receipt and a link to the payment), or how it ended, with Safaricom's own words.
import { Alert, AlertTitle, Button, LinearProgress, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { formatCurrency } from '../../../shared/format';
import type { PaymentRequest } from '../../../shared/payment-requests';

const SEVERITY: Record<string, 'info' | 'success' | 'warning' | 'error'> = {
  requesting: 'info', sent: 'info', paid: 'success', cancelled: 'warning', timed_out: 'warning', wrong_pin: 'error', insufficient_funds: 'error', failed: 'error',
};

export function RequestState({ request }: { request: PaymentRequest }) {
  const translate = useTranslate();
  const s = request.state;
  const waiting = s === 'requesting' || s === 'sent';
  const said = [request.result_code, request.result_desc].filter(Boolean).join(' · ');
  return (
    <Alert
      severity={SEVERITY[s] ?? 'info'}
      data-testid="payment-request-state"
      data-state={s}
      action={request.payment_id ? (
        <Button component={Link} to={`/payment-form/${encodeURIComponent(request.payment_id)}`} size="small" color="inherit">
          {translate('screens.payment_requests.view_payment')}
        </Button>
      ) : undefined}
    >
      <AlertTitle>{translate(`screens.payment_requests.state.${s}`)}</AlertTitle>
      {waiting ? <LinearProgress sx={{ my: 1 }} aria-hidden /> : null}
      {s === 'paid' && request.receipt ? (
        <Typography variant="body2">{translate('screens.payment_requests.receipt', { receipt: request.receipt, amount: formatCurrency(request.amount) })}</Typography>
      ) : null}
      {s === 'paid' && !request.payment_id ? <Typography variant="body2">{translate('screens.payment_requests.paid_unrecorded')}</Typography> : null}
      {s === 'sent' && request.queried_at ? <Typography variant="body2">{translate('screens.payment_requests.no_answer')}</Typography> : null}
      {!waiting && s !== 'paid' && said ? <Typography variant="body2">{translate('screens.payment_requests.safaricom_said', { answer: said })}</Typography> : null}
    </Alert>
  );
}
