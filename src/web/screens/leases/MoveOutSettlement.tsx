// The deposit settlement of a move-out, from the server: before (the dialog's preview, computed by
// ending the lease in a transaction that is rolled back) and after (the lease screen, the stored
// settlement). Both show the parts with SettlementParts, so they add up the same way.
import { useEffect, useState } from 'react';
import { Alert, Box, LinearProgress } from '@mui/material';
import { useLocaleState, useTranslate, type RaRecord } from 'react-admin';
import type { DepositRefund, SettlementFigures } from '../../../shared/settlement';
import { isIsoDate } from '../../../shared/resource-values';
import { describeFailure } from '../../components/server-errors';
import { api } from '../../providers/http-client';
import { SettlementParts } from '../../money/SettlementParts';
import { formatDate } from '../../money/dates';
import { Section } from '../common/FormPage';

/**
 * What ending on `moveOut` would settle with these deductions and refund; refetched (a moment after
 * the typing stops) when any of them changes. The fields the server refuses go to `onErrors`.
 */
export function SettlementPreview({ leaseId, moveOut, applyDeposit, extra = {}, onErrors }: {
  leaseId: string; moveOut: string; applyDeposit: boolean;
  extra?: { deductions?: unknown[]; refund?: unknown };
  onErrors?: (fields: Record<string, string>) => void;
}) {
  const translate = useTranslate();
  const [state, setState] = useState<{ key: string; figures?: SettlementFigures; error?: string } | null>(null);
  const key = `${moveOut}|${applyDeposit}|${JSON.stringify(extra)}`;
  useEffect(() => {
    if (!isIsoDate(moveOut)) return;
    let live = true;
    const timer = setTimeout(() => {
      api<{ settlement: SettlementFigures }>(`/leases/${encodeURIComponent(leaseId)}/end-preview`, { method: 'POST', body: { move_out_date: moveOut, apply_deposit_to_arrears: applyDeposit, ...extra } })
        .then((a) => { if (live) { setState({ key, figures: a.settlement }); onErrors?.({}); } })
        .catch((e: unknown) => {
          const f = describeFailure(e);
          if (!live) return;
          const fields = f.fields ?? {};
          onErrors?.(fields);
          setState({ key, error: f.message ?? Object.values(fields).join(' ') });
        });
    }, 300);
    return () => { live = false; clearTimeout(timer); };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the key says what changed (extra is a new object each render)
  }, [leaseId, key]);
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
  const [figures, setFigures] = useState<(SettlementFigures & { move_out_date: string; refund: DepositRefund | null }) | null>(null);
  const ended = record.status === 'ended';
  useEffect(() => {
    if (!ended) return;
    let live = true;
    api<SettlementFigures & { move_out_date: string; refund: DepositRefund | null }>(`/leases/${encodeURIComponent(String(record.id))}/settlement`)
      .then((s) => live && setFigures(s))
      .catch(() => undefined);
    return () => { live = false; };
  }, [ended, record.id, record.updated_at]);
  if (!ended || !figures) return null;
  return (
    <Section title={translate('money.tenant_statement.settlement_title')} hint={translate('money.tenant_statement.settlement_moved_out', { date: formatDate(figures.move_out_date, locale) })}>
      <SettlementParts s={figures} refund={figures.refund} outlined={false} testId="lease-settlement" />
    </Section>
  );
}
