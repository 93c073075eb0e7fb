// A tenant's and an owner's account on their screens (product.md 3: "show … statement,
// balance"): the tenant's balance now (open invoices less credit, the overdue part) with a link to
// their statement; the owner's month so far (collected, due to them) with a link to the owner
// statement. Only for those who may see statements.
import type { ReactNode } from 'react';
import { Box, Button, Card, CardHeader, Skeleton, Typography } from '@mui/material';
import AccountBalanceWalletRoundedIcon from '@mui/icons-material/AccountBalanceWalletRounded';
import ReceiptLongRoundedIcon from '@mui/icons-material/ReceiptLongRounded';
import { useLocaleState, useTranslate, type RaRecord } from 'react-admin';
import { Link } from 'react-router-dom';
import { formatCurrency } from '../../../shared/format';
import { useReport } from '../../money/api';
import { formatDate, monthStart, todayInNairobi } from '../../money/dates';
import { hasPermission } from '../../routing/access';
import { useSession } from '../../session/session-store';
import type { PropertyStatement } from '../../money/types';
import type { TenantBalance } from './api';

const negative = (v: string) => v.startsWith('-');
const zero = (v: string) => /^-?0\.00$/.test(v);

function Amount({ label, value, testId, tone, size = 'md' }: { label: string; value: string; testId: string; tone?: 'owed' | 'credit'; size?: 'md' | 'lg' }) {
  return (
    <Box data-testid={testId} sx={{ minWidth: 0, ...(size === 'lg' ? { gridColumn: { xs: '1 / -1', sm: 'auto' } } : {}) }}>
      <Typography variant="caption" color="text.secondary" sx={{ fontWeight: 600, textTransform: 'uppercase', letterSpacing: '0.04em', display: 'block' }}>
        {label}
      </Typography>
      <Typography
        sx={{
          fontWeight: size === 'lg' ? 800 : 650, fontSize: size === 'lg' ? { xs: '1.25rem', sm: '1.5rem' } : '1rem', fontVariantNumeric: 'tabular-nums',
          color: tone === 'owed' ? 'warning.dark' : tone === 'credit' ? 'success.main' : 'text.primary',
        }}
      >
        {value}
      </Typography>
    </Box>
  );
}

function AccountCard({ title, icon, subheader, action, children }: { title: string; icon: ReactNode; subheader?: ReactNode; action: ReactNode; children: ReactNode }) {
  return (
    <Card component="section" aria-label={title} sx={{ mt: 2 }}>
      <CardHeader
        avatar={icon}
        title={<Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>{title}</Typography>}
        subheader={subheader}
        action={<Box sx={{ pt: 0.5, pr: 0.5 }}>{action}</Box>}
        sx={{ py: 1.25, flexWrap: 'wrap', rowGap: 1, '& .MuiCardHeader-avatar': { mr: 1.25 }, '& .MuiCardHeader-action': { alignSelf: 'center', m: 0 } }}
      />
      <Box sx={{ px: 2, pb: 2, display: 'grid', gap: 2, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(4, minmax(0, 1fr))' } }}>
        {children}
      </Box>
    </Card>
  );
}

export function TenantBalanceCard({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { permissions } = useSession();
  const allowed = hasPermission(permissions, 'list.statement');
  const id = String(record.id);
  const { data, error } = useReport<TenantBalance>(allowed ? `/tenants/${encodeURIComponent(id)}/balance` : null);
  if (!allowed) return null;
  const b = data;
  const headline = b ? (zero(b.balance) ? 'settled' : negative(b.balance) ? 'in_credit' : 'owes') : null;
  return (
    <AccountCard
      title={translate('portfolio.balance.title')}
      icon={<AccountBalanceWalletRoundedIcon fontSize="small" color="primary" />}
      subheader={b ? translate('portfolio.balance.as_of', { date: formatDate(b.as_of, locale) }) : null}
      action={(
        <Button size="small" variant="outlined" component={Link} to={`/statements/user/${encodeURIComponent(id)}`} startIcon={<ReceiptLongRoundedIcon />}>
          {translate('portfolio.balance.statement')}
        </Button>
      )}
    >
      {error ? <Typography color="error" variant="body2" sx={{ gridColumn: '1 / -1' }}>{error.message}</Typography> : null}
      {!b && !error ? [0, 1, 2, 3].map((i) => <Skeleton key={i} variant="rounded" height={44} />) : null}
      {b ? (
        <>
          <Amount
            testId="tenant-balance"
            size="lg"
            label={translate(`portfolio.balance.${headline}`)}
            value={formatCurrency(negative(b.balance) ? b.balance.slice(1) : b.balance)}
            tone={headline === 'owes' ? 'owed' : headline === 'in_credit' ? 'credit' : undefined}
          />
          <Amount testId="tenant-open" label={translate('portfolio.balance.open_n', { smart_count: b.open_invoices })} value={formatCurrency(b.open_balance)} />
          <Amount testId="tenant-overdue" label={translate('portfolio.balance.overdue')} value={formatCurrency(b.overdue)} tone={zero(b.overdue) ? undefined : 'owed'} />
          <Amount testId="tenant-credit" label={translate('portfolio.balance.credit')} value={formatCurrency(b.credit_on_account)} />
        </>
      ) : null}
    </AccountCard>
  );
}

export function OwnerStatementCard({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { permissions } = useSession();
  const allowed = hasPermission(permissions, 'list.statement');
  const id = String(record.id);
  const today = todayInNairobi();
  const period = { from: monthStart(today), to: today };
  const { data, error } = useReport<PropertyStatement>(allowed ? `/statements/owner/${encodeURIComponent(id)}` : null, period);
  if (!allowed) return null;
  const t = data?.totals;
  return (
    <AccountCard
      title={translate('portfolio.owner.title')}
      icon={<ReceiptLongRoundedIcon fontSize="small" color="primary" />}
      subheader={translate('portfolio.owner.as_of', { date: formatDate(today, locale) })}
      action={(
        <Button size="small" variant="outlined" component={Link} to={`/statements/property?owner_id=${encodeURIComponent(id)}&from=${period.from}&to=${period.to}`} startIcon={<ReceiptLongRoundedIcon />}>
          {translate('portfolio.owner.statement')}
        </Button>
      )}
    >
      {error ? <Typography color="error" variant="body2" sx={{ gridColumn: '1 / -1' }}>{error.message}</Typography> : null}
      {!data && !error ? [0, 1, 2, 3].map((i) => <Skeleton key={i} variant="rounded" height={44} />) : null}
      {data && t ? (
        <>
          <Amount testId="owner-due" size="lg" label={translate('portfolio.owner.due')} value={formatCurrency(data.amount_due_to_owner)} />
          <Amount testId="owner-billed" label={translate('portfolio.owner.billed')} value={formatCurrency(t.billed)} />
          <Amount testId="owner-collected" label={translate('portfolio.owner.collected')} value={formatCurrency(t.collected)} />
          <Amount testId="owner-expenses" label={translate('portfolio.owner.expenses')} value={formatCurrency(t.expenses)} />
        </>
      ) : null}
    </AccountCard>
  );
}
