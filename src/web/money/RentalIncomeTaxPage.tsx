// /reports/rental-income-tax  Monthly Rental Income tax (issue 13): for a month and one owner
// (or every owner who received rent), the gross rent received, the rate in force that month, the
// tax due to the cent and the owner's KRA PIN, to file by the 20th of the next month. Filters live
// in the URL (?month&owner_id); CSV and PDF through the report's own download.
import { Box, Paper, Table, TableBody, TableCell, TableContainer, TableFooter, TableHead, TableRow, TextField, Typography } from '@mui/material';
import PercentRoundedIcon from '@mui/icons-material/PercentRounded';
import { Title, useLocaleState, useTranslate } from 'react-admin';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useReport } from './api';
import { addMonths, formatDate, formatMonth, todayInNairobi } from './dates';
import { money } from './format';
import { RecordAutocomplete } from './RecordAutocomplete';
import { EmptyState, Figure, FigureGrid, FilterPanel, Fit, LoadError, Loading, moneyCellSx, PrintStyles, ReportActions, ReportHeader } from './parts';
import type { RentalIncomeTax } from './types';

const isMonth = (s: string | null): s is string => !!s && /^\d{4}-(0[1-9]|1[0-2])$/.test(s);

export function RentalIncomeTaxPage() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  // last month by default: the one being filed now
  const fallback = addMonths(todayInNairobi(), -1).slice(0, 7);
  const month = isMonth(search.get('month')) ? search.get('month')! : fallback;
  const ownerId = search.get('owner_id');
  const query = { month, owner_id: ownerId };
  const { data, error, loading, reload } = useReport<RentalIncomeTax>('/reports/rental-income-tax', query);
  const set = (patch: Record<string, string | null>) => {
    const q = new URLSearchParams(search);
    for (const [k, v] of Object.entries(patch)) {
      if (v) q.set(k, v);
      else q.delete(k);
    }
    navigate(`/reports/rental-income-tax${q.size ? `?${q}` : ''}`);
  };

  return (
    <Box sx={{ maxWidth: 1180, mx: 'auto', width: '100%', minWidth: 0, pb: 6 }} data-print-full>
      <Title title={translate('money.tax.title')} />
      <PrintStyles />
      <ReportHeader title={translate('money.tax.title')} subtitle={translate('money.tax.subtitle')} actions={<ReportActions path="/reports/rental-income-tax" query={query} disabled={!data} />} />
      <FilterPanel>
        <RecordAutocomplete
          resource="property-owners"
          label={translate('money.tax.owner')}
          value={ownerId}
          onChange={(id) => set({ owner_id: id })}
          sx={{ width: { xs: '100%', sm: 300 } }}
        />
        <TextField
          type="month"
          size="small"
          label={translate('money.tax.month')}
          value={month}
          onChange={(e) => isMonth(e.target.value) && set({ month: e.target.value })}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'tax-month' } }}
          sx={{ width: { xs: '100%', sm: 200 } }}
        />
      </FilterPanel>
      {error ? <LoadError error={error} onRetry={reload} /> : loading || !data ? <Loading /> : <TaxView r={data} locale={locale} />}
    </Box>
  );
}

