// Waiving a penalty line of an issued invoice (POST /invoices/:id/lines/:lineId/waive, with a
// reason; the server keeps the line at zero, marked waived, and lowers the invoice's total).
import { useState } from 'react';
import { Button } from '@mui/material';
import MoneyOffRoundedIcon from '@mui/icons-material/MoneyOffRounded';
import { useTranslate, type RaRecord } from 'react-admin';
import { formatCurrency } from '../../../shared/format';
import { useToast } from '../../components/toast/ToastProvider';
import { ActionDialog } from '../common/ReasonDialog';
import { postAction } from '../common/api';

export function PenaltyWaive({ invoice, line, onDone }: { invoice: RaRecord; line: Record<string, unknown>; onDone: () => void }) {
  const translate = useTranslate();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const amount = formatCurrency(line.amount);
  return (
    <>
      <Button
        size="small"
        color="warning"
        startIcon={<MoneyOffRoundedIcon />}
        aria-label={translate('screens.penalty_waive.label', { description: String(line.description ?? '') })}
        onClick={() => setOpen(true)}
        sx={{ whiteSpace: 'nowrap' }}
      >
        {translate('screens.penalty_waive.button')}
      </Button>
      <ActionDialog
        open={open}
        title={translate('screens.penalty_waive.title', { amount })}
        message={`${String(line.description ?? '')}. ${translate('screens.penalty_waive.message', { amount })}`}
        acceptLabel={translate('screens.penalty_waive.button')}
        reasonLabel={translate('screens.common.reason')}
        onClose={() => setOpen(false)}
        onAccept={async (reason) => {
          await postAction(`/invoices/${encodeURIComponent(String(invoice.id))}/lines/${encodeURIComponent(String(line.id))}/waive`, { reason });
          toast.add({ severity: 'success', summary: 'screens.penalty_waive.done', detail: amount, life: 5000 });
          onDone();
        }}
      />
    </>
  );
}
