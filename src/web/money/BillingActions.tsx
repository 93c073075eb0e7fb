// The invoices list's extra buttons (registered in ./register.ts): "Run billing" opens a dialog for
// the month, starts the run (202), polls its progress and ends with what it made and skipped and
// why; "Run penalties" posts the penalties due as of a date. Both need run.billing.
import { useEffect, useRef, useState } from 'react';
import {
  Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, LinearProgress, Link as MuiLink, Stack, TextField, Typography,
} from '@mui/material';
import PlayCircleOutlineRoundedIcon from '@mui/icons-material/PlayCircleOutlineRounded';
import GavelRoundedIcon from '@mui/icons-material/GavelRounded';
import { useLocaleState, useRefresh, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { describeFailure } from '../components/server-errors';
import { useSession } from '../session/session-store';
import { hasPermission } from '../routing/access';
import { getJson, postJson } from './api';
import { formatDate, formatMonth, isDate, todayInNairobi } from './dates';
import { money } from './format';
import { listLink } from './list-links';
import type { BillingRun, PenaltyResult, SkipReason } from './types';

/** How often a running billing run is asked for its progress. */
export const POLL_MS = 700;

const REASONS: SkipReason[] = ['already_billed', 'not_due', 'not_started', 'nothing_to_bill', 'draft', 'ended'];

export function InvoiceListActions() {
  const { permissions } = useSession();
  if (!hasPermission(permissions, 'run.billing')) return null;
  return (
    <>
      <RunBillingButton />
      <RunPenaltiesButton />
    </>
  );
}

type Phase = { step: 'form'; error?: string | null } | { step: 'starting' } | { step: 'running'; run: BillingRun } | { step: 'finished'; run: BillingRun };

export function RunBillingButton() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [period, setPeriod] = useState(() => todayInNairobi().slice(0, 7));
  const [phase, setPhase] = useState<Phase>({ step: 'form' });
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const poll = async (run: BillingRun) => {
    let current = run;
    while (alive.current && (current.status === 'queued' || current.status === 'running')) {
      await new Promise((r) => setTimeout(r, POLL_MS));
      if (!alive.current) return;
      try {
        current = await getJson<BillingRun>(`/billing-runs/${encodeURIComponent(run.id)}`);
      } catch {
        continue; // a dropped poll is retried; the run goes on on the server
      }
      if (alive.current) setPhase(current.status === 'done' || current.status === 'failed' ? { step: 'finished', run: current } : { step: 'running', run: current });
    }
    if (alive.current) {
      setPhase({ step: 'finished', run: current });
      refresh();
    }
  };

  const start = async () => {
    if (!/^\d{4}-\d{2}$/.test(period)) {
      setPhase({ step: 'form', error: translate('money.billing.period_invalid') });
      return;
    }
    setPhase({ step: 'starting' });
    try {
      const run = await postJson<BillingRun>('/billing-runs', { period });
      setPhase(run.status === 'done' || run.status === 'failed' ? { step: 'finished', run } : { step: 'running', run });
      void poll(run);
    } catch (e) {
      const f = describeFailure(e);
      setPhase({ step: 'form', error: f.fields ? Object.values(f.fields).join(' ') : translate(f.message ?? 'ra.notification.http_error', { _: f.message ?? '' }) });
    }
  };

  const close = () => {
    setOpen(false);
    if (phase.step === 'finished') setPhase({ step: 'form' });
  };
  const run = phase.step === 'running' || phase.step === 'finished' ? phase.run : null;
  const pct = run && run.total > 0 ? Math.round((run.processed / run.total) * 100) : 0;
  const monthLabel = formatMonth(run?.period ?? period, locale, 'long');

  return (
    <>
      <Button size="small" startIcon={<PlayCircleOutlineRoundedIcon />} onClick={() => setOpen(true)}>
        {translate('money.billing.run')}
      </Button>
      <Dialog open={open} onClose={close} fullWidth maxWidth="xs" aria-labelledby="run-billing-title">
        <DialogTitle id="run-billing-title">{translate('money.billing.title')}</DialogTitle>
        <DialogContent>
          {phase.step === 'form' || phase.step === 'starting' ? (
            <>
              <DialogContentText sx={{ mb: 2 }}>{translate('money.billing.text')}</DialogContentText>
              <TextField
                type="month"
                label={translate('money.billing.period')}
                value={period}
                onChange={(e) => setPeriod(e.target.value)}
                fullWidth
                autoFocus
                disabled={phase.step === 'starting'}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'billing-period' } }}
                helperText={/^\d{4}-\d{2}$/.test(period) ? translate('money.billing.period_hint', { month: formatMonth(period, locale, 'long') }) : ' '}
              />
              {phase.step === 'form' && phase.error ? (
                <Alert severity="error" sx={{ mt: 2 }}>
                  {phase.error}
                </Alert>
              ) : null}
            </>
          ) : null}
          {phase.step === 'running' && run ? (
            <Box sx={{ py: 1 }}>
              <Typography sx={{ mb: 1 }}>{translate('money.billing.running', { month: monthLabel })}</Typography>
              <LinearProgress
                variant={run.total > 0 ? 'determinate' : 'indeterminate'}
                value={pct}
                sx={{ height: 8, borderRadius: 4 }}
                aria-label={translate('money.billing.progress')}
              />
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="billing-progress">
                {run.total > 0 ? translate('money.billing.progress_of', { processed: run.processed, total: run.total, pct }) : translate('money.billing.queued')}
              </Typography>
              <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
                {translate('money.billing.can_close')}
              </Typography>
            </Box>
          ) : null}
          {phase.step === 'finished' && run ? <RunSummary run={run} monthLabel={monthLabel} /> : null}
        </DialogContent>
        <DialogActions>
          {phase.step === 'finished' ? (
            <Button onClick={close} variant="contained">
              {translate('money.close')}
            </Button>
          ) : (
            <>
              <Button onClick={close}>{translate(phase.step === 'running' ? 'money.close' : 'ra.action.cancel')}</Button>
              {phase.step === 'running' ? null : (
                <Button variant="contained" onClick={() => void start()} disabled={phase.step === 'starting'}>
                  {translate('money.billing.start')}
                </Button>
              )}
            </>
          )}
        </DialogActions>
      </Dialog>
    </>
  );
}

