// The deposit settlement of a move-out, from the server: before (the dialog's preview, computed by
// ending the lease in a transaction that is rolled back) and after (the lease screen, the stored
// settlement). Both show the parts with SettlementParts, so they add up the same way.
import { useEffect, useState } from 'react';
import { Alert, Box, LinearProgress } from '@mui/material';
import { useLocaleState, useTranslate, type RaRecord } from 'react-admin';
import type { SettlementFigures } from '../../../shared/settlement';
import { isIsoDate } from '../../../shared/resource-values';
import { describeFailure } from '../../components/server-errors';
import { api } from '../../providers/http-client';
import { SettlementParts } from '../../money/SettlementParts';
import { formatDate } from '../../money/dates';
import { Section } from '../common/FormPage';

/** What ending on `moveOut` would settle; refetched when the day or the choice changes. */
export function SettlementPreview({ leaseId, moveOut, applyDeposit }: { leaseId: string; moveOut: string; applyDeposit: boolean }) {
  const translate = useTranslate();
  const [state, setState] = useState<{ key: string; figures?: SettlementFigures; error?: string } | null>(null);
  const key = `${moveOut}|${applyDeposit}`;
  useEffect(() => {
    if (!isIsoDate(moveOut)) return;
    let live = true;
    api<{ settlement: SettlementFigures }>(`/leases/${encodeURIComponent(leaseId)}/end-preview`, { method: 'POST', body: { move_out_date: moveOut, apply_deposit_to_arrears: applyDeposit } })
      .then((a) => live && setState({ key, figures: a.settlement }))
      .catch((e: unknown) => {
        const f = describeFailure(e);
        if (live) setState({ key, error: f.message ?? Object.values(f.fields ?? {}).join(' ') });
      });
    return () => { live = false; };
  }, [leaseId, moveOut, applyDeposit, key]);
  if (!isIsoDate(moveOut)) return null;
  if (!state || state.key !== key) return <LinearProgress aria-label={translate('screens.leases.settlement_loading')} sx={{ my: 1 }} />;
  if (state.error) return <Alert severity="warning" sx={{ my: 1 }}>{state.error}</Alert>;
  return (
    <Box sx={{ mt: 1 }}>
      <SettlementParts s={state.figures!} outlined={false} testId="settlement-preview" />
    </Box>
  );
}

/** An ended lease: how its deposit was settled. */
export function LeaseSettlement({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [figures, setFigures] = useState<(SettlementFigures & { move_out_date: string }) | null>(null);
  const ended = record.status === 'ended';
  useEffect(() => {
    if (!ended) return;
    let live = true;
    api<SettlementFigures & { move_out_date: string }>(`/leases/${encodeURIComponent(String(record.id))}/settlement`)
      .then((s) => live && setFigures(s))
      .catch(() => undefined);
    return () => { live = false; };
  }, [ended, record.id, record.updated_at]);
  if (!ended || !figures) return null;
  return (
    <Section title={translate('money.tenant_statement.settlement_title')} hint={translate('money.tenant_statement.settlement_moved_out', { date: formatDate(figures.move_out_date, locale) })}>
      <SettlementParts s={figures} outlined={false} testId="lease-settlement" />
    </Section>
  );
}
