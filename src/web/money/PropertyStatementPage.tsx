// /statements/property/:ulid?  The owner's account for one property, or (?owner_id=) for all of
// an owner's properties, over a period (product.md 4.6): per house billed and collected, other
// income, expenses, management commission and the aggregator's share, the amount due to the
// owner, and the identity opening + money in − money out = closing on screen.
import type { ReactNode } from 'react';
import {
  Box, Button, Divider, Paper, Table, TableBody, TableCell, TableContainer, TableFooter, TableHead, TableRow, ToggleButton, ToggleButtonGroup, Typography,
} from '@mui/material';
import ApartmentRoundedIcon from '@mui/icons-material/ApartmentRounded';
import OutboundRoundedIcon from '@mui/icons-material/OutboundRounded';
import { Title, useLocaleState, useTranslate } from 'react-admin';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { hasPermission } from '../routing/access';
import { useSession } from '../session/session-store';
import { useReport } from './api';
import { formatDate, periodFrom, type Period } from './dates';
import { centsOf, money, moneyOrBlank } from './format';
import { RecordAutocomplete } from './RecordAutocomplete';
import {
  EmptyState, Figure, FigureGrid, FilterPanel, Fit, LoadError, Loading, moneyCellSx, PeriodFields, PrintStyles, ReportActions, ReportHeader,
} from './parts';
import type { PropertySection, PropertyStatement } from './types';
import { centsToDecimal } from '../../shared/resource-values';

type Mode = 'property' | 'owner';

export function propertyStatementPath(target: { property_id?: string | null; owner_id?: string | null; by?: Mode }, period: Period) {
  const q = new URLSearchParams();
  if (target.owner_id) q.set('owner_id', target.owner_id);
  else if (!target.property_id && target.by === 'owner') q.set('by', 'owner');
  q.set('from', period.from);
  q.set('to', period.to);
  return `/statements/property${target.property_id && !target.owner_id ? `/${encodeURIComponent(target.property_id)}` : ''}?${q}`;
}

const humanize = (k: string) => (k.charAt(0).toUpperCase() + k.slice(1)).replace(/_/g, ' ');

/** collected ÷ billed as a percentage with one decimal, from cents. */
export function rateOf(part: string, whole: string): string {
  const a = centsOf(part);
  const b = centsOf(whole);
  if (b <= 0n) return '—';
  const t = (a * 1000n + b / 2n) / b;
  return `${t / 10n}.${t % 10n}%`;
}

export function PropertyStatementPage() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { ulid } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const period = periodFrom(search);
  const ownerId = search.get('owner_id');
  const mode: Mode = ownerId || (!ulid && search.get('by') === 'owner') ? 'owner' : 'property';
  const path = ownerId ? `/statements/owner/${encodeURIComponent(ownerId)}` : ulid ? `/statements/property/${encodeURIComponent(ulid)}` : null;
  const query = { from: period.from, to: period.to };
  const { data, error, loading, reload } = useReport<PropertyStatement>(path, query);
  const { permissions } = useSession();

  return (
    <Box sx={{ maxWidth: 1180, mx: 'auto', width: '100%', minWidth: 0, pb: 6 }} data-print-full>
      <Title title={translate('money.property_statement.title')} />
      <PrintStyles />
      <ReportHeader
        title={translate(mode === 'owner' ? 'money.property_statement.owner_title' : 'money.property_statement.title')}
        subtitle={translate('money.property_statement.subtitle')}
        actions={
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            {ownerId && hasPermission(permissions, 'create.remittance') ? (
              <Button variant="contained" size="small" component={Link} to={`/property-owner/${encodeURIComponent(ownerId)}/remittance-form`} startIcon={<OutboundRoundedIcon />} data-no-print>
                {translate('money.property_statement.record_payout')}
              </Button>
            ) : null}
            <ReportActions path={path} query={query} disabled={!data} />
          </Box>
        }
      />
      <FilterPanel>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={mode}
          onChange={(_, m: Mode | null) => m && m !== mode && navigate(propertyStatementPath({ by: m }, period))}
          aria-label={translate('money.property_statement.by')}
        >
          <ToggleButton value="property">{translate('money.property_statement.by_property')}</ToggleButton>
          <ToggleButton value="owner">{translate('money.property_statement.by_owner')}</ToggleButton>
        </ToggleButtonGroup>
        {mode === 'owner' ? (
          <RecordAutocomplete
            key="owner"
            resource="property-owners"
            label={translate('money.property_statement.owner')}
            value={ownerId}
            onChange={(id) => navigate(propertyStatementPath({ owner_id: id, by: 'owner' }, period))}
            sx={{ width: { xs: '100%', sm: 300 } }}
          />
        ) : (
          <RecordAutocomplete
            key="property"
            resource="properties"
            label={translate('money.property_statement.property')}
            value={ulid ?? null}
            onChange={(id) => navigate(propertyStatementPath({ property_id: id }, period))}
            optionDetail={(r) => (r.code ? String(r.code) : null)}
            sx={{ width: { xs: '100%', sm: 300 } }}
          />
        )}
        <PeriodFields value={period} onChange={(p) => navigate(propertyStatementPath({ property_id: ulid, owner_id: ownerId, by: mode }, p))} />
      </FilterPanel>
      {!path ? (
        <EmptyState
          icon={<ApartmentRoundedIcon />}
          title={translate(mode === 'owner' ? 'money.property_statement.pick_owner' : 'money.property_statement.pick_property')}
          text={translate('money.property_statement.pick_text')}
        />
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

function Line({ label, value, op, strong, testId }: { label: ReactNode; value: string; op?: '+' | '−' | '='; strong?: boolean; testId?: string }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, py: 0.6, ...(strong ? { fontWeight: 800, fontSize: '1.05rem' } : {}) }} data-testid={testId}>
      <Box component="span" sx={{ width: 16, color: 'text.secondary', fontWeight: 700, textAlign: 'center' }}>
        {op ?? ''}
      </Box>
      <Box component="span" sx={{ flex: 1 }}>
        {label}
      </Box>
      <Box component="span" sx={{ ...moneyCellSx, fontWeight: strong || op === '=' ? 700 : 500 }}>
        {money(value)}
      </Box>
    </Box>
  );
}

