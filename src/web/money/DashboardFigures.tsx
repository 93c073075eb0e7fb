// The dashboard's figures from one GET /dashboard: what needs attention today, occupancy, billed
// and collected this month with the collection rate, a 12-month chart, arrears by bucket,
// unmatched payments, expenses and income (money only with view.financials), open tickets and
// SMS credits. Each tile links to its list, filtered, when the member may open that list.
import { lazy, Suspense, type ReactNode } from 'react';
import { Box, Card, CardActionArea, CardContent, LinearProgress, Link as MuiLink, Stack, Typography } from '@mui/material';
import HomeWorkRoundedIcon from '@mui/icons-material/HomeWorkRounded';
import ReceiptLongRoundedIcon from '@mui/icons-material/ReceiptLongRounded';
import PaymentsRoundedIcon from '@mui/icons-material/PaymentsRounded';
import WarningAmberRoundedIcon from '@mui/icons-material/WarningAmberRounded';
import HelpOutlineRoundedIcon from '@mui/icons-material/HelpOutlineRounded';
import SwapVertRoundedIcon from '@mui/icons-material/SwapVertRounded';
import BuildRoundedIcon from '@mui/icons-material/BuildRounded';
import SmsRoundedIcon from '@mui/icons-material/SmsRounded';
import AccountBalanceWalletRoundedIcon from '@mui/icons-material/AccountBalanceWalletRounded';
import { useLocaleState, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { useSession } from '../session/session-store';
import { hasPermission } from '../routing/access';
import { formatMonth, monthStart } from './dates';
import { centsOf, money } from './format';
import { bucketFilter, listLink, OPEN_INVOICE, OPEN_TICKET } from './list-links';
import { BUCKETS, type Dashboard } from './types';
import { AttentionPanel } from './AttentionPanel';
import { VIEW_FINANCIALS } from '../../shared/permissions';

// the chart library is large: it loads after the figures, so the greeting and tiles come first
const MonthsChart = lazy(() => import('./MonthsChart').then((m) => ({ default: m.MonthsChart })));
/** Open invoices in a bucket as of the dashboard's date. */
const bucketLink = (b: (typeof BUCKETS)[number], asOf: string) => listLink('invoices', bucketFilter(b, asOf));

/** part ÷ whole as a percentage for a bar's width (display only). */
const widthOf = (part: bigint, whole: bigint) => (whole > 0n && part > 0n ? Number((part * 1000n) / whole) / 10 : 0);

function Tile({ to, icon, label, children, testId }: { to: string | null; icon: ReactNode; label: string; children: ReactNode; testId: string }) {
  const body = (
    <CardContent sx={{ p: 2.25, height: '100%', '&:last-child': { pb: 2.25 } }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, color: 'text.secondary' }}>
        <Box sx={{ color: 'primary.main', display: 'flex', '& svg': { fontSize: 20 } }}>{icon}</Box>
        <Typography variant="caption" sx={{ fontWeight: 700, letterSpacing: '0.05em', textTransform: 'uppercase' }}>
          {label}
        </Typography>
      </Stack>
      {children}
    </CardContent>
  );
  return (
    <Card sx={{ height: '100%', borderRadius: 3 }} data-testid={testId}>
      {to ? (
        <CardActionArea component={Link} to={to} sx={{ height: '100%', alignItems: 'stretch', display: 'block' }}>
          {body}
        </CardActionArea>
      ) : (
        body
      )}
    </Card>
  );
}

const Big = ({ children, color }: { children: ReactNode; color?: string }) => (
  <Typography sx={{ fontSize: { xs: '1.6rem', sm: '1.4rem', lg: '1.3rem' }, fontWeight: 800, lineHeight: 1.25, fontVariantNumeric: 'tabular-nums', color, whiteSpace: 'nowrap' }}>
    {children}
  </Typography>
);

/** Which lists the member may open (a tile without one is not a link). */
function useMay() {
  const { permissions } = useSession();
  return (module: string) => hasPermission(permissions, `list.${module}`);
}

function OccupancyTile({ data }: { data: Dashboard }) {
  const translate = useTranslate();
  const may = useMay();
  return (
      <Tile testId="tile-occupancy" icon={<HomeWorkRoundedIcon />} label={translate('money.dashboard.occupancy')} to={may('house') ? listLink('houses', { status: ['vacant'] }) : null}>
        <Big>{data.occupancy.rate}%</Big>
        <LinearProgress variant="determinate" value={Math.min(100, Number(data.occupancy.rate) || 0)} aria-label={translate('money.dashboard.occupancy')} sx={{ my: 1, height: 6, borderRadius: 3 }} />
        <Typography variant="body2" color="text.secondary">
          {translate('money.dashboard.occupied_of', { occupied: data.occupancy.occupied, houses: data.occupancy.houses })}
        </Typography>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {translate('money.dashboard.vacant', { smart_count: data.occupancy.vacant })}
        </Typography>
      </Tile>
  );
}