function TaxView({ r, locale }: { r: RentalIncomeTax; locale: string }) {
  const translate = useTranslate();
  const one = r.owner_id ? r.owners[0] : undefined;
  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 4, rowGap: 1, mb: 2 }}>
        {[
          ...(one ? [[translate('money.tax.owner'), one.owner], [translate('money.tax.kra_pin'), one.kra_pin ?? translate('money.tax.no_pin')]] : []),
          [translate('money.tax.month'), formatMonth(r.month, locale, 'long')],
          [translate('money.tax.rate'), r.rate === null ? translate('money.tax.no_rate') : `${translate('money.tax.rate_value', { rate: r.rate })} (${translate('money.tax.rate_from', { date: formatDate(r.rate_valid_from!, locale) })})`],
          [translate('money.tax.due_date'), formatDate(r.due_date, locale)],
        ].map(([k, v]) => (
          <Box key={k}>
            <Typography variant="caption" color="text.secondary">
              {k}
            </Typography>
            <Typography sx={{ fontWeight: 600 }} data-testid={`fact-${k}`}>
              {v}
            </Typography>
          </Box>
        ))}
      </Box>
      <FigureGrid wide={3}>
        <Figure label={translate('money.tax.gross')} value={r.totals.gross_rent} testId="tax-gross" />
        <Figure label={translate('money.tax.tax_due')} value={r.totals.tax_due} strong testId="tax-due" hint={r.rate === null ? translate('money.tax.no_rate') : translate('money.tax.rate_value', { rate: r.rate })} />
      </FigureGrid>
      {r.owners.length === 0 ? (
        <EmptyState icon={<PercentRoundedIcon />} title={translate('money.tax.empty_title')} text={translate('money.tax.empty_text')} />
      ) : (
        <Fit>
          <TableContainer component={Paper} variant="outlined" sx={{ borderRadius: 2, '& .MuiTableCell-root': { px: { xs: 1, sm: 2 }, fontSize: { xs: '0.75rem', sm: '0.875rem' } } }}>
            <Table size="small" aria-label={translate('money.tax.title')}>
              <TableHead>
                <TableRow>
                  <TableCell>{translate('money.tax.owner')}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{translate('money.tax.kra_pin')}</TableCell>
                  <TableCell sx={moneyCellSx}>{translate('money.tax.gross')}</TableCell>
                  <TableCell sx={moneyCellSx}>{translate('money.tax.tax_due')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {r.owners.flatMap((o) => [
                  <TableRow key={o.owner_id} data-testid="tax-owner-row" sx={{ '& td': { fontWeight: 700 } }}>
                    <TableCell>
                      {o.owner}
                      <Box component="span" sx={{ display: { xs: 'block', sm: 'none' }, fontWeight: 400, color: 'text.secondary' }}>
                        {o.kra_pin ?? translate('money.tax.no_pin')}
                      </Box>
                    </TableCell>
                    <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{o.kra_pin ?? translate('money.tax.no_pin')}</TableCell>
                    <TableCell sx={moneyCellSx}>{money(o.gross_rent)}</TableCell>
                    <TableCell sx={moneyCellSx}>{money(o.tax_due)}</TableCell>
                  </TableRow>,
                  ...o.properties.map((p) => (
                    <TableRow key={`${o.owner_id}-${p.property_id}`}>
                      <TableCell sx={{ pl: { xs: 2, sm: 4 }, color: 'text.secondary' }}>{p.property}</TableCell>
                      <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }} />
                      <TableCell sx={{ ...moneyCellSx, color: 'text.secondary' }}>{money(p.gross_rent)}</TableCell>
                      <TableCell />
                    </TableRow>
                  )),
                ])}
              </TableBody>
              <TableFooter>
                <TableRow sx={{ '& td': { fontWeight: 700, color: 'text.primary', fontSize: '0.875rem', borderBottom: 0 } }}>
                  <TableCell>{translate('money.totals')}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }} />
                  <TableCell sx={moneyCellSx}>{money(r.totals.gross_rent)}</TableCell>
                  <TableCell sx={moneyCellSx}>{money(r.totals.tax_due)}</TableCell>
                </TableRow>
              </TableFooter>
            </Table>
          </TableContainer>
        </Fit>
      )}
      {one && r.rate !== null ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5, fontVariantNumeric: 'tabular-nums' }} data-testid="tax-identity">
          {translate('money.tax.identity', { rate: r.rate, gross: money(one.gross_rent), tax: money(one.tax_due) })}
        </Typography>
      ) : null}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
        {translate('money.tax.basis')}
      </Typography>
    </>
  );
}
