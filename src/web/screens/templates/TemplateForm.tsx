// A message template: the body with its placeholders (click one to insert it where the cursor
// is), a live preview with sample values, and for SMS the segment counter. Unknown placeholders
// are flagged as the person types; the server refuses them too.
import { useRef } from 'react';
import { Alert, Box, Chip, Paper, Stack, Typography } from '@mui/material';
import {
  Form, ResourceContextProvider, SelectInput, TextInput, maxLength, required, useGetOne, useTranslate, type Validator,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { TEMPLATE_CHANNELS, TEMPLATE_PURPOSES, unknownPlaceholders } from '../../../../resources/templates';
import { FormButtons, FormError, FormPage, Loading, Row, Section, useRecordSave } from '../common/FormPage';
import { listPathOf } from '../common/api';
import { useChoices } from '../common/choices';
import { useCan, useRecordId } from '../common/params';
import { PLACEHOLDERS, SAMPLE_VALUES, fillPlaceholders, insertAt } from './placeholders';
import { SmsCounter } from './SmsCounter';

const RESOURCE = 'templates';

const knownPlaceholders: Validator = (value: unknown) => {
  const bad = unknownPlaceholders(value);
  return bad.length ? { message: 'screens.templates.unknown', args: { list: bad.map((p) => `{${p}}`).join(', ') } } : undefined;
};

type Target = 'body' | 'subject';

function PlaceholderChips({ lastFocus, boxRef }: { lastFocus: React.RefObject<{ field: Target; start: number; end: number }>; boxRef: React.RefObject<HTMLDivElement | null> }) {
  const translate = useTranslate();
  const { getValues, setValue } = useFormContext();
  const insert = (name: string) => {
    const { field, start, end } = lastFocus.current;
    const current = String(getValues(field) ?? '');
    const at = field === 'body' && start === -1 ? current.length : start;
    const next = insertAt(current, `{${name}}`, at, start === -1 ? current.length : end);
    setValue(field, next.text, { shouldDirty: true, shouldValidate: true });
    lastFocus.current = { field, start: next.caret, end: next.caret };
    requestAnimationFrame(() => {
      const el = boxRef.current?.querySelector<HTMLInputElement | HTMLTextAreaElement>(`[name="${field}"]`);
      if (el) {
        el.focus();
        el.setSelectionRange(next.caret, next.caret);
      }
    });
  };
  return (
    <Box sx={{ mb: 1.5 }}>
      <Typography variant="caption" color="text.secondary" component="div" sx={{ mb: 0.5 }}>
        {translate('screens.templates.placeholders_hint')}
      </Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.75 }}>
        {PLACEHOLDERS.map((p) => (
          <Chip
            key={p}
            label={`{${p}}`}
            size="small"
            variant="outlined"
            color="primary"
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => insert(p)}
            title={translate(`screens.templates.placeholder.${p}`, { _: p })}
            sx={{ fontFamily: 'monospace' }}
          />
        ))}
      </Stack>
    </Box>
  );
}

function Preview() {
  const translate = useTranslate();
  const channel = useWatch({ name: 'channel' }) as string;
  const body = String(useWatch({ name: 'body' }) ?? '');
  const subject = String(useWatch({ name: 'subject' }) ?? '');
  const filled = fillPlaceholders(body, SAMPLE_VALUES);
  const bad = unknownPlaceholders(`${subject} ${body}`);
  return (
    <Section title={translate('screens.templates.preview')} hint={translate('screens.templates.preview_hint')}>
      {bad.length ? (
        <Alert severity="warning" sx={{ mb: 1.5 }}>
          {translate('screens.templates.unknown', { list: bad.map((p) => `{${p}}`).join(', ') })}
        </Alert>
      ) : null}
      <Paper
        variant="outlined"
        data-testid="template-preview"
        sx={{
          p: 1.75, mb: 1.5, whiteSpace: 'pre-wrap', wordBreak: 'break-word', minHeight: 72, borderRadius: channel === 'sms' ? '16px 16px 16px 4px' : 2,
          bgcolor: channel === 'sms' ? 'action.hover' : 'background.paper',
        }}
      >
        {channel === 'email' && subject ? (
          <Typography sx={{ fontWeight: 700, mb: 1 }}>{fillPlaceholders(subject, SAMPLE_VALUES)}</Typography>
        ) : null}
        {filled || <Typography component="span" color="text.secondary">{translate('screens.templates.empty_preview')}</Typography>}
      </Paper>
      {channel === 'sms' ? <SmsCounter text={filled} /> : null}
    </Section>
  );
}

