// A lease: who rents which house from when, the rent and deposit it was signed with (defaulted
// from the house), its billing settings and charges; an existing lease carries its lifecycle
// actions. The status changes only through those actions (the server refuses it in a save).
import { Alert, Box, Typography } from '@mui/material';
import {
  ArrayInput, AutocompleteInput, DateInput, Form, ReferenceInput, ResourceContextProvider, SelectInput,
  SimpleFormIterator, required, useGetOne, useTranslate, type RaRecord,
} from 'react-admin';
import { LEASE_FREQUENCIES, LEASE_STATUSES } from '../../../../resources/leases';
import { PENALTY_FREQUENCIES, PENALTY_TYPES } from '../../../shared/resource-fields';
import { NumberInput } from '../../components/NumberInput';
import { FormButtons, FormError, FormPage, Loading, Row, Section, StatusChip, useRecordSave } from '../common/FormPage';
import { MoneyInput } from '../../generic/MoneyInput';
import { listPathOf, todayInNairobi } from '../common/api';
import { useChoiceLabel, useChoices } from '../common/choices';
import { useCan, useRecordId } from '../common/params';
import { HistoryPanel } from '../history/HistoryPanel';
import { HouseDefaults } from './HouseDefaults';
import { LeaseActions } from './LeaseActions';
import { LeaseSettlement } from './MoveOutSettlement';

const RESOURCE = 'leases';

export const STATUS_TONE: Record<string, 'default' | 'success' | 'warning' | 'error' | 'info'> = {
  draft: 'default', active: 'success', notice: 'warning', ended: 'error',
};

const CHARGE_GRID = {
  '& .RaSimpleFormIterator-form': { flex: 1, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 2fr) minmax(0, 1fr)' }, columnGap: 2, width: '100%' },
} as const;

const houseLabel = (r: RaRecord) => [r.number, r.account_code && `(${r.account_code})`].filter(Boolean).join(' ');

/** Percent values arrive as text ('7.5'); the number input edits numbers. */
const num = (v: unknown) => (v == null || v === '' ? null : Number(v));

function toFormValues(r: RaRecord | undefined) {
  if (!r) {
    return {
      tenant_id: null, house_id: null, start_date: todayInNairobi(), end_date: null, rent: null, deposit: null,
      billing_frequency: 'monthly', due_day: null, escalation_rate: null, escalation_months: null,
      penalty_type: null, penalty_amount: null, penalty_rate: null, penalty_frequency: null, penalty_cap: null, charges: [],
    };
  }
  return { ...r, escalation_rate: num(r.escalation_rate), penalty_rate: num(r.penalty_rate), charges: Array.isArray(r.charges) ? r.charges : [] };
}

const WRITABLE = [
  'tenant_id', 'house_id', 'start_date', 'end_date', 'rent', 'deposit', 'billing_frequency', 'due_day', 'escalation_rate',
  'escalation_months', 'penalty_type', 'penalty_amount', 'penalty_rate', 'penalty_frequency', 'penalty_cap',
] as const;

export function leaseBody(v: Record<string, unknown>) {
  const out: Record<string, unknown> = {};
  for (const k of WRITABLE) out[k] = v[k] === '' || v[k] === undefined ? null : v[k];
  out.charges = (Array.isArray(v.charges) ? (v.charges as Array<Record<string, unknown>>) : [])
    .filter((c) => c && c.charge_id)
    .map((c) => ({ charge_id: c.charge_id, amount: c.amount === '' || c.amount == null ? null : c.amount }));
  return out;
}

