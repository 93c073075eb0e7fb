// A property's rent roll on its page: occupancy and money at a glance, then every house with its
// tenant, lease dates, rent, deposit held, balance and arrears (the money only for those who may
// see statements); CSV and PDF for those who may export them; "Add in bulk" when it has no houses.
import { useEffect, useState, type ReactNode } from 'react';
import {
  Alert, Box, Button, Card, CardHeader, Chip, CircularProgress, LinearProgress, Link as MuiLink, Stack, Table, TableBody, TableCell,
  TableFooter, TableHead, TableRow, Typography, useMediaQuery, type Theme,
} from '@mui/material';
import DownloadRoundedIcon from '@mui/icons-material/DownloadRounded';
import PictureAsPdfRoundedIcon from '@mui/icons-material/PictureAsPdfRounded';
import TableChartRoundedIcon from '@mui/icons-material/TableChartRounded';
import { useLocaleState, useTranslate, type RaRecord } from 'react-admin';
import { Link } from 'react-router-dom';
import { formatCurrency } from '../../../shared/format';
import { useToast } from '../../components/toast/ToastProvider';
import { saveDownload } from '../../generic/download';
import { houses } from '../../../../resources/index';
import { chipColor } from '../../generic/display';
import { useLabels } from '../../generic/labels';
import { useReport } from '../../money/api';
import { formatDate } from '../../money/dates';
import { hasPermission } from '../../routing/access';
import { useSession } from '../../session/session-store';
import { BulkHousesButton } from './BulkHousesDialog';
import { useHousesVersion, type RentRoll, type RentRollRow } from './api';

