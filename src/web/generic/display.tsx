// How a field's value reads on screen, by kind: money in KES (en-KE), dates, choices as labelled
// chips, references as the target's title linking to its form. Used by the list columns, the
// phone list and the related panels.
import type { ReactElement } from 'react';
import { Box, Chip, Stack, Typography } from '@mui/material';
import CheckRoundedIcon from '@mui/icons-material/CheckRounded';
import RemoveRoundedIcon from '@mui/icons-material/RemoveRounded';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { ReferenceArrayField, ReferenceField, useListContext, useLocaleState, useRecordContext, useTranslate, type RaRecord } from 'react-admin';
import { formatCurrency, formatDateTime as formatMoment, formatDay } from '../../shared/format';
import { recordTitle, type Field, type Resource } from '../../shared/resource';
import { declaration, formPath } from './access';
import { useLabels } from './labels';
import { useSession } from '../session/session-store';
import { hasPermission } from '../routing/access';

/** 'YYYY-MM-DD' as a calendar day (no time zone shift): 5 Mar 2026. */
export function formatDate(value: unknown, locale = 'en-KE'): string {
  return formatDay(value, locale);
}

/** A moment in Nairobi time: 5 Mar 2026, 14:05. */
export function formatDateTime(value: unknown, locale = 'en-KE'): string {
  return formatMoment(value, locale);
}

export function formatPhone(value: unknown): string {
  if (typeof value !== 'string' || !value) return '';
  return parsePhoneNumberFromString(value)?.formatInternational() ?? value;
}

/** Chip colours for the usual lifecycle values; anything else is neutral. */
const GOOD = new Set(['active', 'paid', 'occupied', 'delivered', 'sent', 'completed', 'allocated', 'resolved', 'closed', 'approved', 'top_up']);
const BUSY = new Set(['partially_paid', 'notice', 'pending', 'in_progress', 'queued', 'sending', 'reserved', 'assigned', 'issued', 'high', 'deferred', 'unmatched']);
const BAD = new Set(['failed', 'void', 'urgent', 'reversed', 'insufficient_credits', 'cancelled', 'declined', 'disabled', 'unavailable', 'ended']);
export function chipColor(value: string): 'success' | 'warning' | 'error' | 'default' {
  if (GOOD.has(value)) return 'success';
  if (BUSY.has(value)) return 'warning';
  if (BAD.has(value)) return 'error';
  return 'default';
}

export const localeTag = (locale: string) => (locale === 'sw' ? 'sw-KE' : 'en-KE');

/** The title of a record; a record whose title is only its id reads its first references instead. */
export function RecordTitle({ resource, record }: { resource: Resource; record?: RaRecord }) {
  const ctx = useRecordContext();
  const r = record ?? ctx;
  if (!r) return null;
  const title = recordTitle(resource, r);
  if (title && title !== String(r.id)) return <>{title}</>;
  const refs = resource.listColumns
    .map((k) => resource.fields.find((f) => f.key === k))
    .filter((f): f is Field => !!f && f.kind === 'reference' && !!r[f.key])
    .slice(0, 2);
  if (!refs.length) return <>{title}</>;
  return (
    <Box component="span" sx={{ display: 'inline-flex', gap: 0.75, alignItems: 'baseline', flexWrap: 'wrap' }}>
      {refs.map((f, i) => (
        <Box component="span" key={f.key} sx={{ display: 'inline-flex', gap: 0.75 }}>
          {i > 0 ? <span aria-hidden>·</span> : null}
          <ReferenceField record={r} source={f.key} reference={f.reference!} link={false}>
            <TargetTitle target={f.reference!} />
          </ReferenceField>
        </Box>
      ))}
    </Box>
  );
}

function TargetTitle({ target }: { target: string }) {
  return <RecordTitle resource={declaration(target)} />;
}

/** True when a record's declared title is only its id (leases): screens compose a better one. */
export function titledById(resource: Resource, record: RaRecord): boolean {
  const t = recordTitle(resource, record);
  return !t || t === String(record.id);
}

/** A plain-text title (autocomplete input text, exports); an id-only title reads its dates and amounts. */
export function titleText(resource: Resource, record: RaRecord | undefined): string {
  if (!record) return '';
  if (!titledById(resource, record)) return recordTitle(resource, record);
  const parts = resource.listColumns
    .map((k) => resource.fields.find((f) => f.key === k))
    .filter((f): f is Field => !!f && ['date', 'money', 'text'].includes(f.kind) && record[f.key] != null && record[f.key] !== '')
    .slice(0, 2)
    .map((f) => (f.kind === 'date' ? formatDate(record[f.key]) : f.kind === 'money' ? formatCurrency(record[f.key]) : String(record[f.key])));
  return parts.length ? parts.join(' – ') : recordTitle(resource, record);
}

