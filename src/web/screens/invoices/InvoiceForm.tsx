// An invoice: its lease (tenant and house follow it), period and dates, lines with live totals,
// and its status. A draft is edited freely; once issued it is frozen (the server refuses edits)
// and is voided with a reason instead (void.invoice).
import { useMemo, useState } from 'react';
import { Alert, Box, Button, Card, CardContent, TextField, Typography } from '@mui/material';
import BlockRoundedIcon from '@mui/icons-material/BlockRounded';
import RemoveCircleOutlineRoundedIcon from '@mui/icons-material/RemoveCircleOutlineRounded';
import { DocumentActions } from '../documents/DocumentActions';
import {
  AutocompleteInput, DateInput, Form, RadioButtonGroupInput, ReferenceInput, ResourceContextProvider, required,
  useGetList, useGetMany, useGetOne, useTranslate, type RaRecord,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { formatCurrency, formatDay } from '../../../shared/format';
import { useToast } from '../../components/toast/ToastProvider';
import { FormButtons, FormError, FormPage, Loading, Row, Section, StatusChip, useRecordSave } from '../common/FormPage';
import { ActionDialog } from '../common/ReasonDialog';
import { listPathOf, postAction, todayInNairobi } from '../common/api';
import { useChoiceLabel } from '../common/choices';
import { useCan, useRecordId } from '../common/params';
import { HistoryPanel } from '../history/HistoryPanel';
import { InvoiceLinesInput, InvoiceLinesTable } from './InvoiceLines';
import { PenaltyWaive } from './PenaltyWaive';
import { RequestPayment } from '../payment-requests/RequestPayment';

const RESOURCE = 'invoices';

export const INVOICE_TONE: Record<string, 'default' | 'success' | 'warning' | 'error' | 'info'> = {
  draft: 'default', issued: 'info', partially_paid: 'warning', paid: 'success', void: 'error',
};

/** The lease picker: the chosen tenant's leases (or the running ones), named by house and tenant. */
function LeaseInput() {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const tenantId = useWatch({ name: 'tenant_id' }) as string | null;
  const leaseId = useWatch({ name: 'lease_id' }) as string | null;
  const filter = tenantId ? { tenant_id: tenantId } : { status: ['active', 'notice'] };
  const { data: leases = [], isPending } = useGetList('leases', { filter, pagination: { page: 1, perPage: 200 }, sort: { field: 'start_date', order: 'DESC' } });
  const { data: current } = useGetOne('leases', { id: leaseId ?? '' }, { enabled: !!leaseId });
  const all = useMemo(() => (current && !leases.some((l) => l.id === current.id) ? [current, ...leases] : leases), [current, leases]);
  const { data: houses = [] } = useGetMany('houses', { ids: [...new Set(all.map((l) => String(l.house_id)))] }, { enabled: all.length > 0 });
  const { data: tenants = [] } = useGetMany('tenants', { ids: [...new Set(all.map((l) => String(l.tenant_id)))] }, { enabled: all.length > 0 });
  const choices = all.map((l) => {
    const h = houses.find((x) => x.id === l.house_id);
    const t = tenants.find((x) => x.id === l.tenant_id);
    return { id: l.id, name: `${h?.number ?? '…'} · ${t?.name ?? '…'} · ${translate('screens.invoices.from_date', { date: l.start_date })}` };
  });
  return (
    <AutocompleteInput
      source="lease_id"
      choices={choices}
      isPending={isPending}
      validate={required()}
      helperText={translate('screens.invoices.lease_hint')}
      onChange={(id: unknown) => {
        const l = all.find((x) => x.id === id);
        if (l) {
          setValue('tenant_id', l.tenant_id);
          setValue('house_id', l.house_id);
        }
      }}
    />
  );
}

function VoidInvoice({ record, onDone }: { record: RaRecord; onDone: () => void }) {
  const translate = useTranslate();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" color="error" startIcon={<BlockRoundedIcon />} onClick={() => setOpen(true)}>
        {translate('screens.invoices.void')}
      </Button>
      <ActionDialog
        open={open}
        title={translate('screens.invoices.void_title', { number: record.number ?? '' })}
        message={translate('screens.invoices.void_message')}
        acceptLabel={translate('screens.invoices.void')}
        reasonLabel={translate('screens.common.reason')}
        danger
        onClose={() => setOpen(false)}
        onAccept={async (reason) => {
          await postAction(`/invoices/${encodeURIComponent(String(record.id))}/void`, { reason });
          toast.add({ severity: 'success', summary: 'screens.invoices.voided', life: 5000 });
          onDone();
        }}
      />
    </>
  );
}