function TicketsTile({ data }: { data: Dashboard }) {
  const translate = useTranslate();
  const may = useMay();
  return (
      <Tile testId="tile-tickets" icon={<BuildRoundedIcon />} label={translate('money.dashboard.tickets')} to={may('ticket') ? listLink('tickets', { status: OPEN_TICKET }) : null}>
        <Big>{data.open_tickets}</Big>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {translate('money.dashboard.tickets_hint')}
        </Typography>
      </Tile>
  );
}

function SmsTile({ data }: { data: Dashboard }) {
  const translate = useTranslate();
  const may = useMay();
  return (
      <Tile testId="tile-sms" icon={<SmsRoundedIcon />} label={translate('money.dashboard.sms')} to={may('sms_credit') ? '/sms-credits' : null}>
        <Big color={data.sms_credits < 100 ? 'warning.dark' : undefined}>{new Intl.NumberFormat('en-KE').format(data.sms_credits)}</Big>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {translate(data.sms_credits < 100 ? 'money.dashboard.sms_low' : 'money.dashboard.sms_hint')}
        </Typography>
      </Tile>
  );
}

/**
 * The figures: what needs attention today, then the money tiles for members with
 * view.financials (the API sends them only to those), or houses, tickets and SMS for the others.
 */
export function DashboardFigures({ data }: { data: Dashboard }) {
  const { permissions } = useSession();
  const { months, this_month, arrears, unmatched_payments } = data;
  const financial = hasPermission(permissions, VIEW_FINANCIALS) && months && this_month && arrears && unmatched_payments
    ? { ...data, months, this_month, arrears, unmatched_payments } : null;
  return (
    <Box>
      <AttentionPanel data={data} />
      {financial ? (
        <MoneyFigures data={financial} />
      ) : (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(3, 1fr)' } }} data-testid="figures-plain">
          <OccupancyTile data={data} />
          <TicketsTile data={data} />
          <SmsTile data={data} />
        </Box>
      )}
    </Box>
  );
}

type MoneyDashboard = Dashboard & Required<Pick<Dashboard, 'months' | 'this_month' | 'arrears' | 'unmatched_payments'>>;

