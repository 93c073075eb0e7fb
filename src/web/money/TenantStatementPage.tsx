// /statements/user/:tenant_id?/:lease_id?  The tenant's ledger for a period (product.md 4.5):
// opening balance, every debit and credit in date order (each on the day it was posted) with the
// running balance, the closing balance, deposit held and credit on account, and how the deposit
// was settled at a move-out. Choosing a tenant, lease or period updates the URL.
import { useMemo } from 'react';
import {
  Box, Chip, MenuItem, Paper, Stack, Table, TableBody, TableCell, TableContainer, TableFooter, TableHead, TableRow, TextField, Typography,
  useMediaQuery, type Theme,
} from '@mui/material';
import ReceiptLongRoundedIcon from '@mui/icons-material/ReceiptLongRounded';
import { Title, useGetList, useGetMany, useLocaleState, useTranslate, type RaRecord } from 'react-admin';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { DocumentActions } from '../screens/documents/DocumentActions';
import { useReport } from './api';
import { formatDate, periodFrom, type Period } from './dates';
import { money, moneyOrBlank, sign } from './format';
import { RecordAutocomplete } from './RecordAutocomplete';
import { DepositLedger } from './DepositLedger';
import { SettlementParts } from './SettlementParts';
import {
  EmptyState, Figure, FigureGrid, FilterPanel, Fit, LoadError, Loading, moneyCellSx, PeriodFields, PrintStyles, ReportActions, ReportHeader,
} from './parts';
import type { DepositSettlement, EntryType, TenantStatement } from './types';

export const tenantStatementPath = (tenantId: string, leaseId?: string | null, period?: Partial<Period>) => {
  const q = new URLSearchParams();
  if (period?.from) q.set('from', period.from);
  if (period?.to) q.set('to', period.to);
  const s = q.toString();
  return `/statements/user/${encodeURIComponent(tenantId)}${leaseId ? `/${encodeURIComponent(leaseId)}` : ''}${s ? `?${s}` : ''}`;
};

const TYPE_COLOR: Record<EntryType, 'default' | 'primary' | 'success' | 'warning' | 'error'> = {
  invoice: 'default', penalty: 'warning', adjustment: 'default', deposit: 'primary', waiver: 'success', payment: 'success', reversal: 'error', void: 'primary',
};

function useLeaseOptions(tenantId: string | undefined) {
  const { data: leases = [] } = useGetList('leases', {
    pagination: { page: 1, perPage: 50 }, sort: { field: 'start_date', order: 'DESC' }, filter: { tenant_id: tenantId },
  }, { enabled: !!tenantId });
  const houseIds = [...new Set(leases.map((l) => String(l.house_id)).filter(Boolean))];
  const { data: houses = [] } = useGetMany('houses', { ids: houseIds }, { enabled: houseIds.length > 0 });
  const propertyIds = [...new Set(houses.map((h) => String(h.property_id)).filter(Boolean))];
  const { data: properties = [] } = useGetMany('properties', { ids: propertyIds }, { enabled: propertyIds.length > 0 });
  return useMemo(() => leases.map((l: RaRecord) => {
    const house = houses.find((h) => String(h.id) === String(l.house_id));
    const property = house ? properties.find((p) => String(p.id) === String(house.property_id)) : undefined;
    return { id: String(l.id), house: [property?.name, house?.number].filter(Boolean).join(' · '), start: String(l.start_date ?? ''), status: String(l.status ?? '') };
  }), [leases, houses, properties]);
}