export function LeaseForm() {
  const id = useRecordId();
  const translate = useTranslate();
  const can = useCan();
  const { data: record, isPending, error, refetch } = useGetOne(RESOURCE, { id: id ?? '' }, { enabled: !!id });
  const backTo = listPathOf(RESOURCE);
  const choiceLabel = useChoiceLabel(RESOURCE);
  const frequencies = useChoices(RESOURCE, 'billing_frequency', LEASE_FREQUENCIES);
  const penaltyTypes = useChoices(RESOURCE, 'penalty_type', PENALTY_TYPES);
  const penaltyFrequencies = useChoices(RESOURCE, 'penalty_frequency', PENALTY_FREQUENCIES);
  const { onSubmit, busy, formError } = useRecordSave(RESOURCE, record, { backTo, transform: leaseBody });
  const { data: tenant } = useGetOne('tenants', { id: String(record?.tenant_id ?? '') }, { enabled: !!record?.tenant_id });
  const { data: house } = useGetOne('houses', { id: String(record?.house_id ?? '') }, { enabled: !!record?.house_id });
  if (id && isPending) return <Loading />;
  if (id && error) return <Alert severity="error">{String((error as Error).message)}</Alert>;
  const status = String(record?.status ?? 'draft');
  const ended = status === 'ended';
  const canSave = can(id ? 'edit.lease' : 'create.lease') && !ended;
  const statusLabel = (LEASE_STATUSES as readonly string[]).includes(status) ? choiceLabel('status', status) : status;
  return (
    <ResourceContextProvider value={RESOURCE}>
      <FormPage
        title={record ? [translate('screens.leases.edit_title'), house?.number, tenant?.name].filter(Boolean).join(' · ') : translate('screens.leases.new_title')}
        subtitle={translate(record ? 'screens.leases.edit_subtitle' : 'screens.leases.new_subtitle')}
        status={record ? <StatusChip label={statusLabel} tone={STATUS_TONE[status]} /> : null}
        actions={record ? <LeaseActions record={record} onDone={() => void refetch()} /> : null}
      >
        <Form record={toFormValues(record)} onSubmit={onSubmit} noValidate key={String(record?.updated_at ?? 'new')} disabled={!canSave}>
          <FormError message={formError} />
          {ended ? <Alert severity="info" sx={{ mb: 2 }}>{translate('screens.leases.ended_read_only')}</Alert> : null}
          <HouseDefaults />
          <Section title={translate('screens.leases.tenancy')}>
            <Row>
              <ReferenceInput source="tenant_id" reference="tenants" sort={{ field: 'name', order: 'ASC' }}>
                <AutocompleteInput optionText="name" validate={required()} filterToQuery={(q) => (q ? { q } : {})} disabled={!canSave || status !== 'draft'} />
              </ReferenceInput>
              <ReferenceInput source="house_id" reference="houses" sort={{ field: 'number', order: 'ASC' }}>
                <AutocompleteInput optionText={houseLabel} validate={required()} filterToQuery={(q) => (q ? { q } : {})} disabled={!canSave || status !== 'draft'} />
              </ReferenceInput>
            </Row>
            <Row>
              <DateInput source="start_date" validate={required()} disabled={!canSave} />
              <DateInput source="end_date" helperText={translate('screens.leases.end_date_hint')} disabled={!canSave} />
            </Row>
          </Section>
          <Section title={translate('screens.leases.money')} hint={translate('screens.leases.money_hint')}>
            <Row>
              <MoneyInput source="rent" min={0} validate={required()} disabled={!canSave} />
              <MoneyInput source="deposit" min={0} disabled={!canSave} />
            </Row>
            <Row>
              <SelectInput source="billing_frequency" choices={frequencies} validate={required()} disabled={!canSave} />
              <NumberInput source="due_day" min={1} max={28} helperText={translate('screens.leases.due_day_hint')} disabled={!canSave} />
            </Row>
          </Section>
          <Section title={translate('screens.leases.charges')} hint={translate('screens.leases.charges_hint')}>
            <ArrayInput source="charges" label={false}>
              <SimpleFormIterator inline disableReordering disableAdd={!canSave} disableRemove={!canSave} sx={CHARGE_GRID}>
                <ReferenceInput source="charge_id" reference="charges" sort={{ field: 'name', order: 'ASC' }}>
                  <AutocompleteInput optionText="name" validate={required()} filterToQuery={(q) => (q ? { q } : {})} fullWidth />
                </ReferenceInput>
                <MoneyInput source="amount" min={0} helperText={false} fullWidth />
              </SimpleFormIterator>
            </ArrayInput>
          </Section>
          <Section title={translate('screens.leases.terms')}>
            <Row>
              <NumberInput source="escalation_rate" min={0} max={100} step={0.01} helperText={translate('screens.leases.escalation_hint')} disabled={!canSave} />
              <NumberInput source="escalation_months" min={1} max={120} disabled={!canSave} />
            </Row>
            <Typography variant="subtitle2" sx={{ mt: 1, mb: 1 }}>{translate('screens.leases.penalty')}</Typography>
            <Row columns={3}>
              <SelectInput source="penalty_type" choices={penaltyTypes} emptyText={translate('screens.leases.inherit')} disabled={!canSave} />
              <MoneyInput source="penalty_amount" min={0} disabled={!canSave} />
              <NumberInput source="penalty_rate" min={0} max={100} step={0.01} disabled={!canSave} />
            </Row>
            <Row columns={3}>
              <SelectInput source="penalty_frequency" choices={penaltyFrequencies} emptyText={translate('screens.leases.inherit')} disabled={!canSave} />
              <MoneyInput source="penalty_cap" min={0} disabled={!canSave} />
            </Row>
          </Section>
          {record && (record.notice_date || record.move_out_date) ? (
            <Section title={translate('screens.leases.ending')}>
              <Box sx={{ display: 'flex', gap: 4 }}>
                <Typography variant="body2">{translate('screens.leases.notice_date')}: <b>{String(record.notice_date ?? '—')}</b></Typography>
                <Typography variant="body2">{translate('screens.leases.move_out_date')}: <b>{String(record.move_out_date ?? '—')}</b></Typography>
              </Box>
            </Section>
          ) : null}
          <FormButtons busy={busy} backTo={backTo} canSave={canSave} />
        </Form>
        {record ? <LeaseSettlement record={record} /> : null}
        {record ? <Box sx={{ mt: 2 }}><HistoryPanel resource={RESOURCE} id={String(record.id)} version={record.updated_at} /></Box> : null}
      </FormPage>
    </ResourceContextProvider>
  );
}
