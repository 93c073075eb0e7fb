// The refund paid out to the tenant at the move-out: how (bank, M-Pesa, cheque, cash), its
// reference, the day and the amount (empty: everything refundable). Shown only to people who may
// approve money leaving the agency (refund.lease).
import { Box, Checkbox, FormControlLabel, MenuItem, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { REFUND_METHODS, type RefundMethod } from '../../../shared/settlement';

export interface RefundState { pay: boolean; method: RefundMethod; reference: string; date: string; amount: string }

export const refundBody = (r: RefundState) => (r.pay
  ? { method: r.method, reference: r.reference.trim() || null, date: r.date, ...(r.amount.trim() ? { amount: r.amount.trim() } : {}) }
  : undefined);

export function RefundPayoutFields({ value, onChange, errors }: { value: RefundState; onChange: (v: RefundState) => void; errors?: Record<string, string> }) {
  const translate = useTranslate();
  const set = (patch: Partial<RefundState>) => onChange({ ...value, ...patch });
  return (
    <Box data-testid="refund-payout" sx={{ mt: 2 }}>
      <FormControlLabel
        control={<Checkbox checked={value.pay} onChange={(e) => set({ pay: e.target.checked })} />}
        label={translate('screens.leases.refund_now')}
      />
      <Typography variant="body2" color="text.secondary">{translate(value.pay ? 'screens.leases.refund_now_hint' : 'screens.leases.refund_later_hint')}</Typography>
      {value.pay ? (
        <Box sx={{ display: 'grid', gap: 1.5, mt: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <TextField select size="small" label={translate('screens.leases.refund_method')} value={value.method} onChange={(e) => set({ method: e.target.value as RefundMethod })}>
            {REFUND_METHODS.map((m) => <MenuItem key={m} value={m}>{translate(`screens.leases.refund_methods.${m}`)}</MenuItem>)}
          </TextField>
          <TextField size="small" label={translate('screens.leases.refund_reference')} value={value.reference} onChange={(e) => set({ reference: e.target.value })} slotProps={{ htmlInput: { maxLength: 100 } }} />
          <TextField
            size="small" type="date" label={translate('screens.leases.refund_date')} value={value.date} onChange={(e) => set({ date: e.target.value })}
            error={!!errors?.['refund.date']} helperText={errors?.['refund.date']} slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            size="small" label={translate('screens.leases.refund_amount')} value={value.amount} onChange={(e) => set({ amount: e.target.value })}
            error={!!errors?.['refund.amount']} helperText={errors?.['refund.amount'] ?? translate('screens.leases.refund_amount_hint')}
            slotProps={{ htmlInput: { inputMode: 'decimal', style: { textAlign: 'right' } } }}
          />
        </Box>
      ) : null}
    </Box>
  );
}
