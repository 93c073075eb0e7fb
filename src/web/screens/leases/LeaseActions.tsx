// The lease lifecycle (draft → active → notice → ended) through its endpoints
// (POST /leases/:id/activate, /notice, /end): each asks first and reports what the server did.
import { useState } from 'react';
import { Box, Button, Checkbox, FormControlLabel, TextField, Typography } from '@mui/material';
import PlayArrowRoundedIcon from '@mui/icons-material/PlayArrowRounded';
import EventBusyRoundedIcon from '@mui/icons-material/EventBusyRounded';
import LogoutRoundedIcon from '@mui/icons-material/LogoutRounded';
import { useTranslate, type RaRecord } from 'react-admin';
import { formatCurrency } from '../../../shared/format';
import { isIsoDate } from '../../../shared/resource-values';
import { describeFailure } from '../../components/server-errors';
import { useConfirm } from '../../components/confirm/ConfirmProvider';
import { useToast } from '../../components/toast/ToastProvider';
import { ActionDialog } from '../common/ReasonDialog';
import { postAction, todayInNairobi } from '../common/api';
import { useCan } from '../common/params';
import type { SettlementFigures } from '../../../shared/settlement';
import { SettlementPreview } from './MoveOutSettlement';
import { deductionsBody, MoveOutDeductions, rowError, type DeductionRow } from './MoveOutDeductions';
import { refundBody, RefundPayoutFields, type RefundState } from './RefundPayoutFields';

interface EndAnswer {
  voided?: string[];
  kept?: string[];
  settlement?: SettlementFigures;
}

