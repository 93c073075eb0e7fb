// Under an M-Pesa payment that Daraja reported: the callback exactly as Safaricom sent it (kept
// before the payment was recorded), for whoever may see the payment to check what arrived.
import { useEffect, useState } from 'react';
import { Box, Chip, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { api } from '../../providers/http-client';
import { Section } from '../common/FormPage';
import { formatDateTime } from '../../../shared/format';

interface Callback {
  id: string;
  trans_id: string;
  body: string;
  status: string;
  received_at: string;
}

const pretty = (body: string) => {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
};

export function CallbackPanel({ paymentId }: { paymentId: string }) {
  const translate = useTranslate();
  const [rows, setRows] = useState<Callback[]>([]);
  useEffect(() => {
    let live = true;
    api<{ data: Callback[] }>(`/payments/${encodeURIComponent(paymentId)}/callbacks`)
      .then((r) => live && setRows(r.data))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [paymentId]);
  if (!rows.length) return null;
  return (
    <Section title={translate('screens.payments.callback_title')} hint={translate('screens.payments.callback_hint')}>
      {rows.map((c) => (
        <Box key={c.id} data-testid="payment-callback" sx={{ mt: 1 }}>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 0.75 }}>
            {translate('screens.payments.callback_received', {
              at: formatDateTime(c.received_at),
            })}{' '}
            <Chip size="small" variant="outlined" label={c.trans_id} />
          </Typography>
          <Box component="pre" sx={{ m: 0, p: 1.5, bgcolor: 'action.hover', borderRadius: 1, fontSize: 12, overflowX: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
            {pretty(c.body)}
          </Box>
        </Box>
      ))}
    </Section>
  );
}
