// A draft payout to an owner is approved on its form's toolbar by whoever holds
// approve.remittance (POST /remittances/:id/approve); more than is due to the owner is refused
// until the box to pay it anyway is ticked. Draft or approved, it is voided with a reason
// (POST /remittances/:id/void).
import { useState } from 'react';
import { Button, Checkbox, Chip, FormControlLabel } from '@mui/material';
import TaskAltRoundedIcon from '@mui/icons-material/TaskAltRounded';
import BlockRoundedIcon from '@mui/icons-material/BlockRounded';
import { useRefresh, useTranslate, type RaRecord } from 'react-admin';
import { formatCurrency } from '../../../shared/format';
import { describeFailure } from '../../components/server-errors';
import { useToast } from '../../components/toast/ToastProvider';
import { ActionDialog } from '../common/ReasonDialog';
import { postAction } from '../common/api';
import { useCan } from '../common/params';

export function RemittanceActions({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  const toast = useToast();
  const refresh = useRefresh();
  const can = useCan();
  const [open, setOpen] = useState<'approve' | 'void' | null>(null);
  const [over, setOver] = useState(false);
  const [confirmed, setConfirmed] = useState(false);
  if (record.status === 'void' || !can('approve.remittance')) {
    return record.status === 'draft' ? <Chip color="warning" variant="outlined" size="small" label={translate('screens.remittance_actions.draft')} sx={{ display: { xs: 'none', sm: 'inline-flex' } }} /> : null;
  }
  const amount = formatCurrency(record.amount);
  const path = `/remittances/${encodeURIComponent(String(record.id))}`;
  const close = () => {
    setOpen(null);
    setOver(false);
    setConfirmed(false);
  };
  return (
    <>
      {record.status === 'draft' ? (
        <Button variant="outlined" color="success" startIcon={<TaskAltRoundedIcon />} onClick={() => setOpen('approve')}>
          {translate('screens.remittance_actions.approve')}
        </Button>
      ) : null}
      <Button variant="outlined" color="error" startIcon={<BlockRoundedIcon />} onClick={() => setOpen('void')}>
        {translate('screens.remittance_actions.void')}
      </Button>
      <ActionDialog
        open={open === 'approve'}
        title={translate('screens.remittance_actions.approve_title', { amount })}
        message={translate('screens.remittance_actions.approve_message')}
        acceptLabel={translate('screens.remittance_actions.approve')}
        ready={!over || confirmed}
        onClose={close}
        onAccept={async () => {
          try {
            await postAction(`${path}/approve`, over && confirmed ? { confirm_overpayment: true } : {});
          } catch (e) {
            // more than is due: the server says by how much; the box to pay it anyway appears
            if (describeFailure(e).fields?.overpayment_confirmed) setOver(true);
            throw e;
          }
          toast.add({ severity: 'success', summary: 'screens.remittance_actions.approved', detail: amount, life: 5000 });
          refresh();
        }}
      >
        {over ? (
          <FormControlLabel
            control={<Checkbox checked={confirmed} onChange={(e) => setConfirmed(e.target.checked)} />}
            label={translate('screens.remittance_actions.confirm_over')}
          />
        ) : null}
      </ActionDialog>
      <ActionDialog
        open={open === 'void'}
        danger
        title={translate('screens.remittance_actions.void_title', { amount })}
        message={translate('screens.remittance_actions.void_message')}
        acceptLabel={translate('screens.remittance_actions.void')}
        reasonLabel={translate('screens.common.reason')}
        onClose={close}
        onAccept={async (reason) => {
          await postAction(`${path}/void`, { reason });
          toast.add({ severity: 'success', summary: 'screens.remittance_actions.voided', detail: amount, life: 5000 });
          refresh();
        }}
      />
    </>
  );
}
