// What can happen to a recorded payment: an unmatched one is assigned to a tenant (and is
// allocated at once); an allocated one can be re-allocated by hand; any payment not yet reversed
// can be reversed with a reason.
import { useState } from 'react';
import { Alert, Box, Button, MenuItem, TextField } from '@mui/material';
import PersonAddAlt1RoundedIcon from '@mui/icons-material/PersonAddAlt1Rounded';
import UndoRoundedIcon from '@mui/icons-material/UndoRounded';
import { useGetList, useGetMany, useTranslate, type RaRecord } from 'react-admin';
import { formatCurrency } from '../../../shared/format';
import { useToast } from '../../components/toast/ToastProvider';
import { ActionDialog } from '../common/ReasonDialog';
import { RecordPicker } from '../common/TenantPicker';
import { api } from '../../providers/http-client';
import { postAction } from '../common/api';
import { useCan } from '../common/params';
import { ReallocatePayment } from './ReallocatePayment';
import { DocumentActions } from '../documents/DocumentActions';

function LeaseSelect({ tenantId, value, onChange }: { tenantId: string; value: string; onChange: (v: string) => void }) {
  const translate = useTranslate();
  const { data: leases = [] } = useGetList('leases', { filter: { tenant_id: tenantId }, pagination: { page: 1, perPage: 50 }, sort: { field: 'start_date', order: 'DESC' } });
  const { data: houses = [] } = useGetMany('houses', { ids: leases.map((l) => String(l.house_id)) }, { enabled: leases.length > 0 });
  return (
    <TextField select fullWidth label={translate('screens.payments.lease')} value={value} onChange={(e) => onChange(e.target.value)} sx={{ mt: 2 }}
      helperText={translate('screens.payments.lease_hint')}>
      <MenuItem value="">{translate('screens.payments.any_lease')}</MenuItem>
      {leases.map((l) => (
        <MenuItem key={String(l.id)} value={String(l.id)}>
          {`${houses.find((h) => h.id === l.house_id)?.number ?? '…'} · ${l.status} · ${l.start_date}`}
        </MenuItem>
      ))}
    </TextField>
  );
}

interface Suggestion {
  tenant_id: string;
  tenant_name: string;
  lease_id: string;
  account_code: string;
}

export function PaymentActions({ record, onDone }: { record: RaRecord; onDone: () => void }) {
  const translate = useTranslate();
  const toast = useToast();
  const can = useCan();
  const [dialog, setDialog] = useState<'assign' | 'reverse' | null>(null);
  const [tenant, setTenant] = useState<RaRecord | null>(null);
  const [leaseId, setLeaseId] = useState('');
  const [suggestion, setSuggestion] = useState<Suggestion | null>(null);
  const id = encodeURIComponent(String(record.id));
  const canAssign = record.status === 'unmatched' && can('assign.payment');
  const canReverse = record.status !== 'reversed' && can('reverse.payment');
  const canReallocate = record.status === 'allocated' && !!record.tenant_id && can('edit.payment');
  // the tenant whose account code is one or two edits from what the payer typed comes preselected
  const openAssign = async () => {
    setTenant(null);
    setLeaseId('');
    setSuggestion(null);
    setDialog('assign');
    const found = await api<{ suggestion: Suggestion | null }>(`/payments/${id}/suggestion`).catch(() => null);
    if (!found?.suggestion) return;
    const s = found.suggestion;
    setSuggestion(s);
    setTenant((t) => t ?? { id: s.tenant_id, name: s.tenant_name });
    setLeaseId((l) => l || s.lease_id);
  };
  return (
    <>
      <DocumentActions base={`/payments/${id}`} what={translate('screens.documents.receipt', { number: String(record.receipt_number ?? '') })}
        viewPermissions={['show.payment', 'list.payment', 'edit.payment']} fallbackName={`receipt-${String(record.receipt_number ?? record.id)}.pdf`} />
      {canReallocate ? <ReallocatePayment record={record} onDone={onDone} /> : null}
      {canAssign ? (
        <Button variant="contained" startIcon={<PersonAddAlt1RoundedIcon />} onClick={() => void openAssign()}>
          {translate('screens.payments.assign')}
        </Button>
      ) : null}
      {canReverse ? (
        <Button variant="outlined" color="error" startIcon={<UndoRoundedIcon />} onClick={() => setDialog('reverse')}>
          {translate('screens.payments.reverse')}
        </Button>
      ) : null}
      <ActionDialog
        open={dialog === 'assign'}
        title={translate('screens.payments.assign_title', { amount: formatCurrency(record.amount) })}
        message={translate('screens.payments.assign_message')}
        acceptLabel={translate('screens.payments.assign')}
        ready={!!tenant}
        onClose={() => setDialog(null)}
        onAccept={async () => {
          await postAction(`/payments/${id}/assign`, { tenant_id: String(tenant!.id), lease_id: leaseId || null });
          toast.add({ severity: 'success', summary: 'screens.payments.assigned', detail: String(tenant!.name ?? ''), life: 5000 });
          onDone();
        }}
      >
        <Box sx={{ pt: 1 }}>
          {suggestion && tenant?.id === suggestion.tenant_id ? (
            <Alert severity="info" sx={{ mb: 2 }} data-testid="assign-suggestion">
              {translate('screens.payments.suggested', { tenant: suggestion.tenant_name, typed: String(record.account_reference ?? ''), code: suggestion.account_code })}
            </Alert>
          ) : null}
          <RecordPicker resource="tenants" label={translate('screens.payments.tenant')} value={tenant} onChange={(t) => { setTenant(t); setLeaseId(''); }} />
          {tenant ? <LeaseSelect tenantId={String(tenant.id)} value={leaseId} onChange={setLeaseId} /> : null}
        </Box>
      </ActionDialog>
      <ActionDialog
        open={dialog === 'reverse'}
        title={translate('screens.payments.reverse_title', { receipt: record.receipt_number ?? '' })}
        message={translate('screens.payments.reverse_message')}
        acceptLabel={translate('screens.payments.reverse')}
        reasonLabel={translate('screens.common.reason')}
        danger
        onClose={() => setDialog(null)}
        onAccept={async (reason) => {
          await postAction(`/payments/${id}/reverse`, { reason });
          toast.add({ severity: 'success', summary: 'screens.payments.reversed', life: 5000 });
          onDone();
        }}
      />
    </>
  );
}
