// A pending expense (above the organisation's approval threshold) says so on its form's toolbar,
// and whoever holds approve.expense approves it there (POST /expenses/:id/approve).
import { useState } from 'react';
import { Button, Chip } from '@mui/material';
import TaskAltRoundedIcon from '@mui/icons-material/TaskAltRounded';
import { useRefresh, useTranslate, type RaRecord } from 'react-admin';
import { formatCurrency } from '../../../shared/format';
import { useToast } from '../../components/toast/ToastProvider';
import { ActionDialog } from '../common/ReasonDialog';
import { postAction } from '../common/api';
import { useCan } from '../common/params';

export function ExpenseApprove({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  const toast = useToast();
  const refresh = useRefresh();
  const can = useCan();
  const [open, setOpen] = useState(false);
  if (record.status !== 'pending') return null;
  const amount = formatCurrency(record.amount);
  return (
    <>
      {/* the status field says it too; on a phone the toolbar keeps to one row */}
      <Chip color="warning" variant="outlined" size="small" sx={{ display: { xs: 'none', sm: 'inline-flex' } }} label={translate('resources.expenses.choices.status.pending', { _: translate('choices.status.pending', { _: 'Pending' }) })} title={translate('screens.expense_approve.pending')} />
      {can('approve.expense') ? (
        <Button variant="outlined" color="success" startIcon={<TaskAltRoundedIcon />} onClick={() => setOpen(true)}>
          {translate('screens.expense_approve.button')}
        </Button>
      ) : null}
      <ActionDialog
        open={open}
        title={translate('screens.expense_approve.title', { amount })}
        message={translate('screens.expense_approve.message')}
        acceptLabel={translate('screens.expense_approve.button')}
        onClose={() => setOpen(false)}
        onAccept={async () => {
          await postAction(`/expenses/${encodeURIComponent(String(record.id))}/approve`);
          toast.add({ severity: 'success', summary: 'screens.expense_approve.done', detail: amount, life: 5000 });
          refresh();
        }}
      />
    </>
  );
}
