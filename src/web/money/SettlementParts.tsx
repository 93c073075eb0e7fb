// A deposit settled at the move-out, part by part, as one sum that adds up on the screen: deposit
// paid, less what was applied to arrears, less each deduction, plus the unused days credit (and
// what the deposit did not cover of the deductions, owed by the tenant), is the refund. The parts
// come from src/shared/settlement.ts (the server computes them with it), so the move-out dialog's
// preview, its result, the lease screen and the tenant statement show the same lines.
import { Box, Paper, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { settlementLines, type DepositRefund, type SettlementFigures, type SettlementPart } from '../../shared/settlement';
import { money, sign } from './format';
import { moneyCellSx } from './parts';

const LABEL: Record<SettlementPart, string> = {
  deposit: 'money.tenant_statement.settlement_held',
  applied: 'money.tenant_statement.settlement_applied',
  deduction: 'money.tenant_statement.settlement_deduction',
  owed: 'money.tenant_statement.settlement_not_covered',
  unused_days_credit: 'money.tenant_statement.settlement_unused',
  credit_applied: 'money.tenant_statement.settlement_credit_applied',
  refundable: 'money.tenant_statement.settlement_refundable',
};

export function SettlementParts({ s, refund, title, subtitle, testId = 'deposit-settlement', outlined = true }: {
  s: SettlementFigures;
  /** the payout, once recorded */
  refund?: DepositRefund | null;
  title?: string;
  subtitle?: string;
  testId?: string;
  outlined?: boolean;
}) {
  const translate = useTranslate();
  const body = (
    <>
      {title ? <Typography variant="subtitle1" sx={{ fontWeight: 700 }}>{title}</Typography> : null}
      {subtitle ? <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>{subtitle}</Typography> : null}
      {settlementLines(s).map((l, i) => (
        <Box
          key={`${l.part}-${i}`}
          data-part={l.part}
          sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.4, ...(l.sign === '=' ? { fontWeight: 700, borderTop: 1, borderColor: 'divider', mt: 0.5, pt: 0.8 } : {}) }}
        >
          <span>
            {l.part === 'deduction'
              ? translate(LABEL.deduction, { category: translate(`screens.leases.deduction_categories.${l.category ?? 'other'}`), description: l.label ?? '' })
              : translate(LABEL[l.part])}
          </span>
          <Box component="span" sx={moneyCellSx}>
            {l.sign === '=' ? '' : `${l.sign} `}{money(l.amount)}
          </Box>
        </Box>
      ))}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {translate('money.tenant_statement.settlement_owed', { amount: money(s.arrears) })}
        {sign(s.unpaid_cancelled) !== 0 ? ` ${translate('money.tenant_statement.settlement_cancelled_note', { amount: money(s.unpaid_cancelled) })}` : ''}
        {sign(s.owed) > 0 ? ` ${translate('money.tenant_statement.settlement_owing_note', { amount: money(s.owed) })}` : ''}
      </Typography>
      {refund ? (
        <Typography variant="body2" sx={{ mt: 0.5 }} data-testid="settlement-refund">
          {translate('money.tenant_statement.settlement_refunded', {
            amount: money(refund.amount), date: refund.date, method: translate(`screens.leases.refund_methods.${refund.method}`),
            reference: refund.reference ?? '—', by: refund.refunded_by_name ?? '—',
          })}
        </Typography>
      ) : null}
    </>
  );
  return outlined ? (
    <Paper variant="outlined" sx={{ p: 2, mt: 2.5, borderRadius: 2, maxWidth: 520, breakInside: 'avoid' }} data-testid={testId}>{body}</Paper>
  ) : (
    <Box data-testid={testId}>{body}</Box>
  );
}