export function LeaseActions({ record, onDone }: { record: RaRecord; onDone: () => void }) {
  const translate = useTranslate();
  const confirm = useConfirm();
  const toast = useToast();
  const can = useCan();
  const [dialog, setDialog] = useState<'notice' | 'end' | null>(null);
  const [busy, setBusy] = useState(false);
  const today = todayInNairobi();
  const [noticeDate, setNoticeDate] = useState(today);
  const [moveOut, setMoveOut] = useState('');
  const [applyDeposit, setApplyDeposit] = useState(true);
  const [deductions, setDeductions] = useState<DeductionRow[]>([]);
  const [refund, setRefund] = useState<RefundState>({ pay: false, method: 'mpesa', reference: '', date: today, amount: '' });
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  if (!can('edit.lease')) return null;
  const mayRefund = can('refund.lease');
  const extra = { deductions: deductionsBody(deductions), ...(mayRefund && refund.pay ? { refund: refundBody(refund) } : {}) };
  const id = encodeURIComponent(String(record.id));
  const status = String(record.status);

  const activate = async () => {
    const ok = await confirm({
      title: 'screens.leases.activate_title',
      message: translate('screens.leases.activate_message'),
      acceptLabel: 'screens.leases.activate',
    });
    if (!ok) return;
    setBusy(true);
    try {
      const answer = await postAction<{ invoice?: { number?: string | null } | null }>(`/leases/${id}/activate`);
      toast.add({
        severity: 'success',
        summary: 'screens.leases.activated',
        detail: answer.invoice ? translate('screens.leases.first_invoice', { number: answer.invoice.number ?? '' }) : undefined,
        life: 6000,
      });
      onDone();
    } catch (e) {
      toast.add({ severity: 'error', summary: 'screens.leases.action_failed', detail: describeFailure(e).message ?? Object.values(describeFailure(e).fields ?? {}).join(' '), life: 8000 });
    } finally {
      setBusy(false);
    }
  };

  const openEnd = () => {
    setMoveOut(String(record.move_out_date ?? '') || today);
    setApplyDeposit(true);
    setDeductions([]);
    setRefund({ pay: false, method: 'mpesa', reference: '', date: today, amount: '' });
    setFieldErrors({});
    setDialog('end');
  };
  const openNotice = () => {
    setNoticeDate(today);
    setMoveOut('');
    setDialog('notice');
  };

  const giveNotice = async () => {
    await postAction(`/leases/${id}/notice`, { notice_date: noticeDate, move_out_date: moveOut });
    toast.add({ severity: 'success', summary: 'screens.leases.notice_given', detail: translate('screens.leases.moves_out_on', { date: moveOut }), life: 6000 });
    onDone();
  };

  const end = async () => {
    const answer = await postAction<EndAnswer>(`/leases/${id}/end`, { move_out_date: moveOut, apply_deposit_to_arrears: applyDeposit, ...extra });
    const s = answer.settlement;
    toast.add({
      severity: 'success',
      summary: 'screens.leases.ended',
      detail: s
        ? translate(Number(s.credit_applied ?? 0) !== 0 ? 'screens.leases.settlement_credit' : 'screens.leases.settlement', {
          deposit: formatCurrency(s.deposit), applied: formatCurrency(s.applied), deducted: formatCurrency(s.deducted), unused: formatCurrency(s.unused_days_credit), credit_applied: formatCurrency(s.credit_applied ?? '0'), refundable: formatCurrency(s.refundable),
          voided: answer.voided?.length ?? 0,
        })
        : undefined,
      life: 10000,
    });
    onDone();
  };

  return (
    <>
      {status === 'draft' ? (
        <Button variant="contained" startIcon={<PlayArrowRoundedIcon />} loading={busy} onClick={() => void activate()}>
          {translate('screens.leases.activate')}
        </Button>
      ) : null}
      {status === 'active' ? (
        <Button variant="outlined" startIcon={<EventBusyRoundedIcon />} onClick={openNotice}>
          {translate('screens.leases.give_notice')}
        </Button>
      ) : null}
      {status === 'active' || status === 'notice' ? (
        <Button variant="outlined" color="error" startIcon={<LogoutRoundedIcon />} onClick={openEnd}>
          {translate('screens.leases.end')}
        </Button>
      ) : null}

      <ActionDialog
        open={dialog === 'notice'}
        title={translate('screens.leases.give_notice')}
        message={translate('screens.leases.notice_message')}
        acceptLabel={translate('screens.leases.give_notice')}
        ready={isIsoDate(noticeDate) && isIsoDate(moveOut) && moveOut >= noticeDate}
        onClose={() => setDialog(null)}
        onAccept={giveNotice}
      >
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, pt: 1 }}>
          <TextField type="date" label={translate('screens.leases.notice_date')} value={noticeDate} onChange={(e) => setNoticeDate(e.target.value)} slotProps={{ inputLabel: { shrink: true } }} />
          <TextField type="date" label={translate('screens.leases.move_out_date')} value={moveOut} onChange={(e) => setMoveOut(e.target.value)} slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: noticeDate } }} />
        </Box>
      </ActionDialog>

      <ActionDialog
        open={dialog === 'end'}
        title={translate('screens.leases.end_title')}
        message={translate('screens.leases.end_message')}
        acceptLabel={translate('screens.leases.end')}
        danger
        ready={isIsoDate(moveOut) && deductions.every((r) => !rowError(r)) && (!refund.pay || isIsoDate(refund.date))}
        onClose={() => setDialog(null)}
        onAccept={end}
      >
        <Box sx={{ pt: 1 }}>
          <TextField type="date" label={translate('screens.leases.move_out_date')} value={moveOut} onChange={(e) => setMoveOut(e.target.value)} slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: String(record.start_date ?? '') } }} />
          <FormControlLabel
            sx={{ mt: 1.5 }}
            control={<Checkbox checked={applyDeposit} onChange={(e) => setApplyDeposit(e.target.checked)} />}
            label={translate('screens.leases.apply_deposit')}
          />
          <Typography variant="body2" color="text.secondary">
            {translate(applyDeposit ? 'screens.leases.apply_deposit_hint' : 'screens.leases.refund_deposit_hint')}
          </Typography>
          <MoveOutDeductions rows={deductions} onChange={setDeductions} errors={fieldErrors} />
          {mayRefund ? <RefundPayoutFields value={refund} onChange={setRefund} errors={fieldErrors} /> : null}
          <Typography variant="subtitle2" sx={{ mt: 2 }}>{translate('screens.leases.deposit_settlement')}</Typography>
          {dialog === 'end' ? <SettlementPreview leaseId={String(record.id)} moveOut={moveOut} applyDeposit={applyDeposit} extra={extra} onErrors={setFieldErrors} /> : null}
        </Box>
      </ActionDialog>
    </>
  );
}