function RunSummary({ run, monthLabel }: { run: BillingRun; monthLabel: string }) {
  const translate = useTranslate();
  const reasons = REASONS.filter((r) => (run.skipped_by_reason[r] ?? 0) > 0);
  if (run.status === 'failed') {
    return (
      <Alert severity="error" data-testid="billing-summary">
        {translate('money.billing.failed', { month: monthLabel })} {run.error ?? ''}
      </Alert>
    );
  }
  return (
    <Box data-testid="billing-summary">
      <LinearProgress variant="determinate" value={100} sx={{ height: 8, borderRadius: 4, mb: 2 }} aria-label={translate('money.billing.progress')} />
      <Alert severity={run.made > 0 ? 'success' : 'info'} sx={{ mb: 1.5 }}>
        {translate('money.billing.done', { month: monthLabel })}
      </Alert>
      <Stack spacing={0.5}>
        <Typography sx={{ fontWeight: 700 }}>{translate('money.billing.made', { smart_count: run.made })}</Typography>
        <Typography sx={{ fontWeight: 700 }}>{translate('money.billing.skipped', { smart_count: run.skipped })}</Typography>
        {reasons.length ? (
          <Box component="ul" sx={{ m: 0, pl: 3 }}>
            {reasons.map((r) => (
              <li key={r}>
                <Typography variant="body2">
                  {translate(`money.billing.reason.${r}`, { smart_count: run.skipped_by_reason[r] ?? 0 })}
                </Typography>
              </li>
            ))}
          </Box>
        ) : null}
      </Stack>
      {run.made > 0 ? (
        <MuiLink component={Link} to={listLink('invoices', { period_start: run.period_start })} sx={{ display: 'inline-block', mt: 1.5, fontWeight: 600 }}>
          {translate('money.billing.see_invoices', { month: monthLabel })}
        </MuiLink>
      ) : null}
    </Box>
  );
}

export function RunPenaltiesButton() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [asOf, setAsOf] = useState(() => todayInNairobi());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<PenaltyResult | null>(null);

  const run = async () => {
    if (!isDate(asOf)) return;
    setBusy(true);
    setError(null);
    try {
      setResult(await postJson<PenaltyResult>('/penalties/run', { as_of: asOf }));
      refresh();
    } catch (e) {
      const f = describeFailure(e);
      setError(f.fields ? Object.values(f.fields).join(' ') : translate(f.message ?? 'ra.notification.http_error', { _: f.message ?? '' }));
    } finally {
      setBusy(false);
    }
  };
  const close = () => {
    setOpen(false);
    setResult(null);
    setError(null);
  };

  return (
    <>
      <Button size="small" startIcon={<GavelRoundedIcon />} onClick={() => setOpen(true)}>
        {translate('money.penalties.run')}
      </Button>
      <Dialog open={open} onClose={close} fullWidth maxWidth="xs" aria-labelledby="run-penalties-title">
        <DialogTitle id="run-penalties-title">{translate('money.penalties.title')}</DialogTitle>
        <DialogContent>
          {result ? (
            <Alert severity={result.posted > 0 ? 'success' : 'info'} data-testid="penalties-summary">
              {result.posted > 0
                ? translate('money.penalties.posted', { smart_count: result.posted, invoices: result.invoices, amount: money(result.amount), date: formatDate(asOf, locale) })
                : translate('money.penalties.none', { date: formatDate(asOf, locale) })}
            </Alert>
          ) : (
            <>
              <DialogContentText sx={{ mb: 2 }}>{translate('money.penalties.text')}</DialogContentText>
              <TextField
                type="date"
                label={translate('money.penalties.as_of')}
                value={asOf}
                onChange={(e) => setAsOf(e.target.value)}
                fullWidth
                disabled={busy}
                slotProps={{ inputLabel: { shrink: true } }}
              />
              {busy ? <LinearProgress sx={{ mt: 2 }} /> : null}
              {error ? (
                <Alert severity="error" sx={{ mt: 2 }}>
                  {error}
                </Alert>
              ) : null}
            </>
          )}
        </DialogContent>
        <DialogActions>
          {result ? (
            <Button variant="contained" onClick={close}>
              {translate('money.close')}
            </Button>
          ) : (
            <>
              <Button onClick={close}>{translate('ra.action.cancel')}</Button>
              <Button variant="contained" onClick={() => void run()} disabled={busy || !isDate(asOf)}>
                {translate('money.penalties.start')}
              </Button>
            </>
          )}
        </DialogActions>
      </Dialog>
    </>
  );
}
