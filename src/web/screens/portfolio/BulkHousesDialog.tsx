// "Add in bulk" on a property: a run of houses from a house type (A1…A12), shown before anything
// is written — every number and the account code tenants will type at the paybill, the type's
// rent and deposit (or the amounts typed here), and what is already taken — then created in one
// request; the property's houses panel and rent roll refresh.
import { useEffect, useMemo, useState } from 'react';
import {
  Alert, Box, Button, Chip, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, Table, TableBody, TableCell,
  TableHead, TableRow, Tooltip, Typography, useMediaQuery, type Theme,
} from '@mui/material';
import PlaylistAddRoundedIcon from '@mui/icons-material/PlaylistAddRounded';
import {
  AutocompleteInput, Form, ReferenceInput, SelectInput, TextInput, required, useRefresh, useTranslate, type RaRecord,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { formatCurrency } from '../../../shared/format';
import { DIALOG_TRANSITION_MS } from '../../components/dialog-timing';
import { NumberInput } from '../../components/NumberInput';
import { useFormSubmit } from '../../components/useFormSubmit';
import { useToast } from '../../components/toast/ToastProvider';
import { describeFailure } from '../../components/server-errors';
import { api } from '../../providers/http-client';
import { hasPermission } from '../../routing/access';
import { useSession } from '../../session/session-store';
import { MoneyInput } from '../../generic/MoneyInput';
import { housesChanged, type BulkPlan } from './api';

type Values = Record<string, unknown>;

/** Inputs the server may name in a 422 (the rest show above the preview). */
const INPUTS = ['house_type_id', 'prefix', 'from', 'to', 'pad', 'block', 'floor', 'rent', 'deposit', 'code_prefix'] as const;
const SHOWN_ROWS = 60;
const PREVIEW_DELAY_MS = 300;

/** The request body from the form (empty texts left out: the server's defaults apply). */
export function bulkBody(v: Values): Values {
  const out: Values = { house_type_id: v.house_type_id, from: v.from, to: v.to, prefix: String(v.prefix ?? '').trim() };
  if (v.pad) out.pad = Number(v.pad);
  for (const k of ['block', 'floor', 'rent', 'deposit', 'code_prefix']) {
    const s = v[k] == null ? '' : String(v[k]).trim();
    if (s) out[k] = s;
  }
  return out;
}

const ready = (v: Values) => !!v.house_type_id && Number.isInteger(v.from) && Number.isInteger(v.to);

/** The server's plan for the values, read again a moment after they stop changing. */
function usePlan(propertyId: string, values: Values) {
  const key = ready(values) ? JSON.stringify(bulkBody(values)) : null;
  const [state, setState] = useState<{ key: string | null; plan: BulkPlan | null; error: string | null }>({ key: null, plan: null, error: null });
  useEffect(() => {
    if (!key) return;
    let live = true;
    const timer = setTimeout(() => {
      api<BulkPlan>(`/properties/${encodeURIComponent(propertyId)}/houses/bulk/preview`, { method: 'POST', body: JSON.parse(key) }).then(
        (plan) => live && setState({ key, plan, error: null }),
        (e: unknown) => {
          if (!live) return;
          const { fields, message } = describeFailure(e);
          setState({ key, plan: null, error: fields ? Object.values(fields).join(' ') : message });
        },
      );
    }, PREVIEW_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [key, propertyId]);
  if (!key) return { plan: null, error: null, loading: false };
  // while the next answer is on its way the last plan stays on screen, dimmed
  const current = state.key === key;
  return { plan: state.plan, error: current ? state.error : null, loading: !current };
}

function Preview({ plan, error, loading, waiting }: { plan: BulkPlan | null; error: string | null; loading: boolean; waiting: boolean }) {
  const translate = useTranslate();
  if (waiting) return <Typography color="text.secondary" variant="body2">{translate('portfolio.bulk.choose_type')}</Typography>;
  if (error) return <Alert severity="error">{error}</Alert>;
  if (!plan) return <Box sx={{ py: 2, display: 'grid', placeItems: 'center' }}><CircularProgress size={24} aria-label={translate('portfolio.bulk.preview')} /></Box>;
  const problems = Object.values(plan.errors).flat();
  const more = plan.houses.length - SHOWN_ROWS;
  return (
    <Box sx={{ opacity: loading ? 0.6 : 1, transition: 'opacity 120ms' }}>
      {problems.length ? (
        <Alert severity="error" sx={{ mb: 1.5 }} role="alert">
          {problems.map((p) => <div key={p}>{p}</div>)}
        </Alert>
      ) : null}
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {[
          `${translate('portfolio.bulk.rent')}: ${plan.rent ? formatCurrency(plan.rent) : '—'}`,
          `${translate('portfolio.bulk.deposit')}: ${plan.deposit ? formatCurrency(plan.deposit) : '—'}`,
          translate('portfolio.bulk.charges', { smart_count: plan.charge_ids.length }),
        ].join(' · ')}
      </Typography>
      <Box sx={{ maxHeight: 240, overflowY: 'auto', border: 1, borderColor: 'divider', borderRadius: 1.5 }}>
        <Table size="small" stickyHeader aria-label={translate('portfolio.bulk.preview')}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ fontWeight: 650, bgcolor: 'background.paper' }}>{translate('portfolio.bulk.number')}</TableCell>
              <TableCell sx={{ fontWeight: 650, bgcolor: 'background.paper' }}>{translate('portfolio.bulk.account_code')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {plan.houses.slice(0, SHOWN_ROWS).map((h) => (
              <TableRow key={h.number} data-testid="bulk-preview-row">
                <TableCell>
                  {h.number}
                  {h.number_taken ? <Chip size="small" color="error" variant="outlined" label={translate('portfolio.bulk.taken_number')} sx={{ ml: 1, height: 20 }} /> : null}
                </TableCell>
                <TableCell sx={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', letterSpacing: '0.02em' }}>
                  {h.account_code}
                  {h.code_taken ? <Chip size="small" color="error" variant="outlined" label={translate('portfolio.bulk.taken_code')} sx={{ ml: 1, height: 20, fontFamily: 'inherit' }} /> : null}
                </TableCell>
              </TableRow>
            ))}
            {more > 0 ? (
              <TableRow>
                <TableCell colSpan={2} sx={{ color: 'text.secondary' }}>{translate('portfolio.bulk.preview_more', { smart_count: more })}</TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      </Box>
    </Box>
  );
}

function DialogBody({ property, onClose, busy, formError }: { property: RaRecord; onClose: () => void; busy: boolean; formError: string | null }) {
  const translate = useTranslate();
  const values = useWatch() as Values;
  const { plan, error, loading } = usePlan(String(property.id), values);
  const count = plan?.houses.length ?? 0;
  const blocked = !plan || loading || !!error || Object.keys(plan.errors).length > 0;
  const example = (n: number) => `${String(values.prefix ?? '')}${'1'.padStart(n, '0')}`;
  const padChoices = useMemo(() => [0, 2, 3, 4].map((n) => ({
    id: n, name: n ? translate('portfolio.bulk.pad_n', { n, example: example(n) }) : translate('portfolio.bulk.pad_none'),
  })), [translate, values.prefix]); // eslint-disable-line react-hooks/exhaustive-deps
  const typeDefault = (amount: string | null | undefined) =>
    (plan ? (amount ? translate('portfolio.bulk.from_type', { amount: formatCurrency(amount) }) : translate('portfolio.bulk.none_from_type')) : ' ');
  return (
    <>
      <DialogContent dividers>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate('portfolio.bulk.intro', { property: String(property.name ?? '') })}
        </Typography>
        {formError ? <Alert severity="error" sx={{ mb: 2 }} role="alert">{formError}</Alert> : null}
        <Box sx={{ display: 'grid', columnGap: 2, gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, minmax(0, 1fr))' }, '& > *': { minWidth: 0 } }}>
          <Box sx={{ gridColumn: '1 / -1' }}>
            <ReferenceInput source="house_type_id" reference="house-types" sort={{ field: 'name', order: 'ASC' }} perPage={100}>
              <AutocompleteInput optionText="name" label={translate('portfolio.bulk.house_type')} validate={required()} helperText={false} />
            </ReferenceInput>
          </Box>
          <TextInput source="prefix" label={translate('portfolio.bulk.prefix')} helperText={translate('portfolio.bulk.prefix_help')} />
          <SelectInput source="pad" label={translate('portfolio.bulk.pad')} choices={padChoices} helperText={false} emptyText={false as never} />
          <NumberInput source="from" label={translate('portfolio.bulk.from')} min={0} max={99_999} validate={required()} helperText={false} />
          <NumberInput source="to" label={translate('portfolio.bulk.to')} min={0} max={99_999} validate={required()} helperText={false} />
          <TextInput source="block" label={translate('portfolio.bulk.block')} helperText={false} />
          <TextInput source="floor" label={translate('portfolio.bulk.floor')} helperText={false} />
          <Box sx={{ gridColumn: { xs: '1 / -1', sm: 'span 2' } }}>
            <TextInput
              source="code_prefix"
              label={translate('portfolio.bulk.code_prefix')}
              fullWidth
              placeholder={plan?.code_prefix}
              helperText={plan?.houses[0] ? translate('portfolio.bulk.code_help', { example: plan.houses[0].account_code }) : ' '}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </Box>
          <Box sx={{ gridColumn: { xs: '1 / -1', sm: 'span 2' } }}>
            <MoneyInput source="rent" label={translate('portfolio.bulk.rent')} min={0} fullWidth helperText={typeDefault(plan?.rent)} />
          </Box>
          <Box sx={{ gridColumn: { xs: '1 / -1', sm: 'span 2' } }}>
            <MoneyInput source="deposit" label={translate('portfolio.bulk.deposit')} min={0} fullWidth helperText={typeDefault(plan?.deposit)} />
          </Box>
        </Box>
        <Typography variant="subtitle2" component="h3" sx={{ mt: 1, mb: 1, fontWeight: 700 }}>
          {translate('portfolio.bulk.preview')}
          {plan ? ` · ${translate('portfolio.bulk.preview_count', { smart_count: count })}` : ''}
        </Typography>
        <Preview plan={plan} error={error} loading={loading} waiting={!values.house_type_id} />
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button onClick={onClose} disabled={busy}>{translate('ra.action.cancel')}</Button>
        <Button type="submit" variant="contained" disabled={blocked || busy} startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <PlaylistAddRoundedIcon />}>
          {translate('portfolio.bulk.create', { smart_count: count })}
        </Button>
      </DialogActions>
    </>
  );
}

export function BulkHousesDialog({ property, open, onClose }: { property: RaRecord; open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const toast = useToast();
  const refresh = useRefresh();
  const phone = useMediaQuery((t: Theme) => t.breakpoints.down('sm'));
  const { onSubmit, busy, formError } = useFormSubmit(async (values) => {
    const res = await api<{ count: number }>(`/properties/${encodeURIComponent(String(property.id))}/houses/bulk`, { method: 'POST', body: bulkBody(values) });
    toast.add({ severity: 'success', summary: translate('portfolio.bulk.created', { smart_count: res.count, property: String(property.name ?? '') }), life: 5000 });
    housesChanged(String(property.id));
    refresh();
    onClose();
  }, INPUTS);
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      fullScreen={phone}
      maxWidth="md"
      fullWidth
      transitionDuration={DIALOG_TRANSITION_MS}
      aria-labelledby="bulk-houses-title"
      // the form sits between the paper and its content: let it pass the column layout on, so the
      // content scrolls and the buttons stay in view
      slotProps={{ paper: { sx: { '& > form': { display: 'flex', flexDirection: 'column', flex: '1 1 auto', minHeight: 0 } } } }}
    >
      <DialogTitle id="bulk-houses-title">{translate('portfolio.bulk.title')}</DialogTitle>
      {open ? (
        <Form record={{ prefix: '', from: 1, to: 10, pad: 0 }} onSubmit={onSubmit} noValidate>
          <DialogBody property={property} onClose={onClose} busy={busy} formError={formError} />
        </Form>
      ) : null}
    </Dialog>
  );
}

/** The button in a property's houses panel (and the rent roll) for those who may add houses. */
export function BulkHousesButton({ property, variant = 'outlined', compact = false }: { property: RaRecord; variant?: 'outlined' | 'contained' | 'text'; compact?: boolean }) {
  const translate = useTranslate();
  const { permissions } = useSession();
  const [open, setOpen] = useState(false);
  // a phone's panel header has room for an icon only beside "See all" and "Add"
  const phone = useMediaQuery((t: Theme) => t.breakpoints.down('sm'));
  if (!hasPermission(permissions, 'create.house')) return null;
  const label = translate('portfolio.bulk.button');
  return (
    <>
      {compact && phone ? (
        <Tooltip title={label}>
          <IconButton size="small" color="primary" aria-label={label} onClick={() => setOpen(true)} sx={{ border: 1, borderColor: 'divider', borderRadius: 1.5 }}>
            <PlaylistAddRoundedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      ) : (
        <Button size="small" variant={variant} startIcon={<PlaylistAddRoundedIcon />} onClick={() => setOpen(true)}>
          {label}
        </Button>
      )}
      <BulkHousesDialog property={property} open={open} onClose={() => setOpen(false)} />
    </>
  );
}
