// The frame every screen of this folder shares: a heading with the record's status and actions,
// the form in a card, a form-level error, and Cancel / Save at the bottom. Saving goes through
// react-admin's mutations (the caches follow) and useFormSubmit (422 errors show inline).
import { useCallback, useMemo, type ReactNode } from 'react';
import { Alert, Box, Button, Card, CardContent, Chip, CircularProgress, Stack, Typography } from '@mui/material';
import ArrowBackRoundedIcon from '@mui/icons-material/ArrowBackRounded';
import { Title, useCreate, useTranslate, useUpdate, type RaRecord } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { useFormSubmit } from '../../components/useFormSubmit';
import { useToast } from '../../components/toast/ToastProvider';
import { pathLabel, useLabels } from '../../generic/labels';
import { recordTitle, type RecordValues } from '../../../shared/resource';
import { resourceByName } from '../../../../resources/index';

type Values = Record<string, unknown>;

export function FormPage({ title, subtitle, status, actions, children, maxWidth = 980 }: {
  title: string;
  subtitle?: ReactNode;
  status?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  maxWidth?: number;
}) {
  return (
    <Box sx={{ maxWidth, width: '100%', minWidth: 0, mx: 'auto', pb: 6, pt: 1 }}>
      <Title title={title} />
      <Box sx={{ display: 'flex', gap: 2, alignItems: { xs: 'flex-start', md: 'center' }, flexDirection: { xs: 'column', md: 'row' }, flexWrap: 'wrap', mb: 2 }}>
        {/* the heading keeps its width (a record number never wraps): many actions move below it */}
        <Box sx={{ flex: '1 0 auto', maxWidth: '100%', minWidth: 0 }}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
              {title}
            </Typography>
            {status}
          </Stack>
          {subtitle ? (
            <Typography color="text.secondary" variant="body2" sx={{ mt: 0.25 }}>
              {subtitle}
            </Typography>
          ) : null}
        </Box>
        {actions ? (
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
            {actions}
          </Stack>
        ) : null}
      </Box>
      {children}
    </Box>
  );
}

export function Section({ title, hint, children, action }: { title?: ReactNode; hint?: ReactNode; children: ReactNode; action?: ReactNode }) {
  return (
    <Card variant="outlined" sx={{ mb: 2, borderRadius: 2, '& .ra-input:not(.ra-input-method):not(.ra-input-status), & .MuiAutocomplete-root': { width: '100%' } }}>
      <CardContent sx={{ p: { xs: 2, sm: 2.5 }, '&:last-child': { pb: { xs: 2, sm: 2.5 } } }}>
        {title || action ? (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: hint ? 0.25 : 1.5 }}>
            {title ? (
              <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, flex: 1 }}>
                {title}
              </Typography>
            ) : null}
            {action}
          </Box>
        ) : null}
        {hint ? (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            {hint}
          </Typography>
        ) : null}
        {children}
      </CardContent>
    </Card>
  );
}

/** Two (or more) inputs side by side on a laptop, stacked on a phone. */
export function Row({ children, columns = 2 }: { children: ReactNode; columns?: number }) {
  return (
    <Box sx={{ display: 'grid', columnGap: 2, gridTemplateColumns: { xs: '1fr', sm: `repeat(${columns}, minmax(0, 1fr))` }, alignItems: 'start' }}>
      {children}
    </Box>
  );
}

export function FormError({ message }: { message: string | null }) {
  return message ? (
    <Alert severity="error" sx={{ mb: 2 }} role="alert">
      {message}
    </Alert>
  ) : null;
}

/** Cancel (back to the list) and Save. */
export function FormButtons({ busy, backTo, canSave = true, saveLabel = 'ra.action.save', extra }: {
  busy: boolean;
  backTo: string;
  canSave?: boolean;
  saveLabel?: string;
  extra?: ReactNode;
}) {
  const translate = useTranslate();
  const navigate = useNavigate();
  return (
    <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', alignItems: 'center', flexWrap: 'wrap', mt: 1 }}>
      {extra}
      <Box sx={{ flex: 1 }} />
      <Button color="inherit" startIcon={<ArrowBackRoundedIcon />} onClick={() => navigate(backTo)}>
        {translate('ra.action.cancel')}
      </Button>
      {canSave ? (
        <Button type="submit" variant="contained" loading={busy}>
          {translate(saveLabel)}
        </Button>
      ) : null}
    </Box>
  );
}

export function StatusChip({ label, tone = 'default' }: { label: string; tone?: 'default' | 'success' | 'warning' | 'error' | 'info' }) {
  return <Chip size="small" label={label} color={tone} variant={tone === 'default' ? 'outlined' : 'filled'} sx={{ fontWeight: 600 }} />;
}

export function Loading() {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }} role="progressbar" aria-busy="true">
      <CircularProgress />
    </Box>
  );
}

/**
 * Creates or updates one record of `resource` (pessimistic: the server decides), then says so
 * and returns to `backTo`. `transform` shapes the body (drop what the server computes).
 */
export function useRecordSave(resource: string, record: RaRecord | undefined, {
  backTo, transform = (v) => v, shown, onSaved,
}: {
  backTo: string | null;
  transform?: (values: Values) => Values;
  shown?: readonly string[];
  onSaved?: (saved: RaRecord) => void;
}) {
  const [create] = useCreate();
  const [update] = useUpdate();
  const navigate = useNavigate();
  const toast = useToast();
  const translate = useTranslate();
  const labels = useLabels(useMemo(() => ({ name: resource }), [resource]));
  const labelOf = useCallback((path: string) => pathLabel(labels, path), [labels]);
  return useFormSubmit(async (values) => {
    const data = transform(values);
    const saved = record
      ? await update(resource, { id: record.id, data, previousData: record }, { mutationMode: 'pessimistic', returnPromise: true })
      : await create(resource, { data }, { returnPromise: true });
    // the toast names the record ("Role Caretaker created"), as the generic forms' do
    const declared = resourceByName(resource);
    const title = declared ? recordTitle(declared, (saved ?? undefined) as RecordValues | undefined) : '';
    const summary = title
      ? translate(record ? 'generic.form.saved_record' : 'generic.form.created_record', { name: labels.area(1), title })
      : translate(record ? 'generic.form.saved' : 'generic.form.created', { name: labels.area(1) });
    toast.add({ severity: 'success', summary, life: 4000 });
    onSaved?.(saved as RaRecord);
    if (backTo) navigate(backTo);
  }, { shown, labelOf });
}