/** An autocomplete option: the title, and for id-titled records their references with dates. */
export function OptionTitle({ resource }: { resource: Resource }) {
  const record = useRecordContext();
  if (!record) return null;
  if (!titledById(resource, record)) return <>{recordTitle(resource, record)}</>;
  return (
    <Box component="span" sx={{ display: 'flex', flexDirection: 'column' }}>
      <RecordTitle resource={resource} record={record} />
      <Typography variant="caption" color="text.secondary">
        {titleText(resource, record)}
      </Typography>
    </Box>
  );
}

export function ChoiceChip({ resource, field, value }: { resource: Resource; field: Field; value: unknown }) {
  const labels = useLabels(resource);
  if (value == null || value === '') return null;
  const v = String(value);
  const colored = field.key === 'status' || field.key === 'priority' || field.key === 'kind';
  return (
    <Chip
      size="small"
      label={labels.choice(field.key, v)}
      color={colored ? chipColor(v) : 'default'}
      variant={colored && chipColor(v) !== 'default' ? 'filled' : 'outlined'}
      sx={{ height: 22, fontSize: 12, fontWeight: 600, '& .MuiChip-label': { px: 1 } }}
    />
  );
}

/** Where a reference opens: the target's form, when the user may edit it. */
export function useReferenceLink(target: string): ((record: RaRecord) => string) | false {
  const { permissions } = useSession();
  const r = declaration(target);
  if (!hasPermission(permissions, `edit.${r.module}`) || !formPath(r, 'x')) return false;
  return (record: RaRecord) => formPath(r, record.id) ?? '';
}

function ReferenceValue({ field }: { field: Field }) {
  const link = useReferenceLink(field.reference!);
  return (
    <ReferenceField source={field.key} reference={field.reference!} link={link} emptyText="">
      <TargetTitle target={field.reference!} />
    </ReferenceField>
  );
}

function TitlesList({ target }: { target: string }) {
  const { data } = useListContext();
  const r = declaration(target);
  if (!data?.length) return null;
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      {data.map((rec) => (
        <Chip key={String(rec.id)} size="small" variant="outlined" label={recordTitle(r, rec)} sx={{ height: 22, fontSize: 12 }} />
      ))}
    </Stack>
  );
}

/** One field's value of the record in context, as text or a small element. */
export function FieldValue({ resource, field }: { resource: Resource; field: Field }): ReactElement | null {
  const record = useRecordContext();
  const [locale] = useLocaleState();
  const labels = useLabels(resource);
  const translate = useTranslate();
  if (!record) return null;
  const value = record[field.key];
  switch (field.kind) {
    case 'money':
      return value == null || value === '' ? null : <span style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>{formatCurrency(value)}</span>;
    case 'date':
      return <span style={{ whiteSpace: 'nowrap' }}>{formatDate(value, localeTag(locale))}</span>;
    case 'datetime':
      return <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(value, localeTag(locale))}</span>;
    case 'choice':
      return <ChoiceChip resource={resource} field={field} value={value} />;
    case 'multi_choice':
      return Array.isArray(value) ? (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
          {value.slice(0, 6).map((v) => (
            <Chip key={String(v)} size="small" variant="outlined" label={labels.choice(field.key, String(v))} sx={{ height: 22, fontSize: 12 }} />
          ))}
          {value.length > 6 ? <Typography variant="caption">+{value.length - 6}</Typography> : null}
        </Stack>
      ) : null;
    case 'reference':
      return <ReferenceValue field={field} />;
    case 'multi_reference':
      return (
        <ReferenceArrayField source={field.key} reference={field.reference!}>
          <TitlesList target={field.reference!} />
        </ReferenceArrayField>
      );
    case 'boolean':
      return value === true ? (
        <CheckRoundedIcon fontSize="small" color="success" titleAccess={translate('generic.list.yes')} />
      ) : value === false ? (
        <RemoveRoundedIcon fontSize="small" sx={{ color: 'text.disabled' }} titleAccess={translate('generic.list.no')} />
      ) : null;
    case 'percent':
      return value == null || value === '' ? null : <span>{String(value)} %</span>;
    case 'phone':
      return <span style={{ whiteSpace: 'nowrap' }}>{formatPhone(value)}</span>;
    case 'long_text':
      return (
        <Typography variant="body2" component="span" sx={{ display: 'block', maxWidth: 360, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {value == null ? '' : String(value)}
        </Typography>
      );
    case 'json':
      return <code>{value == null ? '' : JSON.stringify(value)}</code>;
    default:
      // numbers and codes the server writes (INV-000123, RCT-000010) read as one word: never broken
      return <span style={field.readOnly || field.unique ? { whiteSpace: 'nowrap' } : undefined}>{value == null ? '' : String(value)}</span>;
  }
}
