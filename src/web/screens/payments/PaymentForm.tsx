// A payment: recorded by hand (cash, bank, cheque, M-Pesa with its transaction code), with or
// without a tenant (without one it waits as unmatched). Once it belongs to a tenant it is never
// edited: its allocations are shown, and it is reversed with a reason instead.
import { useEffect, useRef, useState } from 'react';
import { Alert, Box, Link as MuiLink, TextField as MuiTextField, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import {
  AutocompleteInput, Form, RadioButtonGroupInput, ReferenceInput, ResourceContextProvider, TextInput,
  maxLength, required, useGetMany, useGetOne, useTranslate, type RaRecord, type Validator,
} from 'react-admin';
import { Link } from 'react-router-dom';
import { useFormContext, useWatch } from 'react-hook-form';
import { PAYMENT_METHODS } from '../../../../resources/payments';
import { formatCurrency, formatDateTime, formatDay } from '../../../shared/format';
import { FormButtons, FormError, FormPage, Loading, Row, Section, StatusChip, useRecordSave } from '../common/FormPage';
import { MoneyInput } from '../../generic/MoneyInput';
import { NairobiDateTimeInput } from '../../components/NairobiDateTimeInput';
import { listPathOf } from '../common/api';
import { useChoiceLabel, useChoices } from '../common/choices';
import { useCan, useRecordId } from '../common/params';
import { HistoryPanel } from '../history/HistoryPanel';
import { CallbackPanel } from './CallbackPanel';
import { PaymentActions } from './PaymentActions';

const RESOURCE = 'payments';

export const PAYMENT_TONE: Record<string, 'default' | 'success' | 'warning' | 'error' | 'info'> = {
  unmatched: 'warning', allocated: 'success', reversed: 'error',
};

/** An M-Pesa payment needs its transaction code (it is what makes a replay harmless). */
const referenceRule: Validator = (value: unknown, values: Record<string, unknown>) =>
  values.method === 'mpesa' && !String(value ?? '').trim() ? 'screens.payments.mpesa_code_required' : undefined;

function ReferenceField() {
  const translate = useTranslate();
  const method = useWatch({ name: 'method' }) as string;
  return (
    <TextInput
      source="external_reference"
      label={translate(method === 'mpesa' ? 'screens.payments.mpesa_code' : method === 'cheque' ? 'screens.payments.cheque_number' : 'screens.payments.reference')}
      validate={[referenceRule, maxLength(100)]}
      helperText={method === 'mpesa' ? translate('screens.payments.mpesa_code_hint') : false}
      parse={(v: string) => v.toUpperCase()}
    />
  );
}

function LeaseOfTenant() {
  const translate = useTranslate();
  const tenantId = useWatch({ name: 'tenant_id' }) as string | null;
  const { setValue } = useFormContext();
  const previous = useRef(tenantId);
  // another tenant: the lease chosen for the previous one no longer applies
  useEffect(() => {
    if (tenantId === previous.current) return;
    previous.current = tenantId;
    setValue('lease_id', null);
    setValue('invoice_id', null);
  }, [tenantId, setValue]);
  if (!tenantId) {
    // the hint says what to do first, so it keeps the readable colour of a hint, not the faded disabled one
    return <MuiTextField label={translate('screens.payments.lease')} disabled fullWidth helperText={translate('screens.payments.lease_needs_tenant')} slotProps={{ formHelperText: { sx: { '&.Mui-disabled': { color: 'text.secondary' } } } }} />;
  }
  return (
    <ReferenceInput source="lease_id" reference="leases" filter={{ tenant_id: tenantId }} sort={{ field: 'start_date', order: 'DESC' }}>
      <AutocompleteInput
        optionText={(l: RaRecord) => `${translate('screens.payments.lease_from', { date: l.start_date })} · ${l.status}`}
        helperText={translate('screens.payments.lease_hint')}
      />
    </ReferenceInput>
  );
}

/** The tenant's chosen invoice: paid first, whatever the organisation's allocation order. */
function InvoiceOfTenant() {
  const translate = useTranslate();
  const tenantId = useWatch({ name: 'tenant_id' }) as string | null;
  if (!tenantId) return null;
  return (
    <ReferenceInput source="invoice_id" reference="invoices" filter={{ tenant_id: tenantId, status: ['issued', 'partially_paid'] }} sort={{ field: 'due_date', order: 'ASC' }}>
      <AutocompleteInput
        label={translate('screens.payments.invoice_first')}
        optionText={(i: RaRecord) => `${String(i.number ?? '')} · ${String(i.balance ?? '')}`}
        helperText={translate('screens.payments.invoice_first_hint')}
      />
    </ReferenceInput>
  );
}

/** A column a phone leaves out (the table must fit 360 px without a sideways scroll). */
const WIDE_ONLY = { display: { xs: 'none', sm: 'table-cell' } } as const;

function Allocations({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  const allocations = Array.isArray(record.allocations) ? (record.allocations as Array<{ invoice_id: string; amount: string; allocated_on?: string }>) : [];
  const { data: invoices = [] } = useGetMany('invoices', { ids: allocations.map((a) => a.invoice_id) }, { enabled: allocations.length > 0 });
  return (
    <Section title={translate('screens.payments.allocations')} hint={translate('screens.payments.allocations_hint')}>
      {allocations.length ? (
        <Table size="small" aria-label={translate('screens.payments.allocations')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('screens.payments.invoice')}</TableCell>
              <TableCell>{translate('screens.payments.period')}</TableCell>
              <TableCell sx={WIDE_ONLY}>{translate('screens.payments.allocated_on')}</TableCell>
              <TableCell align="right">{translate('screens.payments.amount')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {allocations.map((a, i) => {
              const inv = invoices.find((x) => x.id === a.invoice_id);
              return (
                <TableRow key={`${a.invoice_id}-${i}`}>
                  <TableCell>
                    <MuiLink component={Link} to={`/invoice-form/${encodeURIComponent(a.invoice_id)}`}>{String(inv?.number ?? a.invoice_id)}</MuiLink>
                  </TableCell>
                  <TableCell>{inv ? `${formatDay(inv.period_start)} – ${formatDay(inv.period_end)}` : ''}</TableCell>
                  <TableCell sx={WIDE_ONLY}>{formatDay(a.allocated_on)}</TableCell>
                  <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>{formatCurrency(a.amount)}</TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      ) : (
        <Typography color="text.secondary" variant="body2">{translate('screens.payments.no_allocations')}</Typography>
      )}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 2, mt: 1.5 }}>
        <Typography color="text.secondary">{translate('screens.payments.unallocated')}</Typography>
        <Typography sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }} data-testid="payment-unallocated">{formatCurrency(record.unallocated)}</Typography>
      </Box>
    </Section>
  );
}

function Details({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  const label = useChoiceLabel(RESOURCE);
  const { data: tenant } = useGetOne('tenants', { id: String(record.tenant_id ?? '') }, { enabled: !!record.tenant_id });
  const { data: channel } = useGetOne('payment-channels', { id: String(record.channel_id ?? '') }, { enabled: !!record.channel_id });
  const rows: Array<[string, string]> = [
    [translate('screens.payments.amount'), formatCurrency(record.amount)],
    [translate('screens.payments.method'), label('method', String(record.method))],
    [translate('screens.payments.reference'), String(record.external_reference ?? '—')],
    [translate('screens.payments.paid_at'), formatDateTime(record.paid_at) || '—'],
    [translate('screens.payments.tenant'), String(tenant?.name ?? translate('screens.payments.no_tenant'))],
    [translate('screens.payments.channel'), String(channel?.name ?? '—')],
    [translate('screens.payments.payer'), [record.payer_name, record.payer_phone].filter(Boolean).join(' · ') || '—'],
    [translate('screens.payments.account_reference'), String(record.account_reference ?? '—')],
  ];
  return (
    <Section title={translate('screens.payments.details')}>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(4, 1fr)' } }}>
        {rows.map(([k, v]) => (
          <Box key={k}>
            <Typography variant="caption" color="text.secondary">{k}</Typography>
            <Typography sx={{ fontWeight: 500 }}>{v}</Typography>
          </Box>
        ))}
      </Box>
      {record.notes ? <Typography variant="body2" sx={{ mt: 1.5 }}>{String(record.notes)}</Typography> : null}
    </Section>
  );
}

const BODY_KEYS = ['tenant_id', 'lease_id', 'invoice_id', 'channel_id', 'method', 'external_reference', 'amount', 'paid_at', 'payer_name', 'payer_phone', 'account_reference', 'notes'] as const;

export function paymentBody(v: Record<string, unknown>) {
  const out: Record<string, unknown> = {};
  for (const k of BODY_KEYS) out[k] = v[k] === '' || v[k] === undefined ? null : v[k];
  if (!out.tenant_id) out.lease_id = null;
  return out;
}

export function PaymentForm() {
  const id = useRecordId();
  const translate = useTranslate();
  const can = useCan();
  const { data: record, isPending, error, refetch } = useGetOne(RESOURCE, { id: id ?? '' }, { enabled: !!id });
  const backTo = listPathOf(RESOURCE);
  const label = useChoiceLabel(RESOURCE);
  const methods = useChoices(RESOURCE, 'method', PAYMENT_METHODS);
  const { onSubmit, busy, formError } = useRecordSave(RESOURCE, record, { backTo, transform: paymentBody, shown: BODY_KEYS });
  // made once: a new record each render (paid_at is now) would reset the form, wiping what was
  // typed and the server's messages the moment a save is refused
  const [blank] = useState(() => ({ method: 'cash', paid_at: new Date().toISOString(), tenant_id: null, lease_id: null, channel_id: null, amount: null }));
  if (id && isPending) return <Loading />;
  if (id && error) return <Alert severity="error">{String((error as Error).message)}</Alert>;
  const status = String(record?.status ?? 'unmatched');
  const editable = !record || (record.status === 'unmatched' && can('edit.payment'));
  const canSave = can(id ? 'edit.payment' : 'create.payment');
  return (
    <ResourceContextProvider value={RESOURCE}>
      <FormPage
        title={record ? translate('screens.payments.title_receipt', { receipt: record.receipt_number ?? '' }) : translate('screens.payments.new_title')}
        subtitle={record ? formatCurrency(record.amount) : translate('screens.payments.new_subtitle')}
        status={record ? <StatusChip label={label('status', status)} tone={PAYMENT_TONE[status]} /> : null}
        actions={record ? <PaymentActions record={record} onDone={() => void refetch()} /> : null}
      >
        {record?.status === 'reversed' ? (
          <Alert severity="warning" sx={{ mb: 2 }}>{translate('screens.payments.reversed_because', { reason: record.reversal_reason ?? '' })}</Alert>
        ) : null}
        {record?.status === 'unmatched' ? (
          <Alert severity="info" sx={{ mb: 2 }}>{translate('screens.payments.unmatched_hint')}</Alert>
        ) : null}
        {editable ? (
          <Form
            record={record ?? blank}
            onSubmit={onSubmit}
            noValidate
            key={String(record?.updated_at ?? 'new')}
          >
            <FormError message={formError} />
            <Section title={translate('screens.payments.money')}>
              <Row>
                <MoneyInput source="amount" min={0.01} validate={required()} />
                <NairobiDateTimeInput source="paid_at" validate={required()} />
              </Row>
              <RadioButtonGroupInput source="method" choices={methods} validate={required()} />
              <Row>
                <ReferenceInput source="channel_id" reference="payment-channels" sort={{ field: 'name', order: 'ASC' }}>
                  <AutocompleteInput optionText="name" validate={required()} filterToQuery={(q) => (q ? { q } : {})} />
                </ReferenceInput>
                <ReferenceField />
              </Row>
            </Section>
            <Section title={translate('screens.payments.who')} hint={translate('screens.payments.who_hint')}>
              <Row>
                <ReferenceInput source="tenant_id" reference="tenants" sort={{ field: 'name', order: 'ASC' }}>
                  <AutocompleteInput optionText="name" filterToQuery={(q) => (q ? { q } : {})} helperText={translate('screens.payments.tenant_hint')} />
                </ReferenceInput>
                <LeaseOfTenant />
              </Row>
              <InvoiceOfTenant />
              <Row columns={3}>
                <TextInput source="payer_name" validate={maxLength(150)} />
                <TextInput source="payer_phone" validate={maxLength(25)} />
                <TextInput source="account_reference" validate={maxLength(50)} helperText={translate('screens.payments.account_reference_hint')} />
              </Row>
              <TextInput source="notes" multiline minRows={2} validate={maxLength(2000)} />
            </Section>
            <FormButtons busy={busy} backTo={backTo} canSave={canSave} />
          </Form>
        ) : record ? (
          <Details record={record} />
        ) : null}
        {record ? <Allocations record={record} /> : null}
        {record?.method === 'mpesa' ? <CallbackPanel paymentId={String(record.id)} /> : null}
        {record ? <HistoryPanel resource={RESOURCE} id={String(record.id)} version={record.updated_at} /> : null}
      </FormPage>
    </ResourceContextProvider>
  );
}