function MoneyFigures({ data }: { data: MoneyDashboard }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { permissions } = useSession();
  const may = (module: string) => hasPermission(permissions, `list.${module}`);
  const first = monthStart(data.as_of);
  const month = formatMonth(data.as_of.slice(0, 7), locale, 'long');
  const months = data.months.slice(-12);
  const t = data.this_month;
  const rate = Number(t.collection_rate);
  const a = data.arrears;
  const bucketMax = BUCKETS.reduce((m, b) => (centsOf(a[b]) > m ? centsOf(a[b]) : m), 0n);

  return (
    <Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr)' }, mb: 2 }}>
        <OccupancyTile data={data} />
        <Tile
          testId="tile-billed"
          icon={<ReceiptLongRoundedIcon />}
          label={translate('money.dashboard.billed', { month })}
          to={may('invoice') ? listLink('invoices', { issue_date_gte: first, status: [...OPEN_INVOICE, 'paid'] }) : null}
        >
          <Big>{money(t.billed)}</Big>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {translate('money.dashboard.billed_hint')}
          </Typography>
        </Tile>
        <Tile
          testId="tile-collected"
          icon={<PaymentsRoundedIcon />}
          label={translate('money.dashboard.collected', { month })}
          to={may('payment') ? listLink('payments', { paid_at_gte: `${first}T00:00` }) : null}
        >
          <Big color="primary.main">{money(t.collected)}</Big>
          <LinearProgress
            variant="determinate"
            value={Math.min(100, rate || 0)}
            color={rate >= 90 ? 'success' : rate >= 60 ? 'primary' : 'warning'}
            sx={{ my: 1, height: 6, borderRadius: 3 }}
            aria-label={translate('money.dashboard.collection_rate')}
          />
          <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="collection-rate">
            {translate('money.dashboard.collection_rate_of', { rate: t.collection_rate })}
          </Typography>
        </Tile>
        <Tile
          testId="tile-unmatched"
          icon={<HelpOutlineRoundedIcon />}
          label={translate('money.dashboard.unmatched')}
          to={may('payment') ? listLink('payments', { status: ['unmatched'] }) : null}
        >
          <Big color={data.unmatched_payments.count ? 'warning.dark' : undefined}>{data.unmatched_payments.count}</Big>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {data.unmatched_payments.count
              ? translate('money.dashboard.unmatched_amount', { amount: money(data.unmatched_payments.amount) })
              : translate('money.dashboard.unmatched_none')}
          </Typography>
        </Tile>
      </Box>

      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '3fr 2fr' }, mb: 2 }}>
        <Card sx={{ borderRadius: 3, minWidth: 0 }} data-testid="chart-months">
          <CardContent sx={{ p: 2.25 }}>
            <Typography variant="subtitle1" sx={{ fontWeight: 700 }}>
              {translate('money.dashboard.chart_title')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {translate('money.dashboard.chart_text')}
            </Typography>
            <Box sx={{ height: 280, mx: -1 }}>
              {typeof ResizeObserver === 'undefined' ? null : (
                <Suspense fallback={null}>
                  <MonthsChart
                    months={months}
                    labels={months.map((m) => formatMonth(m.month, locale))}
                    billedLabel={translate('money.dashboard.series_billed')}
                    collectedLabel={translate('money.dashboard.series_collected')}
                  />
                </Suspense>
              )}
            </Box>
            <Box sx={visuallyHidden}>
              <table>
                <caption>{translate('money.dashboard.chart_title')}</caption>
                <tbody>
                  {months.map((m) => (
                    <tr key={m.month}>
                      <th scope="row">{formatMonth(m.month, locale, 'long')}</th>
                      <td>{money(m.billed)}</td>
                      <td>{money(m.collected)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </Box>
          </CardContent>
        </Card>

        <Tile
          testId="tile-arrears"
          icon={<WarningAmberRoundedIcon />}
          label={translate('money.dashboard.arrears')}
          to={null}
        >
          <Big color={centsOf(a.total) > 0n ? 'warning.dark' : undefined}>{money(a.total)}</Big>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            {translate('money.dashboard.arrears_hint', { credit: money(a.credit) })}
          </Typography>
          <Stack spacing={1}>
            {BUCKETS.map((b) => (
              <Box key={b} data-testid={`bucket-${b}`}>
                <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
                  {may('invoice') ? (
                    <MuiLink component={Link} to={bucketLink(b, data.as_of)} variant="body2" underline="hover" color="inherit">
                      {translate(`money.bucket_days.${b}`)}
                    </MuiLink>
                  ) : (
                    <Typography variant="body2">{translate(`money.bucket_days.${b}`)}</Typography>
                  )}
                  <Typography variant="body2" sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
                    {money(a[b])}
                  </Typography>
                </Box>
                <Box sx={{ height: 6, borderRadius: 3, bgcolor: 'action.hover', overflow: 'hidden' }}>
                  <Box
                    sx={{
                      height: '100%',
                      width: `${widthOf(centsOf(a[b]), bucketMax)}%`,
                      bgcolor: b === 'current' ? 'primary.light' : b === 'd1_30' ? 'warning.light' : 'warning.dark',
                    }}
                  />
                </Box>
              </Box>
            ))}
          </Stack>
          {hasPermission(permissions, 'list.statement') ? (
            <MuiLink component={Link} to="/statements/aging-balances" variant="body2" sx={{ display: 'inline-block', mt: 1.5, fontWeight: 600 }}>
              {translate('money.dashboard.see_aging')}
            </MuiLink>
          ) : null}
        </Tile>
      </Box>

      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '3fr 2fr 1fr 1fr' } }}>
        <Tile testId="tile-flows" icon={<SwapVertRoundedIcon />} label={translate('money.dashboard.flows', { month })} to={null}>
          <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2 }}>
            <Box>
              <Typography variant="body2" color="text.secondary">
                {translate('money.dashboard.income')}
              </Typography>
              <Typography sx={{ fontWeight: 800, fontSize: '1.25rem', fontVariantNumeric: 'tabular-nums' }}>{money(t.income)}</Typography>
              {may('income') ? (
                <MuiLink component={Link} to={listLink('incomes', { date_gte: first })} variant="body2">
                  {translate('money.dashboard.see_incomes')}
                </MuiLink>
              ) : null}
            </Box>
            <Box>
              <Typography variant="body2" color="text.secondary">
                {translate('money.dashboard.expenses')}
              </Typography>
              <Typography sx={{ fontWeight: 800, fontSize: '1.25rem', fontVariantNumeric: 'tabular-nums' }}>{money(t.expenses)}</Typography>
              {may('expense') ? (
                <MuiLink component={Link} to={listLink('expenses', { date_gte: first })} variant="body2">
                  {translate('money.dashboard.see_expenses')}
                </MuiLink>
              ) : null}
            </Box>
          </Box>
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
            {translate('money.dashboard.flows_hint')}
          </Typography>
        </Tile>
        {data.due_to_owners !== undefined ? (
          <Tile testId="tile-due-to-owners" icon={<AccountBalanceWalletRoundedIcon />} label={translate('money.dashboard.due_to_owners')} to={may('remittance') ? '/remittances' : null}>
            <Big color={centsOf(data.due_to_owners) < 0n ? 'warning.dark' : undefined}>{money(data.due_to_owners)}</Big>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {translate('money.dashboard.due_to_owners_hint')}
            </Typography>
          </Tile>
        ) : null}
        <TicketsTile data={data} />
        <SmsTile data={data} />
      </Box>
    </Box>
  );
}

const visuallyHidden = {
  position: 'absolute', width: '1px', height: '1px', p: 0, m: '-1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap', border: 0,
} as const;