function StatementView({ s, locale }: { s: PropertyStatement; locale: string }) {
  const translate = useTranslate();
  const t = s.totals;
  const arrears = t.arrears;
  const single = s.properties.length === 1 ? s.properties[0] : null;
  const facts: Array<[string, string]> = [
    ...(s.owner ? ([[translate('money.property_statement.owner'), s.owner.name]] as Array<[string, string]>) : []),
    ...(single
      ? ([
          [translate('money.property_statement.property'), [single.property.name, single.property.code && `(${single.property.code})`].filter(Boolean).join(' ')],
          [translate('money.property_statement.owner'), single.property.owner],
        ] as Array<[string, string]>)
      : []),
    [translate('money.period.label'), `${formatDate(s.from, locale)} – ${formatDate(s.to, locale)}`] as [string, string],
  ].filter((f, i, all) => all.findIndex((g) => g[0] === f[0]) === i);
  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: { xs: 1, sm: 3 }, columnGap: 4, mb: 2 }}>
        {facts.map(([k, v]) => (
          <Box key={k}>
            <Typography variant="caption" color="text.secondary">
              {k}
            </Typography>
            <Typography sx={{ fontWeight: 600 }}>{v}</Typography>
          </Box>
        ))}
      </Box>
      <FigureGrid wide={5}>
        <Figure label={translate('money.property_statement.billed')} value={t.billed} />
        <Figure
          label={translate('money.property_statement.collected')}
          value={t.collected}
          hint={
            <>
              {translate('money.property_statement.collection_rate', { rate: rateOf(t.collected, t.billed) })}
              <Box component="span" sx={{ display: 'block' }}>
                {translate('money.property_statement.collected_hint')}
              </Box>
            </>
          }
        />
        <Figure label={translate('money.property_statement.arrears')} value={arrears} />
        <Figure label={translate('money.property_statement.commission')} value={t.commission} />
        <Figure label={translate('money.property_statement.due_to_owner')} value={s.amount_due_to_owner} strong span testId="due-to-owner" />
      </FigureGrid>

      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', md: '5fr 4fr' }, alignItems: 'start' }}>
        <Box sx={{ display: 'grid', gap: 2.5, minWidth: 0 }}>
          {s.properties.map((p) => (
            <PropertyBlock key={p.property.id} p={p} showName={!single} />
          ))}
          {s.properties.length === 0 ? <EmptyState title={translate('money.property_statement.no_properties')} /> : null}
        </Box>
        <Paper variant="outlined" sx={{ p: 2, borderRadius: 2, breakInside: 'avoid' }} data-testid="owner-account">
          <Typography variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
            {translate('money.property_statement.account')}
          </Typography>
          <Line label={translate('money.property_statement.opening')} value={t.opening_balance} testId="line-opening" />
          <Line op="+" label={translate('money.property_statement.collected')} value={t.collected} />
          <Line op="+" label={translate('money.property_statement.other_income')} value={t.other_income} />
          <Line op="=" label={translate('money.property_statement.money_in')} value={t.money_in} testId="line-in" />
          <Divider sx={{ my: 0.5 }} />
          <Line op="−" label={translate('money.property_statement.expenses')} value={t.expenses} />
          <Line op="−" label={translate('money.property_statement.commission')} value={t.commission} />
          {s.vat_rate !== null ? (
            <Line op="−" label={translate('money.property_statement.commission_vat', { rate: s.vat_rate })} value={t.commission_vat} testId="line-vat" />
          ) : null}
          <Line op="−" label={translate('money.property_statement.paid_out')} value={t.paid_out} testId="line-paid-out" />
          <Line op="=" label={translate('money.property_statement.money_out')} value={t.money_out} testId="line-out" />
          <Divider sx={{ my: 0.5, borderBottomWidth: 2 }} />
          <Line strong label={translate('money.property_statement.closing')} value={t.closing_balance} testId="line-closing" />
          {centsOf(t.closing_balance) < 0n ? (
            <Typography variant="body2" color="warning.dark" sx={{ mt: 0.5 }} data-testid="owes-agency">
              {translate('money.property_statement.owes_agency', { amount: money(centsToDecimal(-centsOf(t.closing_balance))) })}
            </Typography>
          ) : null}
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1, fontVariantNumeric: 'tabular-nums' }} data-testid="identity">
            {translate('money.property_statement.identity', {
              opening: money(t.opening_balance), in: money(t.money_in), out: money(t.money_out), closing: money(t.closing_balance),
            })}
          </Typography>
          {s.remittances.length ? <Payouts s={s} locale={locale} /> : null}
          <Divider sx={{ my: 1.5 }} />
          <Typography variant="body2" sx={{ mb: 0.5 }}>
            {translate('money.property_statement.aggregator_share', { share: money(t.aggregator_share), agency: money(t.agency_share) })}
          </Typography>
          {centsOf(t.unpaid_bills) !== 0n ? (
            <Typography variant="body2" color="warning.dark" sx={{ mb: 0.5 }}>
              {translate('money.property_statement.unpaid_bills', { amount: money(t.unpaid_bills) })}
            </Typography>
          ) : null}
          {centsOf(t.expenses_not_owner) !== 0n ? (
            <Typography variant="body2" color="text.secondary">
              {translate('money.property_statement.expenses_not_owner', { amount: money(t.expenses_not_owner) })}
            </Typography>
          ) : null}
          {centsOf(t.agency_charges) !== 0n ? (
            <Typography variant="body2" color="text.secondary" data-testid="agency-charges">
              {translate('money.property_statement.agency_charges', { amount: money(t.agency_charges) })}
            </Typography>
          ) : null}
          {[t.deposits_opening, t.deposits_received, t.deposits_applied, t.deposits_closing].some((v) => centsOf(v) !== 0n) ? (
            <Box data-testid="deposits" sx={{ mt: 2 }}>
              <Divider sx={{ mb: 1.5 }} />
              <Typography variant="subtitle2" sx={{ fontWeight: 700 }}>
                {translate('money.property_statement.deposits')}
              </Typography>
              <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mb: 0.5 }}>
                {translate('money.property_statement.deposits_note')}
              </Typography>
              <Line label={translate('money.property_statement.deposits_opening')} value={t.deposits_opening} />
              <Line op="+" label={translate('money.property_statement.deposits_received')} value={t.deposits_received} />
              <Line op="−" label={translate('money.property_statement.deposits_applied')} value={t.deposits_applied} />
              <Line op="=" label={translate('money.property_statement.deposits_closing')} value={t.deposits_closing} />
            </Box>
          ) : null}
        </Paper>
      </Box>
    </>
  );
}