function CreditInvoice({ record, onDone }: { record: RaRecord; onDone: () => void }) {
  const translate = useTranslate();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState('');
  const valid = /^\d{1,12}(\.\d{1,2})?$/.test(amount.trim()) && Number(amount) > 0;
  return (
    <>
      <Button variant="outlined" startIcon={<RemoveCircleOutlineRoundedIcon />} onClick={() => setOpen(true)} data-testid="invoice-credit">
        {translate('screens.credit.action')}
      </Button>
      <ActionDialog
        open={open}
        title={translate('screens.credit.title', { number: record.number ?? '' })}
        message={translate('screens.credit.message')}
        acceptLabel={translate('screens.credit.action')}
        reasonLabel={translate('screens.common.reason')}
        ready={valid}
        onClose={() => { setOpen(false); setAmount(''); }}
        onAccept={async (reason) => {
          await postAction(`/invoices/${encodeURIComponent(String(record.id))}/credit`, { amount: amount.trim(), reason });
          toast.add({ severity: 'success', summary: 'screens.credit.done', life: 5000 });
          setAmount('');
          onDone();
        }}
      >
        <TextField fullWidth sx={{ mt: 1, mb: 2 }} label={translate('screens.credit.amount')} value={amount} onChange={(e) => setAmount(e.target.value)}
          inputProps={{ inputMode: 'decimal' }} helperText={translate('screens.credit.at_most', { amount: formatCurrency(record.total) })} />
      </ActionDialog>
    </>
  );
}

