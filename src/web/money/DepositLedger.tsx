// The deposit's own ledger on the tenant statement: received, less applied to arrears and deducted
// at move-out, plus the unused days credit returned with it, less refunded, is the balance held.
// The balance is computed once (src/shared/settlement.ts depositLedger); the screen lists the parts.
import { Box, Paper, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { DepositLedger as Ledger } from '../../shared/settlement';
import { money, sign } from './format';
import { moneyCellSx } from './parts';

export function DepositLedger({ l }: { l: Ledger }) {
  const translate = useTranslate();
  const lines: Array<[string, string, '+' | '−' | '=']> = [
    ['ledger_received', l.received, '+'],
    ['ledger_applied', l.applied, '−'],
    ['ledger_deducted', l.deducted, '−'],
    ...(sign(l.unused_days_credit) !== 0 ? [['ledger_unused', l.unused_days_credit, '+'] as [string, string, '+']] : []),
    ['ledger_refunded', l.refunded, '−'],
    ['ledger_balance', l.balance_held, '='],
  ];
  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 2.5, borderRadius: 2, maxWidth: 520, breakInside: 'avoid' }} data-testid="deposit-ledger">
      <Typography variant="subtitle1" sx={{ fontWeight: 700 }}>{translate('money.tenant_statement.ledger_title')}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>{translate('money.tenant_statement.ledger_hint')}</Typography>
      {lines.map(([key, amount, s]) => (
        <Box
          key={key}
          data-part={key}
          sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.4, ...(s === '=' ? { fontWeight: 700, borderTop: 1, borderColor: 'divider', mt: 0.5, pt: 0.8 } : {}) }}
        >
          <span>{translate(`money.tenant_statement.${key}`)}</span>
          <Box component="span" sx={moneyCellSx}>{s === '=' ? '' : `${s} `}{money(amount)}</Box>
        </Box>
      ))}
    </Paper>
  );
}
