// The dashboard: greets the user by name and names the active organisation, then shows the
// figures from one GET /dashboard (src/web/money/DashboardFigures.tsx). An organisation with no
// houses yet (or none at all) sees how to start instead.
import type { ComponentType } from 'react';
import { Box, Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import ApartmentRoundedIcon from '@mui/icons-material/ApartmentRounded';
import PeopleAltRoundedIcon from '@mui/icons-material/PeopleAltRounded';
import ReceiptLongRoundedIcon from '@mui/icons-material/ReceiptLongRounded';
import PhoneIphoneRoundedIcon from '@mui/icons-material/PhoneIphoneRounded';
import GroupAddRoundedIcon from '@mui/icons-material/GroupAddRounded';
import AddBusinessRoundedIcon from '@mui/icons-material/AddBusinessRounded';
import ArrowForwardRoundedIcon from '@mui/icons-material/ArrowForwardRounded';
import { Title, useLocaleState, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { formatWeekdayDay } from '../../shared/format';
import { useSession } from '../session/session-store';
import { useAppRoutes } from '../routing/routes-context';
import { hasPermission, requiredPermission, CREATE_ORGANIZATION_PATH } from '../routing/access';
import { useReport } from '../money/api';
import { DashboardFigures } from '../money/DashboardFigures';
import { LoadError, Loading } from '../money/parts';
import type { Dashboard } from '../money/types';

interface Step {
  key: string;
  icon: ComponentType<{ fontSize?: 'small' | 'medium' }>;
  to: string;
}

const STEPS: Step[] = [
  { key: 'properties', icon: ApartmentRoundedIcon, to: '/properties' },
  { key: 'tenants', icon: PeopleAltRoundedIcon, to: '/tenants' },
  { key: 'billing', icon: ReceiptLongRoundedIcon, to: '/charges' },
  { key: 'mpesa', icon: PhoneIphoneRoundedIcon, to: '/payment-channels' },
  { key: 'team', icon: GroupAddRoundedIcon, to: '/users' },
];

export function greetingKey(date: Date = new Date()): string {
  const hour = Number(new Intl.DateTimeFormat('en-GB', { hour: 'numeric', hourCycle: 'h23', timeZone: 'Africa/Nairobi' }).format(date));
  if (hour < 12) return 'keja.dashboard.good_morning';
  if (hour < 17) return 'keja.dashboard.good_afternoon';
  return 'keja.dashboard.good_evening';
}

export function DashboardPage() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { user, organization, roles, permissions } = useSession();
  const routes = useAppRoutes();
  const firstName = (user?.name ?? '').trim().split(/\s+/)[0] || user?.email || '';
  const figures = useReport<Dashboard>(organization ? '/dashboard' : null);
  // the steps stay until the organisation has a house (or when its figures cannot be had)
  const showSteps = !organization || !!figures.error || (!!figures.data && figures.data.occupancy.houses === 0);

  // A step links to its screen once that screen exists and the user may open it.
  const linkFor = (to: string) => {
    const route = routes.find((r) => r.path === to && r.component);
    if (!route) return null;
    const needed = requiredPermission(route);
    return !needed || hasPermission(permissions, needed) ? to : null;
  };

  return (
    <Box sx={{ maxWidth: 1180, mx: 'auto', width: '100%', pb: 6 }}>
      <Title title={translate('ra.page.dashboard')} />
      <Box
        sx={(t) => ({
          borderRadius: '20px',
          p: { xs: 3, sm: 4 },
          mb: 3,
          color: '#fff',
          background:
            t.palette.mode === 'dark'
              ? 'linear-gradient(135deg, #065f46 0%, #064e3b 55%, #052e21 100%)'
              : 'linear-gradient(135deg, #059669 0%, #047857 60%, #065f46 100%)',
          position: 'relative',
          overflow: 'hidden',
        })}
      >
        <Typography variant="overline" sx={{ color: 'rgba(236,253,245,0.85)', letterSpacing: '0.08em' }}>
          {formatWeekdayDay(new Date(), `${locale}-KE`)}
        </Typography>
        <Typography variant="h4" component="h1" sx={{ color: '#fff', mt: 0.5, fontSize: { xs: '1.6rem', sm: '2.1rem' } }}>
          {translate(greetingKey(), { name: firstName })}
        </Typography>
        <Typography sx={{ color: '#d1fae5', mt: 1, fontSize: '1.05rem' }}>
          {organization
            ? translate('keja.dashboard.working_in', { organization: organization.name })
            : translate('keja.dashboard.no_organization')}
        </Typography>
        {roles.length ? (
          <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap', gap: 1 }}>
            {roles.map((r) => (
              <Chip
                key={String(r.id)}
                label={r.name}
                size="small"
                sx={{ bgcolor: 'rgba(255,255,255,0.14)', color: '#ecfdf5', fontWeight: 600, border: '1px solid rgba(255,255,255,0.2)' }}
              />
            ))}
          </Stack>
        ) : null}
        <Box aria-hidden sx={{ position: 'absolute', right: -60, top: -60, width: 240, height: 240, borderRadius: '50%', border: '40px solid rgba(255,255,255,0.07)' }} />
      </Box>

      {!organization ? (
        <Card sx={{ mb: 3, borderColor: 'primary.main', borderWidth: 2 }}>
          <CardContent sx={{ display: 'flex', gap: 2.5, alignItems: { xs: 'flex-start', sm: 'center' }, flexDirection: { xs: 'column', sm: 'row' }, p: 3 }}>
            <AddBusinessRoundedIcon color="primary" sx={{ fontSize: 40 }} />
            <Box sx={{ flex: 1 }}>
              <Typography variant="h6">{translate('keja.dashboard.create_org_title')}</Typography>
              <Typography color="text.secondary">{translate('keja.dashboard.create_org_text')}</Typography>
            </Box>
            <Button component={Link} to={CREATE_ORGANIZATION_PATH} variant="contained" size="large">
              {translate('keja.org.create.submit')}
            </Button>
          </CardContent>
        </Card>
      ) : null}

      {organization && figures.error ? <LoadError error={figures.error} onRetry={figures.reload} /> : null}
      {organization && figures.loading ? <Loading /> : null}
      {figures.data && !showSteps ? <DashboardFigures data={figures.data} /> : null}

      {showSteps ? (
        <>
          <Typography variant="h6" component="h2" sx={{ mb: 0.5 }}>
            {translate('keja.dashboard.getting_started')}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {translate('keja.dashboard.getting_started_text')}
          </Typography>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(3, 1fr)' } }}>
            {STEPS.map((step, index) => {
              const Icon = step.icon;
              const to = linkFor(step.to);
              return (
                <Card key={step.key} sx={{ display: 'flex', flexDirection: 'column' }}>
                  <CardContent sx={{ flex: 1, p: 2.5 }}>
                    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1.5 }}>
                      <Box
                        sx={(t) => ({
                          width: 40,
                          height: 40,
                          borderRadius: '12px',
                          display: 'grid',
                          placeItems: 'center',
                          color: 'primary.main',
                          bgcolor: t.palette.mode === 'dark' ? 'rgba(52,211,153,0.12)' : '#ecfdf5',
                        })}
                      >
                        <Icon />
                      </Box>
                      <Typography variant="caption" color="text.secondary" sx={{ fontWeight: 700, letterSpacing: '0.06em' }}>
                        {translate('keja.dashboard.step', { n: index + 1 })}
                      </Typography>
                    </Stack>
                    <Typography variant="subtitle1" sx={{ fontWeight: 700, mb: 0.5 }}>
                      {translate(`keja.dashboard.steps.${step.key}.title`)}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {translate(`keja.dashboard.steps.${step.key}.text`)}
                    </Typography>
                  </CardContent>
                  {to ? (
                    <Box sx={{ px: 2.5, pb: 2 }}>
                      <Button component={Link} to={to} endIcon={<ArrowForwardRoundedIcon />} size="small">
                        {translate('keja.dashboard.open')}
                      </Button>
                    </Box>
                  ) : null}
                </Card>
              );
            })}
            <Card sx={{ display: 'flex', flexDirection: 'column' }}>
              <CardContent sx={{ flex: 1, p: 2.5 }}>
                <Typography variant="caption" color="text.secondary" sx={{ fontWeight: 700, letterSpacing: '0.06em' }}>
                  {translate('keja.dashboard.account')}
                </Typography>
                <Typography variant="subtitle1" sx={{ fontWeight: 700, mt: 1 }}>
                  {user?.name}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {user?.email}
                </Typography>
                {organization ? (
                  <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                    {organization.name}
                  </Typography>
                ) : null}
              </CardContent>
              <Box sx={{ px: 2.5, pb: 2 }}>
                <Button component={Link} to="/change-password" size="small" endIcon={<ArrowForwardRoundedIcon />}>
                  {translate('keja.auth.change_password.menu')}
                </Button>
              </Box>
            </Card>
          </Box>
        </>
      ) : null}
    </Box>
  );
}
