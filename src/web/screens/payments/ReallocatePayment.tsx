// Moving a payment's money by hand (POST /payments/:id/allocate): the tenant's open invoices and
// the ones this payment pays now, each with what it can take (its balance plus what this payment
// already put on it, since the new allocations replace the old ones). Amounts in cents, never
// beyond an invoice's room or the payment's amount; what is left stays as credit.
import { useMemo, useState } from 'react';
import { Box, Button, InputAdornment, TextField, Typography } from '@mui/material';
import CallSplitRoundedIcon from '@mui/icons-material/CallSplitRounded';
import { useGetList, useGetMany, useLocaleState, useTranslate, type RaRecord } from 'react-admin';
import { formatCurrency } from '../../../shared/format';
import { centsToDecimal, parseMoney } from '../../../shared/resource-values';
import { useToast } from '../../components/toast/ToastProvider';
import { formatDate } from '../../money/dates';
import { ActionDialog } from '../common/ReasonDialog';
import { postAction } from '../common/api';

type Allocation = { invoice_id: string; amount: string };
const money = (c: bigint) => formatCurrency(centsToDecimal(c));
const cents = (v: unknown) => parseMoney(v ?? '0') ?? 0n;

export interface ReallocationRow { id: string; number: string; due_date: string; room: bigint }

/** The invoices a payment may pay, oldest due first, each with the most it can take from this payment. */
export function reallocationRows(open: RaRecord[], current: RaRecord[], allocations: Allocation[]): ReallocationRow[] {
  const mine = new Map<string, bigint>();
  for (const a of allocations) mine.set(a.invoice_id, (mine.get(a.invoice_id) ?? 0n) + cents(a.amount));
  const byId = new Map<string, RaRecord>();
  for (const inv of [...current, ...open]) if (inv.status !== 'void' && inv.status !== 'draft') byId.set(String(inv.id), inv);
  return [...byId.values()]
    .map((inv) => ({ id: String(inv.id), number: String(inv.number ?? ''), due_date: String(inv.due_date ?? ''), room: cents(inv.balance) + (mine.get(String(inv.id)) ?? 0n) }))
    .filter((r) => r.room > 0n)
    .sort((a, b) => a.due_date.localeCompare(b.due_date) || a.number.localeCompare(b.number));
}

/** What the amounts say: each row's cents (null: not a valid amount), the sum, and what is wrong. */
export function checkReallocation(rows: ReallocationRow[], amounts: Record<string, string>, paymentCents: bigint) {
  const parsed = rows.map((r) => {
    const text = (amounts[r.id] ?? '').replace(/[\s,]/g, '');
    const c = text === '' ? 0n : parseMoney(text);
    return { row: r, cents: c, invalid: c === null || c < 0n, over: c !== null && c > r.room };
  });
  const total = parsed.reduce((s, p) => s + (p.cents ?? 0n), 0n);
  const ok = parsed.every((p) => !p.invalid && !p.over) && total <= paymentCents;
  return { parsed, total, ok, left: paymentCents - total };
}

export function ReallocatePayment({ record, onDone }: { record: RaRecord; onDone: () => void }) {
  const translate = useTranslate();
  const toast = useToast();
  const [locale] = useLocaleState();
  const [open, setOpen] = useState(false);
  const [amounts, setAmounts] = useState<Record<string, string>>({});
  const allocations = useMemo(() => (Array.isArray(record.allocations) ? (record.allocations as Allocation[]) : []), [record.allocations]);
  const tenantId = String(record.tenant_id ?? '');
  const { data: openInvoices = [], isPending } = useGetList('invoices', {
    filter: { tenant_id: tenantId, status: ['issued', 'partially_paid'] }, pagination: { page: 1, perPage: 200 }, sort: { field: 'due_date', order: 'ASC' },
  }, { enabled: open && !!tenantId });
  const { data: current = [] } = useGetMany('invoices', { ids: allocations.map((a) => a.invoice_id) }, { enabled: open && allocations.length > 0 });
  const rows = useMemo(() => reallocationRows(openInvoices, current, allocations), [openInvoices, current, allocations]);
  const paymentCents = cents(record.amount);
  const check = checkReallocation(rows, amounts, paymentCents);

  const start = () => {
    const initial: Record<string, string> = {};
    for (const a of allocations) initial[a.invoice_id] = centsToDecimal(cents(initial[a.invoice_id]) + cents(a.amount));
    setAmounts(initial);
    setOpen(true);
  };

  return (
    <>
      <Button variant="outlined" startIcon={<CallSplitRoundedIcon />} onClick={start}>
        {translate('screens.reallocate.button')}
      </Button>
      <ActionDialog
        open={open}
        title={translate('screens.reallocate.title', { receipt: record.receipt_number ?? '' })}
        message={translate('screens.reallocate.message', { amount: money(paymentCents) })}
        acceptLabel={translate('ra.action.save')}
        ready={check.ok && !isPending}
        onClose={() => setOpen(false)}
        onAccept={async () => {
          const body = check.parsed.filter((p) => (p.cents ?? 0n) > 0n).map((p) => ({ invoice_id: p.row.id, amount: centsToDecimal(p.cents!) }));
          await postAction(`/payments/${encodeURIComponent(String(record.id))}/allocate`, { allocations: body });
          toast.add({ severity: 'success', summary: 'screens.reallocate.done', life: 5000 });
          onDone();
        }}
      >
        {!isPending && !rows.length ? (
          <Typography color="text.secondary" variant="body2">{translate('screens.reallocate.none')}</Typography>
        ) : null}
        <Box sx={{ display: 'grid', gap: 1.5 }}>
          {check.parsed.map(({ row, invalid, over }) => (
            <Box key={row.id} sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 1fr) 180px' }, gap: 1, alignItems: 'center' }}>
              <Box sx={{ minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600 }}>{row.number}</Typography>
                <Typography variant="caption" color="text.secondary">
                  {translate('screens.reallocate.due', { date: formatDate(row.due_date, locale ?? 'en') })} · {translate('screens.reallocate.balance', { amount: money(row.room) })}
                </Typography>
              </Box>
              <TextField
                size="small"
                label={translate('screens.reallocate.amount', { invoice: row.number })}
                value={amounts[row.id] ?? ''}
                onChange={(e) => setAmounts((a) => ({ ...a, [row.id]: e.target.value }))}
                error={invalid || over}
                helperText={invalid ? translate('screens.reallocate.invalid') : over ? translate('screens.reallocate.over_balance', { amount: money(row.room) }) : undefined}
                slotProps={{
                  input: { startAdornment: <InputAdornment position="start">KES</InputAdornment> },
                  htmlInput: { inputMode: 'decimal', style: { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } },
                }}
              />
            </Box>
          ))}
        </Box>
        <Box sx={{ mt: 2, display: 'flex', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }} aria-live="polite">
          <Typography sx={{ fontWeight: 600 }}>{translate('screens.reallocate.allocated', { amount: money(check.total) })}</Typography>
          {check.left < 0n ? (
            <Typography color="error" role="alert">{translate('screens.reallocate.over_payment', { amount: money(-check.left) })}</Typography>
          ) : (
            <Typography color="text.secondary">{translate('screens.reallocate.left', { amount: money(check.left) })}</Typography>
          )}
        </Box>
      </ActionDialog>
    </>
  );
}
