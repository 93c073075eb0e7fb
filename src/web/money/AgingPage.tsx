// /statements/aging-balances  Open invoice balances per tenant as of a date, in buckets of days
// past due (product.md 4.7), filterable by property and owner; unpaid deposits and credits apart
// (a tenant's balance is their statement's closing balance on the date); every tenant links to
// their statement. Filters live in the URL (?as_of&property_id&owner_id).
import { useMemo, useState } from 'react';
import {
  Box, Link as MuiLink, Paper, Table, TableBody, TableCell, TableContainer, TableFooter, TableHead, TableRow, TableSortLabel, TextField, Typography,
} from '@mui/material';
import AccessTimeRoundedIcon from '@mui/icons-material/AccessTimeRounded';
import { Title, useLocaleState, useTranslate } from 'react-admin';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useReport } from './api';
import { formatDate, isDate, todayInNairobi } from './dates';
import { centsOf, money, moneyOrBlank } from './format';
import { RecordAutocomplete } from './RecordAutocomplete';
import { EmptyState, Figure, FigureGrid, FilterPanel, Fit, LoadError, Loading, moneyCellSx, PrintStyles, ReportActions, ReportHeader } from './parts';
import { tenantStatementPath } from './TenantStatementPage';
import { BUCKETS, type AgingReport, type AgingRow } from './types';

type SortKey = 'tenant' | 'open' | 'credit' | 'balance' | 'd90_plus';

/** The tenant's statement up to the report's date (this year's, or as_of's year's). */
export function statementLink(tenantId: string, asOf: string, today: string = todayInNairobi()) {
  return asOf === today ? tenantStatementPath(tenantId) : tenantStatementPath(tenantId, null, { from: `${asOf.slice(0, 4)}-01-01`, to: asOf });
}