export function TenantStatementPage() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { tenant_id: tenantId, lease_id: leaseId } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const period = periodFrom(search);
  const leases = useLeaseOptions(tenantId);
  const path = tenantId ? `/statements/user/${encodeURIComponent(tenantId)}` : null;
  const query = { lease_id: leaseId, from: period.from, to: period.to };
  const { data, error, loading, reload } = useReport<TenantStatement>(path, query);
  const go = (t: string | null | undefined, l: string | null | undefined, p: Period = period) =>
    navigate(t ? tenantStatementPath(t, l, p) : `/statements/user?from=${p.from}&to=${p.to}`);

  return (
    <Box sx={{ maxWidth: 1180, mx: 'auto', width: '100%', minWidth: 0, pb: 6 }} data-print-full>
      <Title title={translate('money.tenant_statement.title')} />
      <PrintStyles />
      <ReportHeader
        title={translate('money.tenant_statement.title')}
        subtitle={translate('money.tenant_statement.subtitle')}
        actions={(
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }} data-no-print>
            <ReportActions path={path} query={query} disabled={!data} />
            {path ? (
              <DocumentActions base={path} query={query} what={translate('screens.documents.statement')} viewPermissions={['export.statement']}
                fallbackName="statement.pdf" disabled={!data} download={false} />
            ) : null}
          </Stack>
        )}
      />
      <FilterPanel>
        <RecordAutocomplete
          resource="tenants"
          label={translate('money.tenant_statement.tenant')}
          value={tenantId ?? null}
          onChange={(id) => go(id, null)}
          optionDetail={(r) => (r.phone ? String(r.phone) : null)}
          sx={{ width: { xs: '100%', sm: 300 } }}
        />
        <TextField
          select
          size="small"
          label={translate('money.tenant_statement.lease')}
          value={leaseId ?? ''}
          onChange={(e) => go(tenantId, e.target.value || null)}
          disabled={!tenantId}
          sx={{ width: { xs: '100%', sm: 300 } }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">{translate('money.tenant_statement.all_leases')}</MenuItem>
          {leaseId && !leases.some((l) => l.id === leaseId) ? <MenuItem value={leaseId}>{data?.lease?.house ?? leaseId}</MenuItem> : null}
          {leases.map((l) => (
            <MenuItem key={l.id} value={l.id}>
              {l.house || l.id} · {translate('money.tenant_statement.since', { date: formatDate(l.start, locale) })}
              {l.status !== 'active' ? ` (${translate(`money.lease_status.${l.status}`, { _: l.status })})` : ''}
            </MenuItem>
          ))}
        </TextField>
        <PeriodFields value={period} onChange={(p) => go(tenantId, leaseId, p)} />
      </FilterPanel>

      {!tenantId ? (
        <EmptyState icon={<ReceiptLongRoundedIcon />} title={translate('money.tenant_statement.pick_title')} text={translate('money.tenant_statement.pick_text')} />
      ) : error ? (
        <LoadError error={error} onRetry={reload} />
      ) : loading || !data ? (
        <Loading />
      ) : (
        <StatementView s={data} locale={locale} />
      )}
    </Box>
  );
}