function Figures({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  const items: Array<[string, unknown]> = [['total', record.total], ['paid', record.paid], ['balance', record.balance]];
  return (
    // three across from a small tablet up; one under the other on a phone (the amounts never wrap)
    <Box sx={{ display: 'grid', gap: { xs: 1, sm: 1.5 }, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' }, mb: 2 }}>
      {items.map(([k, v]) => (
        <Card key={k} variant="outlined" sx={{ borderRadius: 2 }}>
          <CardContent sx={{ p: 1.5, '&:last-child': { pb: 1.5 }, display: { xs: 'flex', sm: 'block' }, justifyContent: 'space-between', alignItems: 'baseline', gap: 1 }}>
            <Typography variant="caption" color="text.secondary" sx={{ fontWeight: 600, textTransform: 'uppercase' }}>
              {translate(`resources.invoices.fields.${k}`, { _: translate(`screens.invoices.${k}`) })}
            </Typography>
            <Typography sx={{ fontWeight: 700, fontSize: '1.15rem', fontVariantNumeric: 'tabular-nums' }} data-testid={`invoice-${k}`}>
              {formatCurrency(v)}
            </Typography>
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}

function IssuedInvoice({ record, onDone }: { record: RaRecord; onDone: () => void }) {
  const translate = useTranslate();
  const can = useCan();
  const label = useChoiceLabel(RESOURCE);
  const status = String(record.status);
  const { data: tenant } = useGetOne('tenants', { id: String(record.tenant_id ?? '') }, { enabled: !!record.tenant_id });
  const { data: house } = useGetOne('houses', { id: String(record.house_id ?? '') }, { enabled: !!record.house_id });
  const canVoid = can('void.invoice') && ['issued', 'partially_paid', 'paid'].includes(status);
  // an M-Pesa prompt for what is left (the button itself checks create.payment)
  const canRequest = ['issued', 'partially_paid'].includes(status) && !!record.tenant_id && Number(record.balance) > 0;
  // a credit note: also on a paid invoice, also after the tenant moved out (routes/money.ts)
  const canCredit = canVoid && Number(record.total) > 0;
  // waiving a penalty is a void.invoice action (routes/billing.ts)
  const canWaive = can('void.invoice') && status !== 'void' && Array.isArray(record.lines) && record.lines.some((l: Record<string, unknown>) => l.kind === 'penalty' && !l.waived);
  return (
    <FormPage
      title={translate('screens.invoices.title_number', { number: record.number ?? '' })}
      subtitle={[tenant?.name, house?.number].filter(Boolean).join(' · ')}
      status={<StatusChip label={label('status', status)} tone={INVOICE_TONE[status]} />}
      actions={(
        <>
          <DocumentActions base={`/invoices/${encodeURIComponent(String(record.id))}`} what={translate('screens.documents.invoice', { number: String(record.number ?? '') })}
            viewPermissions={['show.invoice', 'list.invoice', 'edit.invoice']} fallbackName={`invoice-${String(record.number ?? record.id)}.pdf`} />
          {canRequest ? <RequestPayment tenantId={String(record.tenant_id)} invoiceId={String(record.id)} onDone={onDone} variant="contained" /> : null}
          {canCredit ? <CreditInvoice record={record} onDone={onDone} /> : null}
          {canVoid ? <VoidInvoice record={record} onDone={onDone} /> : null}
        </>
      )}
    >
      {status === 'void' ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate('screens.invoices.void_reason', { reason: record.void_reason ?? '' })}
        </Alert>
      ) : (
        <Alert severity="info" sx={{ mb: 2 }}>{translate('screens.invoices.frozen')}</Alert>
      )}
      <Figures record={record} />
      <Section title={translate('screens.invoices.dates')}>
        <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}>
          {(['period_start', 'period_end', 'issue_date', 'due_date'] as const).map((k) => (
            <Box key={k}>
              <Typography variant="caption" color="text.secondary">{translate(`resources.invoices.fields.${k}`, { _: translate(`screens.invoices.${k}`) })}</Typography>
              <Typography>{formatDay(record[k]) || '—'}</Typography>
            </Box>
          ))}
        </Box>
      </Section>
      <Section title={translate('screens.invoices.lines')}>
        {/* width 0 + min-width 100%: the table scrolls inside its card instead of widening a phone's page;
            focusable, so a keyboard can scroll it where its lines hold no button */}
        <Box tabIndex={0} role="region" aria-label={translate('screens.invoices.lines')} sx={{ width: 0, minWidth: '100%', overflowX: 'auto' }}>
          <InvoiceLinesTable
            lines={Array.isArray(record.lines) ? record.lines : []}
            action={canWaive ? (line) => (line.kind === 'penalty' && !line.waived ? <PenaltyWaive invoice={record} line={line} onDone={onDone} /> : null) : undefined}
          />
        </Box>
      </Section>
      <HistoryPanel resource={RESOURCE} id={String(record.id)} version={record.updated_at} />
    </FormPage>
  );
}

export function invoiceBody(v: Record<string, unknown>) {
  const lines = (Array.isArray(v.lines) ? (v.lines as Array<Record<string, unknown>>) : []).filter(Boolean).map((l) => ({
    kind: l.kind ?? 'charge',
    charge_id: l.charge_id || null,
    description: l.description,
    quantity: l.quantity == null || l.quantity === '' ? '1' : String(l.quantity),
    rate: l.rate,
    waived: l.waived === true,
    ...(l.meter_previous != null ? { meter_previous: l.meter_previous } : {}),
    ...(l.meter_current != null ? { meter_current: l.meter_current } : {}),
    ...(l.penalty_date ? { penalty_date: l.penalty_date } : {}),
  }));
  return {
    lease_id: v.lease_id, period_start: v.period_start, period_end: v.period_end, issue_date: v.issue_date, due_date: v.due_date,
    status: v.status, lines,
  };
}

export function InvoiceForm() {
  const id = useRecordId();
  const translate = useTranslate();
  const can = useCan();
  const { data: record, isPending, error, refetch } = useGetOne(RESOURCE, { id: id ?? '' }, { enabled: !!id });
  const backTo = listPathOf(RESOURCE);
  const label = useChoiceLabel(RESOURCE);
  const { onSubmit, busy, formError } = useRecordSave(RESOURCE, record, { backTo, transform: invoiceBody });
  // made once: a new record would reset the form (and its messages) whenever it changed
  const [blank] = useState(() => {
    const today = todayInNairobi();
    return {
      tenant_id: null, lease_id: null, period_start: `${today.slice(0, 8)}01`, period_end: null, issue_date: today, due_date: today, status: 'draft',
      lines: [{ kind: 'rent', charge_id: null, description: '', quantity: '1', rate: null }],
    };
  });
  if (id && isPending) return <Loading />;
  if (id && error) return <Alert severity="error">{String((error as Error).message)}</Alert>;
  if (record && record.status !== 'draft') return <IssuedInvoice record={record} onDone={() => void refetch()} />;
  const defaults = record ?? blank;
  const canSave = can(id ? 'edit.invoice' : 'create.invoice');
  return (
    <ResourceContextProvider value={RESOURCE}>
      <FormPage
        title={translate(record ? 'screens.invoices.draft_title' : 'screens.invoices.new_title')}
        subtitle={translate('screens.invoices.subtitle')}
        status={record ? <StatusChip label={label('status', 'draft')} /> : null}
        maxWidth={1120}
      >
        <Form record={defaults} onSubmit={onSubmit} noValidate>
          <FormError message={formError} />
          <Section title={translate('screens.invoices.who')}>
            <Row>
              <ReferenceInput source="tenant_id" reference="tenants" sort={{ field: 'name', order: 'ASC' }}>
                <AutocompleteInput optionText="name" filterToQuery={(q) => (q ? { q } : {})} helperText={translate('screens.invoices.tenant_hint')} />
              </ReferenceInput>
              <LeaseInput />
            </Row>
          </Section>
          <Section title={translate('screens.invoices.dates')}>
            <Row columns={4}>
              <DateInput source="period_start" validate={required()} />
              <DateInput source="period_end" validate={required()} />
              <DateInput source="issue_date" validate={required()} />
              <DateInput source="due_date" validate={required()} />
            </Row>
          </Section>
          <Section title={translate('screens.invoices.lines')}>
            <InvoiceLinesInput />
          </Section>
          <Section title={translate('screens.invoices.status_title')} hint={translate('screens.invoices.status_hint')}>
            <RadioButtonGroupInput source="status" label={false} choices={[{ id: 'draft', name: label('status', 'draft') }, { id: 'issued', name: translate('screens.invoices.issue_now') }]} />
          </Section>
          <FormButtons busy={busy} backTo={backTo} canSave={canSave} />
        </Form>
        {record ? <Box sx={{ mt: 2 }}><HistoryPanel resource={RESOURCE} id={String(record.id)} version={record.updated_at} /></Box> : null}
      </FormPage>
    </ResourceContextProvider>
  );
}