/** The payouts counted in the period: each approved remittance on its date, a void as a negative line on its day. */
function Payouts({ s, locale }: { s: PropertyStatement; locale: string }) {
  const translate = useTranslate();
  const names = new Map(s.properties.map((p) => [p.property.id, p.property.name]));
  return (
    <Box data-testid="payouts" sx={{ mt: 2 }}>
      <Divider sx={{ mb: 1.5 }} />
      <Typography variant="subtitle2" sx={{ fontWeight: 700, mb: 0.5 }}>
        {translate('money.property_statement.payouts')}
      </Typography>
      {s.remittances.map((r) => (
        <Box key={`${r.id}-${r.voided}`} sx={{ display: 'flex', gap: 1, py: 0.4, alignItems: 'baseline' }} data-testid="payout-row">
          <Typography variant="body2" sx={{ width: 92, flexShrink: 0, color: 'text.secondary' }}>
            {formatDate(r.date, locale)}
          </Typography>
          <Typography variant="body2" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
            {[translate(`resources.remittances.choices.method.${r.method}`, { _: translate(`choices.any.${r.method}`, { _: humanize(r.method) }) }), r.reference, r.property_id ? names.get(r.property_id) : translate('money.property_statement.payout_whole_account')].filter(Boolean).join(' · ')}
            {r.voided ? ` (${translate('money.property_statement.payout_void')})` : ''}
          </Typography>
          <Typography variant="body2" sx={moneyCellSx}>
            {money(r.amount)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function PropertyBlock({ p, showName }: { p: PropertySection; showName: boolean }) {
  const translate = useTranslate();
  const arrears = p.arrears;
  const categories = (title: string, m: Record<string, string>) =>
    Object.keys(m).length ? (
      <Box sx={{ minWidth: 200, flex: 1 }}>
        <Typography variant="caption" color="text.secondary" sx={{ fontWeight: 700, textTransform: 'uppercase' }}>
          {title}
        </Typography>
        {Object.entries(m).map(([k, v]) => (
          <Box key={k} sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
            <Typography variant="body2">{translate(`money.category.${k}`, { _: humanize(k) })}</Typography>
            <Typography variant="body2" sx={moneyCellSx}>
              {money(v)}
            </Typography>
          </Box>
        ))}
      </Box>
    ) : null;
  return (
    <Box sx={{ minWidth: 0 }}>
      {showName ? (
        <Typography variant="subtitle1" sx={{ fontWeight: 700 }}>
          {p.property.name}
          {p.property.code ? ` (${p.property.code})` : ''}
        </Typography>
      ) : null}
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('money.property_statement.rates', { rate: p.commission_rate })}
        {p.property.aggregator ? ` · ${translate('money.property_statement.aggregator', { name: p.property.aggregator, rate: p.aggregator_share_rate })}` : ''}
      </Typography>
      <Fit>
        <TableContainer component={Paper} variant="outlined" sx={{ borderRadius: 2, '& .MuiTableCell-root': { px: { xs: 1, sm: 2 }, fontSize: { xs: '0.75rem', sm: '0.875rem' } } }}>
          <Table size="small" aria-label={p.property.name}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('money.col.house')}</TableCell>
                <TableCell sx={moneyCellSx}>{translate('money.property_statement.billed')}</TableCell>
                <TableCell sx={moneyCellSx}>{translate('money.property_statement.collected')}</TableCell>
                <TableCell sx={moneyCellSx}>{translate('money.property_statement.arrears')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {p.houses.map((h) => (
                <TableRow key={h.house_id} data-testid="house-row">
                  <TableCell>{h.house}</TableCell>
                  <TableCell sx={moneyCellSx}>{moneyOrBlank(h.billed)}</TableCell>
                  <TableCell sx={moneyCellSx}>{moneyOrBlank(h.collected)}</TableCell>
                  <TableCell sx={{ ...moneyCellSx, color: centsOf(h.arrears) > 0n ? 'warning.dark' : undefined }}>{moneyOrBlank(h.arrears)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
            <TableFooter>
              <TableRow sx={{ '& td': { fontWeight: 700, color: 'text.primary', fontSize: '0.875rem', borderBottom: 0 } }}>
                <TableCell>{translate('money.totals')}</TableCell>
                <TableCell sx={moneyCellSx}>{money(p.billed)}</TableCell>
                <TableCell sx={moneyCellSx}>{money(p.collected)}</TableCell>
                <TableCell sx={moneyCellSx}>{money(arrears)}</TableCell>
              </TableRow>
            </TableFooter>
          </Table>
        </TableContainer>
      </Fit>
      {Object.keys(p.other_income_by_category).length || Object.keys(p.expenses_by_category).length ? (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, mt: 1.5 }}>
          {categories(translate('money.property_statement.other_income'), p.other_income_by_category)}
          {categories(translate('money.property_statement.expenses'), p.expenses_by_category)}
        </Box>
      ) : null}
    </Box>
  );
}