const num = { textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
const owedSx = (v: string | null) => (v && !v.startsWith('-') && v !== '0.00' ? { color: 'warning.dark', fontWeight: 650 } : {});

/** A figure: a caption and a value, like the statements' figures but for counts too. */
function Stat({ label, value, hint, testId, tone }: { label: string; value: ReactNode; hint?: ReactNode; testId?: string; tone?: 'owed' }) {
  return (
    <Box data-testid={testId} sx={{ border: 1, borderColor: 'divider', borderRadius: 2, px: 1.75, py: 1.25, minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" sx={{ fontWeight: 600, textTransform: 'uppercase', letterSpacing: '0.04em', display: 'block' }}>
        {label}
      </Typography>
      <Typography sx={{ fontWeight: 700, fontSize: { xs: '0.95rem', sm: '1.1rem' }, fontVariantNumeric: 'tabular-nums', ...(tone === 'owed' ? { color: 'warning.dark' } : {}) }}>
        {value}
      </Typography>
      {hint ? <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>{hint}</Typography> : null}
    </Box>
  );
}

function Downloads({ propertyId }: { propertyId: string }) {
  const translate = useTranslate();
  const toast = useToast();
  const [busy, setBusy] = useState<'csv' | 'pdf' | null>(null);
  const get = async (format: 'csv' | 'pdf') => {
    setBusy(format);
    try {
      await saveDownload(`/properties/${encodeURIComponent(propertyId)}/rent-roll`, { format }, format === 'pdf' ? 'application/pdf' : 'text/csv', `rent-roll.${format}`);
    } catch (e) {
      toast.add({ severity: 'error', summary: translate('portfolio.rent_roll.download_failed'), detail: e instanceof Error ? e.message : String(e), life: 6000 });
    } finally {
      setBusy(null);
    }
  };
  return (
    <>
      <Button size="small" disabled={busy !== null} startIcon={busy === 'csv' ? <CircularProgress size={14} /> : <DownloadRoundedIcon />} onClick={() => void get('csv')}>
        {translate('portfolio.rent_roll.csv')}
      </Button>
      <Button size="small" disabled={busy !== null} startIcon={busy === 'pdf' ? <CircularProgress size={14} /> : <PictureAsPdfRoundedIcon />} onClick={() => void get('pdf')}>
        {translate('portfolio.rent_roll.pdf')}
      </Button>
    </>
  );
}

function StatusChip({ row }: { row: RentRollRow }) {
  const translate = useTranslate();
  const labels = useLabels(houses);
  const notice = row.lease_status === 'notice';
  const status = notice ? 'notice' : row.status;
  const label = notice ? translate('portfolio.rent_roll.notice') : labels.choice('status', row.status);
  return <Chip size="small" color={chipColor(status)} variant={chipColor(status) === 'default' ? 'outlined' : 'filled'} label={label} sx={{ height: 22, fontSize: 12, fontWeight: 600 }} />;
}

function LeaseDates({ row }: { row: RentRollRow }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (!row.start_date) return null;
  return <>{formatDate(row.start_date, locale)} – {row.end_date ? formatDate(row.end_date, locale) : translate('portfolio.rent_roll.periodic')}</>;
}

function TenantCell({ row }: { row: RentRollRow }) {
  const translate = useTranslate();
  if (!row.tenant_id) return <Typography variant="body2" color="text.secondary">{translate('portfolio.rent_roll.vacant_row')}</Typography>;
  return (
    <MuiLink component={Link} to={`/tenant-form/${encodeURIComponent(row.tenant_id)}`} underline="hover" sx={{ fontWeight: 600 }}>
      {row.tenant}
    </MuiLink>
  );
}

function BalanceCell({ row }: { row: RentRollRow }) {
  if (row.balance === null) return null;
  const text = formatCurrency(row.balance);
  return row.tenant_id ? (
    <MuiLink component={Link} to={`/statements/user/${encodeURIComponent(row.tenant_id)}${row.lease_id ? `/${encodeURIComponent(row.lease_id)}` : ''}`} underline="hover" sx={{ color: 'inherit' }}>
      {text}
    </MuiLink>
  ) : <>{text}</>;
}

function RollTable({ roll }: { roll: RentRoll }) {
  const translate = useTranslate();
  const t = roll.totals;
  const head = { fontWeight: 650, bgcolor: 'background.paper', lineHeight: 1.25 } as const;
  return (
    // focusable, so a keyboard can scroll the roll where its rows hold no link
    <Box tabIndex={0} role="region" aria-label={translate('portfolio.rent_roll.title')} sx={{ overflowX: 'auto', maxHeight: '75vh', overflowY: 'auto', borderTop: 1, borderColor: 'divider' }}>
      <Table size="small" stickyHeader aria-label={translate('portfolio.rent_roll.title')}>
        <TableHead>
          <TableRow>
            <TableCell sx={head}>{translate('portfolio.rent_roll.house')}</TableCell>
            <TableCell sx={head}>{translate('portfolio.rent_roll.tenant')}</TableCell>
            <TableCell sx={head}>{translate('portfolio.rent_roll.lease')}</TableCell>
            <TableCell sx={{ ...head, textAlign: 'right' }}>{translate('portfolio.rent_roll.rent')}</TableCell>
            {roll.money ? (
              <>
                <TableCell sx={{ ...head, textAlign: 'right' }}>{translate('portfolio.rent_roll.deposit_held')}</TableCell>
                <TableCell sx={{ ...head, textAlign: 'right' }}>{translate('portfolio.rent_roll.balance')}</TableCell>
                <TableCell sx={{ ...head, textAlign: 'right' }}>{translate('portfolio.rent_roll.arrears')}</TableCell>
              </>
            ) : null}
          </TableRow>
        </TableHead>
        <TableBody>
          {roll.rows.map((r) => (
            <TableRow key={r.house_id} hover data-testid="rent-roll-row">
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <MuiLink component={Link} to={`/house-form/${encodeURIComponent(r.house_id)}`} underline="hover" sx={{ fontWeight: 650 }}>{r.number}</MuiLink>
                  <StatusChip row={r} />
                </Stack>
                <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>{[r.account_code, r.house_type].filter(Boolean).join(' · ')}</Typography>
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}><TenantCell row={r} /></TableCell>
              <TableCell sx={{ minWidth: 150 }}><LeaseDates row={r} /></TableCell>
              <TableCell sx={{ ...num, ...(r.let ? {} : { color: 'text.secondary' }) }}>
                {formatCurrency(r.rent)}
                {r.let ? null : <Typography variant="caption" sx={{ display: 'block' }}>{translate('portfolio.rent_roll.asking')}</Typography>}
              </TableCell>
              {roll.money ? (
                <>
                  <TableCell sx={num}>{r.deposit_held === null ? '' : formatCurrency(r.deposit_held)}</TableCell>
                  <TableCell sx={{ ...num, ...owedSx(r.balance) }}><BalanceCell row={r} /></TableCell>
                  <TableCell sx={{ ...num, ...owedSx(r.arrears) }}>{r.arrears === null ? '' : formatCurrency(r.arrears)}</TableCell>
                </>
              ) : null}
            </TableRow>
          ))}
        </TableBody>
        <TableFooter sx={{ '& td': { fontWeight: 700, color: 'text.primary', fontSize: '0.875rem', position: 'sticky', bottom: 0, bgcolor: 'background.paper' } }}>
          <TableRow>
            <TableCell colSpan={3}>{translate('portfolio.rent_roll.totals', { occupied: t.occupied, houses: t.houses })}</TableCell>
            <TableCell sx={num}>{formatCurrency(t.rent_roll)}</TableCell>
            {roll.money ? (
              <>
                <TableCell sx={num}>{formatCurrency(t.deposit_held)}</TableCell>
                <TableCell sx={num}>{formatCurrency(t.balance)}</TableCell>
                <TableCell sx={num}>{formatCurrency(t.arrears)}</TableCell>
              </>
            ) : null}
          </TableRow>
        </TableFooter>
      </Table>
    </Box>
  );
}

/** Phones: one line per house — number and tenant, rent and balance on the right. */
function RollList({ roll }: { roll: RentRoll }) {
  const translate = useTranslate();
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, borderTop: 1, borderColor: 'divider' }}>
      {roll.rows.map((r) => (
        <Box component="li" key={r.house_id} data-testid="rent-roll-row" sx={{ px: 2, py: 1, borderBottom: 1, borderColor: 'divider', display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <MuiLink component={Link} to={`/house-form/${encodeURIComponent(r.house_id)}`} underline="hover" sx={{ fontWeight: 700 }}>{r.number}</MuiLink>
              <StatusChip row={r} />
            </Stack>
            <Box sx={{ mt: 0.25 }}><TenantCell row={r} /></Box>
            <Typography variant="caption" color="text.secondary"><LeaseDates row={r} /></Typography>
          </Box>
          <Box sx={{ textAlign: 'right', flexShrink: 0 }}>
            <Typography variant="body2" sx={{ ...num, ...(r.let ? { fontWeight: 600 } : { color: 'text.secondary' }) }}>{formatCurrency(r.rent)}</Typography>
            {r.balance !== null && r.let ? (
              <Typography variant="caption" sx={{ ...num, display: 'block', ...owedSx(r.balance) }}>
                {translate('portfolio.rent_roll.balance')}: <BalanceCell row={r} />
              </Typography>
            ) : null}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

export function RentRollPanel({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { permissions } = useSession();
  const small = useMediaQuery((t: Theme) => t.breakpoints.down('md'));
  const id = String(record.id);
  const { data: roll, error, loading, reload } = useReport<RentRoll>(`/properties/${encodeURIComponent(id)}/rent-roll`);
  const version = useHousesVersion(id);
  useEffect(() => {
    if (version) reload();
  }, [version, reload]);
  const canExport = hasPermission(permissions, 'export.statement');
  const t = roll?.totals;
  const empty = roll && roll.rows.length === 0;

  return (
    <Card component="section" aria-label={translate('portfolio.rent_roll.title')} sx={{ mt: 2 }}>
      <CardHeader
        avatar={<TableChartRoundedIcon fontSize="small" color="primary" />}
        title={<Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>{translate('portfolio.rent_roll.title')}</Typography>}
        subheader={roll ? translate('portfolio.rent_roll.subtitle', { date: formatDate(roll.as_of, locale) }) : null}
        action={roll && !empty && canExport ? <Box sx={{ display: 'flex', gap: 0.5, pt: 0.5, pr: 0.5 }}><Downloads propertyId={id} /></Box> : null}
        sx={{ py: 1.25, '& .MuiCardHeader-avatar': { mr: 1.25 }, '& .MuiCardHeader-action': { alignSelf: 'center', m: 0 } }}
      />
      {error ? (
        <Alert severity="error" sx={{ mx: 2, mb: 2 }} action={<Button color="inherit" size="small" onClick={reload}>{translate('portfolio.rent_roll.retry')}</Button>}>
          {translate('portfolio.rent_roll.failed')}: {error.message}
        </Alert>
      ) : null}
      {loading && !roll ? <LinearProgress sx={{ mx: 2, mb: 2 }} aria-label={translate('portfolio.rent_roll.title')} /> : null}
      {empty ? (
        <Box sx={{ px: 2, pb: 2.5, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <Box sx={{ flex: 1, minWidth: 220 }}>
            <Typography sx={{ fontWeight: 650 }}>{translate('portfolio.rent_roll.no_houses')}</Typography>
            <Typography variant="body2" color="text.secondary">{translate('portfolio.rent_roll.no_houses_text')}</Typography>
          </Box>
          <BulkHousesButton property={record} variant="contained" />
        </Box>
      ) : null}
      {roll && t && !empty ? (
        <>
          <Box sx={{ px: 2, pb: 2, display: 'grid', gap: 1.25, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))', lg: `repeat(${roll.money ? 6 : 4}, minmax(0, 1fr))` } }}>
            <Stat testId="rent-roll-houses" label={translate('portfolio.rent_roll.houses')} value={t.houses}
              hint={[t.reserved ? translate('portfolio.rent_roll.reserved_n', { n: t.reserved }) : null, t.unavailable ? translate('portfolio.rent_roll.unavailable_n', { n: t.unavailable }) : null].filter(Boolean).join(' · ') || undefined} />
            <Stat testId="rent-roll-occupied" label={translate('portfolio.rent_roll.occupied')} value={`${t.occupied} / ${t.vacant}`} hint={translate('portfolio.rent_roll.occupied_vacant')} />
            <Stat
              testId="rent-roll-occupancy"
              label={translate('portfolio.rent_roll.occupancy')}
              value={`${t.occupancy}%`}
              hint={<LinearProgress variant="determinate" value={Math.min(100, Number(t.occupancy))} sx={{ mt: 0.75, height: 6, borderRadius: 3 }} aria-label={translate('portfolio.rent_roll.occupancy')} />}
            />
            <Stat testId="rent-roll-total" label={translate('portfolio.rent_roll.rent_roll')} value={formatCurrency(t.rent_roll)} hint={translate('portfolio.rent_roll.potential', { amount: formatCurrency(t.potential_rent) })} />
            {roll.money ? (
              <>
                <Stat testId="rent-roll-arrears" label={translate('portfolio.rent_roll.arrears')} value={formatCurrency(t.arrears)} tone={t.arrears && t.arrears !== '0.00' ? 'owed' : undefined} />
                <Stat testId="rent-roll-balance" label={translate('portfolio.rent_roll.balance_total')} value={formatCurrency(t.balance)} hint={translate('portfolio.rent_roll.deposits', { amount: formatCurrency(t.deposit_held) })} />
              </>
            ) : null}
          </Box>
          {!roll.money ? <Typography variant="caption" color="text.secondary" sx={{ display: 'block', px: 2, pb: 1 }}>{translate('portfolio.rent_roll.money_hidden')}</Typography> : null}
          {small ? <RollList roll={roll} /> : <RollTable roll={roll} />}
        </>
      ) : null}
    </Card>
  );
}