export function AgingPage() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const today = todayInNairobi();
  const asOfParam = search.get('as_of');
  const asOf = isDate(asOfParam) ? asOfParam : today;
  const propertyId = search.get('property_id');
  const ownerId = search.get('owner_id');
  const query = { as_of: asOf === today ? null : asOf, property_id: propertyId, owner_id: ownerId };
  const { data, error, loading, reload } = useReport<AgingReport>('/reports/aging-balances', query);
  const [sort, setSort] = useState<{ key: SortKey; dir: 1 | -1 }>({ key: 'tenant', dir: 1 });

  const set = (patch: Record<string, string | null>) => {
    const q = new URLSearchParams(search);
    for (const [k, v] of Object.entries(patch)) {
      if (v) q.set(k, v);
      else q.delete(k);
    }
    navigate(`/statements/aging-balances${q.size ? `?${q}` : ''}`);
  };

  const rows = useMemo(() => {
    const list = [...(data?.rows ?? [])];
    const { key, dir } = sort;
    list.sort((a: AgingRow, b: AgingRow) => {
      if (key === 'tenant') return dir * a.tenant.localeCompare(b.tenant);
      const d = centsOf(a[key]) - centsOf(b[key]);
      return d === 0n ? a.tenant.localeCompare(b.tenant) : dir * (d > 0n ? 1 : -1);
    });
    return list;
  }, [data, sort]);

  const sortBy = (key: SortKey) => setSort((s) => (s.key === key ? { key, dir: (-s.dir) as 1 | -1 } : { key, dir: key === 'tenant' ? 1 : -1 }));
  const head = (key: SortKey | null, label: string, sx: object = moneyCellSx) => (
    <TableCell key={label} sx={{ ...sx, whiteSpace: 'nowrap' }} sortDirection={key && sort.key === key ? (sort.dir === 1 ? 'asc' : 'desc') : false}>
      {key ? (
        <TableSortLabel active={sort.key === key} direction={sort.key === key && sort.dir === -1 ? 'desc' : 'asc'} onClick={() => sortBy(key)}>
          {label}
        </TableSortLabel>
      ) : (
        label
      )}
    </TableCell>
  );
  const apart = { borderLeft: 1, borderLeftColor: 'divider' } as const;
  // deposits billed and not yet paid are owed but not aged: a column apart when there are any
  const hasDeposit = !!data && centsOf(data.totals.deposit) !== 0n;
  const sticky = { position: 'sticky', left: 0, bgcolor: 'background.paper', zIndex: 1 } as const;

  return (
    <Box sx={{ maxWidth: 1280, mx: 'auto', width: '100%', minWidth: 0, pb: 6 }} data-print-full>
      <Title title={translate('money.aging.title')} />
      <PrintStyles />
      <ReportHeader
        title={translate('money.aging.title')}
        subtitle={translate('money.aging.subtitle', { date: formatDate(asOf, locale) })}
        actions={<ReportActions path="/reports/aging-balances" query={query} disabled={!data} />}
      />
      <FilterPanel>
        <TextField
          type="date"
          size="small"
          label={translate('money.aging.as_of')}
          value={asOf}
          onChange={(e) => isDate(e.target.value) && set({ as_of: e.target.value === today ? null : e.target.value })}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'as-of' } }}
          sx={{ width: 170 }}
        />
        <RecordAutocomplete
          resource="properties"
          label={translate('money.aging.property')}
          value={propertyId}
          onChange={(id) => set({ property_id: id })}
          sx={{ width: { xs: '100%', sm: 260 } }}
        />
        <RecordAutocomplete
          resource="property-owners"
          label={translate('money.aging.owner')}
          value={ownerId}
          onChange={(id) => set({ owner_id: id })}
          sx={{ width: { xs: '100%', sm: 260 } }}
        />
      </FilterPanel>

      {error ? (
        <LoadError error={error} onRetry={reload} />
      ) : loading || !data ? (
        <Loading />
      ) : (
        <>
          <FigureGrid wide={hasDeposit ? 4 : 3}>
            <Figure label={translate('money.aging.open')} value={data.totals.open} />
            {hasDeposit ? <Figure label={translate('money.aging.deposit')} value={data.totals.deposit} testId="aging-deposit" /> : null}
            <Figure label={translate('money.aging.credit')} value={data.totals.credit} />
            <Figure label={translate('money.aging.grand_total')} value={data.totals.balance} strong span tone="owed" testId="aging-grand-total" />
          </FigureGrid>
          {data.rows.length === 0 ? (
            <EmptyState icon={<AccessTimeRoundedIcon />} title={translate('money.aging.empty_title')} text={translate('money.aging.empty_text')} />
          ) : (
            <Fit>
              <TableContainer
                component={Paper}
                variant="outlined"
                // one column more with deposits due: a little tighter, so a laptop still shows the balance
                sx={{ borderRadius: 2, '& .MuiTableCell-root': hasDeposit ? { px: 0.5, fontSize: '0.74rem' } : { px: 0.75, fontSize: '0.78rem' }, '& .MuiTableCell-root:first-of-type': { pl: hasDeposit ? 1.5 : 2 }, '& .MuiTableCell-root:last-of-type': { pr: hasDeposit ? 1.5 : 2 } }}
              >
                <Table size="small" aria-label={translate('money.aging.title')}>
                  <TableHead>
                    <TableRow>
                      {head('tenant', translate('money.col.tenant'), { ...sticky, minWidth: hasDeposit ? 120 : 150 })}
                      {BUCKETS.map((b) => (b === 'd90_plus' ? head('d90_plus', translate(`money.bucket.${b}`)) : head(null, translate(`money.bucket.${b}`))))}
                      {head('open', translate('money.aging.open_short'))}
                      {hasDeposit ? head(null, translate('money.aging.deposit_short'), { ...moneyCellSx, ...apart }) : null}
                      {head('credit', translate('money.aging.credit_short'), { ...moneyCellSx, ...apart })}
                      {head('balance', translate('money.col.balance'), { ...moneyCellSx, ...apart })}
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {rows.map((r) => (
                      <TableRow key={r.tenant_id} hover data-testid="aging-row">
                        <TableCell sx={sticky}>
                          <MuiLink component={Link} to={statementLink(r.tenant_id, data.as_of, today)} underline="hover" sx={{ fontWeight: 600 }}>
                            {r.tenant}
                          </MuiLink>
                          {r.phone ? (
                            <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                              {r.phone}
                            </Typography>
                          ) : null}
                        </TableCell>
                        {BUCKETS.map((b) => (
                          <TableCell key={b} sx={{ ...moneyCellSx, color: b !== 'current' && centsOf(r[b]) > 0n ? (b === 'd1_30' ? 'text.primary' : 'warning.dark') : undefined }}>
                            {moneyOrBlank(r[b])}
                          </TableCell>
                        ))}
                        <TableCell sx={moneyCellSx}>{moneyOrBlank(r.open)}</TableCell>
                        {hasDeposit ? <TableCell sx={{ ...moneyCellSx, ...apart }}>{moneyOrBlank(r.deposit)}</TableCell> : null}
                        <TableCell sx={{ ...moneyCellSx, ...apart, color: 'success.main' }}>{moneyOrBlank(r.credit)}</TableCell>
                        <TableCell sx={{ ...moneyCellSx, ...apart, fontWeight: 700 }}>{money(r.balance)}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                  <TableFooter>
                    <TableRow data-testid="aging-totals" sx={{ '& td': { fontWeight: 700, color: 'text.primary', fontSize: '0.875rem', borderBottom: 0 } }}>
                      <TableCell sx={sticky}>{translate('money.totals')}</TableCell>
                      {BUCKETS.map((b) => (
                        <TableCell key={b} sx={moneyCellSx}>
                          {money(data.totals[b])}
                        </TableCell>
                      ))}
                      <TableCell sx={moneyCellSx}>{money(data.totals.open)}</TableCell>
                      {hasDeposit ? <TableCell sx={{ ...moneyCellSx, ...apart }}>{money(data.totals.deposit)}</TableCell> : null}
                      <TableCell sx={{ ...moneyCellSx, ...apart }}>{money(data.totals.credit)}</TableCell>
                      <TableCell sx={{ ...moneyCellSx, ...apart }}>{money(data.totals.balance)}</TableCell>
                    </TableRow>
                  </TableFooter>
                </Table>
              </TableContainer>
            </Fit>
          )}
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
            {translate('money.aging.note')}
          </Typography>
        </>
      )}
    </Box>
  );
}