function StatementView({ s, locale }: { s: TenantStatement; locale: string }) {
  const translate = useTranslate();
  const phone = useMediaQuery((t: Theme) => t.breakpoints.down('sm'));
  const closing = sign(s.closing_balance);
  const facts: Array<[string, string]> = [
    [translate('money.tenant_statement.tenant'), s.tenant.name],
    ...(s.tenant.phone ? [[translate('money.tenant_statement.phone'), s.tenant.phone]] as Array<[string, string]> : []),
    ...(s.lease
      ? ([
          [translate('money.tenant_statement.house'), [s.lease.property, s.lease.house].filter(Boolean).join(' · ')],
          [translate('money.tenant_statement.rent'), money(s.lease.rent)],
        ] as Array<[string, string]>)
      : []),
    [translate('money.period.label'), `${formatDate(s.from, locale)} – ${formatDate(s.to, locale)}`],
  ];
  const typeLabel = (t: EntryType) => translate(`money.entry.${t}`);
  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: { xs: 1, sm: 3 }, mb: 2, columnGap: 4 }}>
        {facts.map(([k, v]) => (
          <Box key={k}>
            <Typography variant="caption" color="text.secondary">
              {k}
            </Typography>
            <Typography sx={{ fontWeight: 600 }}>{v}</Typography>
          </Box>
        ))}
      </Box>
      <FigureGrid>
        <Figure label={translate('money.tenant_statement.opening')} value={s.opening_balance} testId="opening-balance" />
        <Figure label={translate('money.tenant_statement.debits')} value={s.total_debits} />
        <Figure label={translate('money.tenant_statement.credits')} value={s.total_credits} />
        <Figure
          label={translate('money.tenant_statement.closing')}
          value={s.closing_balance}
          strong
          tone="owed"
          testId="closing-balance"
          hint={
            <>
              {translate(closing > 0 ? 'money.tenant_statement.owes' : closing < 0 ? 'money.tenant_statement.in_credit' : 'money.tenant_statement.settled')}
              {sign(s.deposit_unpaid) !== 0 ? (
                <Box component="span" sx={{ display: 'block' }} data-testid="deposit-unpaid">
                  {translate('money.tenant_statement.deposit_unpaid', { amount: money(s.deposit_unpaid) })}
                </Box>
              ) : null}
            </>
          }
        />
        <Figure label={translate('money.tenant_statement.deposit_held')} value={s.deposit_held} testId="deposit-held" hint={translate('money.tenant_statement.deposit_held_hint')} />
        <Figure label={translate('money.tenant_statement.credit_on_account')} value={s.credit_on_account} testId="credit-on-account" />
      </FigureGrid>

      <Fit>
        <TableContainer component={Paper} variant="outlined" sx={{ borderRadius: 2, ...(phone ? { '& .MuiTableCell-root': { px: 1, fontSize: '0.8rem' } } : {}) }}>
          <Table size="small" aria-label={translate('money.tenant_statement.title')}>
            <TableHead>
              <TableRow>
                {phone ? null : <TableCell sx={{ whiteSpace: 'nowrap' }}>{translate('money.col.date')}</TableCell>}
                {phone ? null : <TableCell>{translate('money.col.type')}</TableCell>}
                {phone ? null : <TableCell>{translate('money.col.reference')}</TableCell>}
                <TableCell>{translate('money.col.description')}</TableCell>
                {phone ? (
                  <TableCell sx={moneyCellSx}>{translate('money.col.amount')}</TableCell>
                ) : (
                  <>
                    <TableCell sx={moneyCellSx}>{translate('money.col.debit')}</TableCell>
                    <TableCell sx={moneyCellSx}>{translate('money.col.credit')}</TableCell>
                  </>
                )}
                <TableCell sx={moneyCellSx}>{translate('money.col.balance')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              <TableRow sx={{ bgcolor: 'action.hover' }}>
                {phone ? null : <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(s.from, locale)}</TableCell>}
                <TableCell colSpan={phone ? 2 : 5} sx={{ fontWeight: 600 }}>
                  {translate('money.tenant_statement.opening')}
                  {phone ? (
                    <Typography variant="caption" color="text.secondary" sx={{ display: 'block', fontWeight: 400 }}>
                      {formatDate(s.from, locale)}
                    </Typography>
                  ) : null}
                </TableCell>
                <TableCell sx={{ ...moneyCellSx, fontWeight: 600 }}>{money(s.opening_balance)}</TableCell>
              </TableRow>
              {s.entries.map((e, i) => (
                <TableRow key={i} data-testid="statement-entry">
                  {phone ? null : <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(e.date, locale)}</TableCell>}
                  {phone ? null : (
                    <TableCell>
                      <Chip size="small" variant="outlined" color={TYPE_COLOR[e.type]} label={typeLabel(e.type)} />
                    </TableCell>
                  )}
                  {phone ? null : <TableCell sx={{ whiteSpace: 'nowrap' }}>{e.reference ?? ''}</TableCell>}
                  <TableCell>
                    {e.description}
                    {phone ? (
                      <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                        {formatDate(e.date, locale)} · {typeLabel(e.type)}
                        {e.reference ? ` · ${e.reference}` : ''}
                      </Typography>
                    ) : null}
                  </TableCell>
                  {phone ? (
                    <TableCell sx={{ ...moneyCellSx, verticalAlign: 'top', color: sign(e.credit) > 0 ? 'success.main' : undefined }}>
                      {sign(e.credit) > 0 ? `−${money(e.credit)}` : money(e.debit)}
                    </TableCell>
                  ) : (
                    <>
                      <TableCell sx={moneyCellSx}>{moneyOrBlank(e.debit)}</TableCell>
                      <TableCell sx={{ ...moneyCellSx, color: 'success.main' }}>{moneyOrBlank(e.credit)}</TableCell>
                    </>
                  )}
                  <TableCell sx={{ ...moneyCellSx, fontWeight: 600, verticalAlign: phone ? 'top' : undefined }}>{money(e.balance)}</TableCell>
                </TableRow>
              ))}
              {s.entries.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={phone ? 3 : 7} sx={{ color: 'text.secondary', textAlign: 'center', py: 3 }}>
                    {translate('money.tenant_statement.no_entries')}
                  </TableCell>
                </TableRow>
              ) : null}
            </TableBody>
            <TableFooter>
              <TableRow sx={{ '& td': { fontWeight: 700, color: 'text.primary', fontSize: '0.875rem', borderBottom: 0 } }}>
                <TableCell colSpan={phone ? 2 : 4}>{translate('money.tenant_statement.closing')}</TableCell>
                {phone ? null : (
                  <>
                    <TableCell sx={moneyCellSx}>{money(s.total_debits)}</TableCell>
                    <TableCell sx={moneyCellSx}>{money(s.total_credits)}</TableCell>
                  </>
                )}
                <TableCell sx={moneyCellSx} data-testid="closing-cell">
                  {money(s.closing_balance)}
                </TableCell>
              </TableRow>
            </TableFooter>
          </Table>
        </TableContainer>
      </Fit>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
        {translate('money.tenant_statement.identity', {
          opening: money(s.opening_balance), debits: money(s.total_debits), credits: money(s.total_credits), closing: money(s.closing_balance),
        })}
      </Typography>
      {s.deposit_settlements.map((d) => (
        <Settlement key={d.lease_id} d={d} locale={locale} />
      ))}
      {s.deposit_ledger && (sign(s.deposit_ledger.received) !== 0 || s.deposit_settlements.length) ? <DepositLedger l={s.deposit_ledger} /> : null}
    </>
  );
}

/** How a lease's deposit was settled at the move-out, part by part (SettlementParts). */
function Settlement({ d, locale }: { d: DepositSettlement; locale: string }) {
  const translate = useTranslate();
  return (
    <SettlementParts
      s={d}
      refund={d.refund}
      title={translate('money.tenant_statement.settlement_title')}
      subtitle={[translate('money.tenant_statement.settlement_moved_out', { date: formatDate(d.move_out_date, locale) }), d.house].filter(Boolean).join(' · ')}
    />
  );
}