function TemplateInputs({ canSave }: { canSave: boolean }) {
  const translate = useTranslate();
  const channels = useChoices(RESOURCE, 'channel', TEMPLATE_CHANNELS);
  const purposes = useChoices(RESOURCE, 'purpose', TEMPLATE_PURPOSES);
  const channel = useWatch({ name: 'channel' }) as string;
  const lastFocus = useRef<{ field: Target; start: number; end: number }>({ field: 'body', start: -1, end: -1 });
  const boxRef = useRef<HTMLDivElement | null>(null);
  const track = (field: Target) => (e: React.SyntheticEvent<HTMLElement>) => {
    const el = e.target as HTMLInputElement | HTMLTextAreaElement;
    if (typeof el.value !== 'string') return;
    lastFocus.current = { field, start: el.selectionStart ?? el.value.length, end: el.selectionEnd ?? el.value.length };
  };
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 3fr) minmax(0, 2fr)' }, alignItems: 'start' }}>
      <Box ref={boxRef}>
        <Section title={translate('screens.templates.details')}>
          <TextInput source="name" validate={[required(), maxLength(100)]} disabled={!canSave} />
          <Row>
            <SelectInput source="channel" choices={channels} validate={required()} disabled={!canSave} />
            <SelectInput source="purpose" choices={purposes} validate={required()} disabled={!canSave} />
          </Row>
        </Section>
        <Section title={translate('screens.templates.message')}>
          <PlaceholderChips lastFocus={lastFocus} boxRef={boxRef} />
          {channel === 'email' ? (
            <TextInput source="subject" validate={[maxLength(200), knownPlaceholders]} disabled={!canSave}
              onSelect={track('subject')} onKeyUp={track('subject')} onClick={track('subject')} />
          ) : null}
          <TextInput source="body" multiline minRows={6} validate={[required(), maxLength(2000), knownPlaceholders]} disabled={!canSave}
            onSelect={track('body')} onKeyUp={track('body')} onClick={track('body')} />
        </Section>
      </Box>
      <Preview />
    </Box>
  );
}

export function TemplateForm() {
  const id = useRecordId();
  const translate = useTranslate();
  const can = useCan();
  const { data: record, isPending, error } = useGetOne(RESOURCE, { id: id ?? '' }, { enabled: !!id });
  const backTo = listPathOf(RESOURCE);
  const { onSubmit, busy, formError } = useRecordSave(RESOURCE, record, {
    backTo,
    transform: (v) => ({ name: v.name, channel: v.channel, purpose: v.purpose, subject: v.channel === 'email' ? v.subject || null : null, body: v.body }),
  });
  if (id && isPending) return <Loading />;
  if (id && error) return <Alert severity="error">{String((error as Error).message)}</Alert>;
  const canSave = can(id ? 'edit.template' : 'create.template');
  return (
    <ResourceContextProvider value={RESOURCE}>
      <FormPage
        title={record ? String(record.name) : translate('screens.templates.new_title')}
        subtitle={translate('screens.templates.subtitle')}
        maxWidth={1200}
      >
        <Form record={record ?? { name: '', channel: 'sms', purpose: 'reminder', subject: '', body: '' }} onSubmit={onSubmit} noValidate>
          <FormError message={formError} />
          <TemplateInputs canSave={canSave} />
          <FormButtons busy={busy} backTo={backTo} canSave={canSave} />
        </Form>
      </FormPage>
    </ResourceContextProvider>
  );
}
