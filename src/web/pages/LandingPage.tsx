// The landing page for visitors (product section 7): what Keja does, log in, register.
import type { ComponentType, ReactNode } from 'react';
import { Box, Button, Chip, Container, Stack, Typography } from '@mui/material';
import PhoneIphoneRoundedIcon from '@mui/icons-material/PhoneIphoneRounded';
import ReceiptLongRoundedIcon from '@mui/icons-material/ReceiptLongRounded';
import SmsRoundedIcon from '@mui/icons-material/SmsRounded';
import DescriptionRoundedIcon from '@mui/icons-material/DescriptionRounded';
import TrendingDownRoundedIcon from '@mui/icons-material/TrendingDownRounded';
import HandymanRoundedIcon from '@mui/icons-material/HandymanRounded';
import VerifiedUserRoundedIcon from '@mui/icons-material/VerifiedUserRounded';
import CheckCircleRoundedIcon from '@mui/icons-material/CheckCircleRounded';
import PictureAsPdfRoundedIcon from '@mui/icons-material/PictureAsPdfRounded';
import ArrowForwardRoundedIcon from '@mui/icons-material/ArrowForwardRounded';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { Logo } from '../brand/Logo';
import { Preferences } from '../layout/Preferences';
import { formatCurrency } from '../../shared/format';

const FEATURES: Array<{ key: string; icon: ComponentType }> = [
  { key: 'billing', icon: ReceiptLongRoundedIcon },
  { key: 'mpesa', icon: PhoneIphoneRoundedIcon },
  { key: 'sms', icon: SmsRoundedIcon },
  { key: 'statements', icon: DescriptionRoundedIcon },
  { key: 'arrears', icon: TrendingDownRoundedIcon },
  { key: 'maintenance', icon: HandymanRoundedIcon },
];

const STEPS = ['organization', 'portfolio', 'collect'];
const LOCAL = ['kes', 'phone', 'mri', 'language'];

function IconTile({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={(t) => ({
        width: 44,
        height: 44,
        borderRadius: '12px',
        display: 'grid',
        placeItems: 'center',
        color: 'primary.main',
        bgcolor: t.palette.mode === 'dark' ? 'rgba(52,211,153,0.12)' : '#ecfdf5',
        flexShrink: 0,
      })}
    >
      {children}
    </Box>
  );
}

/** The hero's illustration: what a morning in Keja looks like, drawn from example data. */
function HeroIllustration() {
  const translate = useTranslate();
  const card = {
    bgcolor: 'background.paper',
    border: 1,
    borderColor: 'divider',
    borderRadius: '16px',
    p: 2.25,
    boxShadow: (t: { palette: { mode: string } }) =>
      t.palette.mode === 'dark' ? '0 20px 50px rgba(0,0,0,0.45)' : '0 20px 50px rgba(6,78,59,0.14)',
  } as const;
  return (
    <Box sx={{ position: 'relative', maxWidth: 460, mx: 'auto', width: '100%' }} aria-label={translate('keja.landing.illustration_label')} role="img">
      <Box
        aria-hidden
        sx={{
          position: 'absolute',
          inset: '8% -6% -6% 10%',
          borderRadius: '28px',
          background: 'linear-gradient(135deg, rgba(16,185,129,0.35), rgba(4,120,87,0.05))',
          filter: 'blur(2px)',
        }}
      />
      <Stack spacing={2} sx={{ position: 'relative' }}>
        <Box sx={card}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <IconTile>
              <PhoneIphoneRoundedIcon />
            </IconTile>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography variant="body2" color="text.secondary">
                {translate('keja.landing.demo.payment_label')}
              </Typography>
              <Typography sx={{ fontWeight: 800, fontSize: '1.35rem', letterSpacing: '-0.02em' }}>{formatCurrency(18500)}</Typography>
            </Box>
            <Chip icon={<CheckCircleRoundedIcon />} label={translate('keja.landing.demo.matched')} color="success" size="small" variant="outlined" />
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
            {translate('keja.landing.demo.payment_detail')}
          </Typography>
        </Box>
        <Box sx={{ ...card, ml: { xs: 0, sm: 5 } }}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <IconTile>
              <SmsRoundedIcon />
            </IconTile>
            <Box sx={{ flex: 1 }}>
              <Typography sx={{ fontWeight: 700 }}>{translate('keja.landing.demo.reminders_title')}</Typography>
              <Typography variant="body2" color="text.secondary">
                {translate('keja.landing.demo.reminders_detail')}
              </Typography>
            </Box>
          </Stack>
        </Box>
        <Box sx={{ ...card, mr: { xs: 0, sm: 4 } }}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <IconTile>
              <PictureAsPdfRoundedIcon />
            </IconTile>
            <Box sx={{ flex: 1 }}>
              <Typography sx={{ fontWeight: 700 }}>{translate('keja.landing.demo.statement_title')}</Typography>
              <Typography variant="body2" color="text.secondary">
                {translate('keja.landing.demo.statement_detail')}
              </Typography>
            </Box>
          </Stack>
        </Box>
        <Typography variant="caption" color="text.secondary" sx={{ textAlign: 'right', pr: 1 }}>
          {translate('keja.landing.demo.example')}
        </Typography>
      </Stack>
    </Box>
  );
}

function SectionTitle({ eyebrow, title, text }: { eyebrow: string; title: string; text?: string }) {
  const translate = useTranslate();
  return (
    <Box sx={{ textAlign: 'center', maxWidth: 680, mx: 'auto', mb: { xs: 4, md: 6 } }}>
      <Typography variant="overline" sx={{ color: 'primary.main', fontWeight: 800, letterSpacing: '0.12em' }}>
        {translate(eyebrow)}
      </Typography>
      <Typography variant="h3" component="h2" sx={{ fontSize: { xs: '1.75rem', md: '2.4rem' }, mt: 0.5 }}>
        {translate(title)}
      </Typography>
      {text ? (
        <Typography color="text.secondary" sx={{ mt: 1.5, fontSize: '1.08rem' }}>
          {translate(text)}
        </Typography>
      ) : null}
    </Box>
  );
}

export function LandingPage() {
  const translate = useTranslate();
  return (
    <Box sx={{ bgcolor: 'background.default', minHeight: '100vh', overflowX: 'hidden' }}>
      <Box
        component="header"
        sx={(t) => ({
          position: 'sticky',
          top: 0,
          zIndex: 10,
          backdropFilter: 'saturate(180%) blur(12px)',
          bgcolor: t.palette.mode === 'dark' ? 'rgba(10,17,15,0.78)' : 'rgba(245,247,246,0.82)',
          borderBottom: 1,
          borderColor: 'divider',
        })}
      >
        <Container maxWidth="lg" sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 1.25 }}>
          <Box component={Link} to="/" sx={{ textDecoration: 'none' }} aria-label="Keja home">
            <Logo size={30} />
          </Box>
          <Stack direction="row" spacing={0.5} component="nav" sx={{ ml: 4, display: { xs: 'none', md: 'flex' } }}>
            <Button color="inherit" href="#features">
              {translate('keja.landing.nav_features')}
            </Button>
            <Button color="inherit" href="#how">
              {translate('keja.landing.nav_how')}
            </Button>
          </Stack>
          <Box sx={{ flex: 1 }} />
          <Preferences />
          <Button component={Link} to="/auth/login" color="inherit" sx={{ display: { xs: 'none', sm: 'inline-flex' } }}>
            {translate('keja.landing.cta_login')}
          </Button>
          <Button component={Link} to="/auth/register" variant="contained" sx={{ display: { xs: 'none', sm: 'inline-flex' } }}>
            {translate('keja.landing.cta_register')}
          </Button>
        </Container>
      </Box>

      <Box
        component="section"
        sx={(t) => ({
          background:
            t.palette.mode === 'dark'
              ? 'radial-gradient(70% 60% at 85% 10%, rgba(16,185,129,0.18) 0%, transparent 70%)'
              : 'radial-gradient(70% 60% at 85% 10%, rgba(16,185,129,0.16) 0%, transparent 70%)',
        })}
      >
        <Container
          maxWidth="lg"
          sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1.1fr 0.9fr' }, gap: { xs: 6, md: 8 }, alignItems: 'center', py: { xs: 5, md: 10 } }}
        >
          <Box>
            <Chip
              label={translate('keja.landing.badge')}
              sx={(t) => ({
                fontWeight: 700,
                mb: 2.5,
                color: 'primary.main',
                bgcolor: t.palette.mode === 'dark' ? 'rgba(52,211,153,0.12)' : '#d1fae5',
              })}
            />
            <Typography variant="h1" sx={{ fontSize: { xs: '2.25rem', sm: '3rem', md: '3.5rem' }, lineHeight: 1.08 }}>
              {translate('keja.landing.title')}
            </Typography>
            <Typography color="text.secondary" sx={{ mt: 2.5, fontSize: { xs: '1.05rem', md: '1.2rem' }, maxWidth: 560, lineHeight: 1.6 }}>
              {translate('keja.landing.subtitle')}
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 4 }}>
              <Button component={Link} to="/auth/register" variant="contained" size="large" endIcon={<ArrowForwardRoundedIcon />}>
                {translate('keja.landing.cta_register')}
              </Button>
              <Button component={Link} to="/auth/login" variant="outlined" size="large">
                {translate('keja.landing.cta_login')}
              </Button>
            </Stack>
            <Stack direction="row" spacing={1} sx={{ mt: 3, alignItems: 'center', color: 'text.secondary' }}>
              <VerifiedUserRoundedIcon fontSize="small" color="primary" />
              <Typography variant="body2">{translate('keja.landing.trust')}</Typography>
            </Stack>
          </Box>
          <HeroIllustration />
        </Container>
      </Box>

      <Container component="section" id="features" maxWidth="lg" sx={{ py: { xs: 7, md: 11 }, scrollMarginTop: 64 }}>
        <SectionTitle eyebrow="keja.landing.features_eyebrow" title="keja.landing.features_title" text="keja.landing.features_text" />
        <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(3, 1fr)' } }}>
          {FEATURES.map(({ key, icon: Icon }) => (
            <Box key={key} sx={{ p: 3, borderRadius: '16px', border: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
              <IconTile>
                <Icon />
              </IconTile>
              <Typography variant="h6" component="h3" sx={{ mt: 2, mb: 0.75 }}>
                {translate(`keja.landing.features.${key}.title`)}
              </Typography>
              <Typography color="text.secondary">{translate(`keja.landing.features.${key}.text`)}</Typography>
            </Box>
          ))}
        </Box>
      </Container>

      <Box component="section" id="how" sx={{ bgcolor: 'background.paper', borderTop: 1, borderBottom: 1, borderColor: 'divider', scrollMarginTop: 64 }}>
        <Container maxWidth="lg" sx={{ py: { xs: 7, md: 11 } }}>
          <SectionTitle eyebrow="keja.landing.how_eyebrow" title="keja.landing.how_title" />
          <Box sx={{ display: 'grid', gap: { xs: 3, md: 4 }, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
            {STEPS.map((key, i) => (
              <Box key={key}>
                <Typography sx={{ fontWeight: 800, fontSize: '2.4rem', color: 'primary.main', letterSpacing: '-0.04em', lineHeight: 1 }}>
                  {String(i + 1).padStart(2, '0')}
                </Typography>
                <Typography variant="h6" component="h3" sx={{ mt: 1.5, mb: 0.75 }}>
                  {translate(`keja.landing.how.${key}.title`)}
                </Typography>
                <Typography color="text.secondary">{translate(`keja.landing.how.${key}.text`)}</Typography>
              </Box>
            ))}
          </Box>
        </Container>
      </Box>

      <Container component="section" maxWidth="lg" sx={{ py: { xs: 7, md: 11 } }}>
        <SectionTitle eyebrow="keja.landing.local_eyebrow" title="keja.landing.local_title" />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(4, 1fr)' } }}>
          {LOCAL.map((key) => (
            <Stack key={key} direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
              <CheckCircleRoundedIcon color="primary" sx={{ mt: '2px' }} />
              <Box>
                <Typography sx={{ fontWeight: 700 }}>{translate(`keja.landing.local.${key}.title`)}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {translate(`keja.landing.local.${key}.text`)}
                </Typography>
              </Box>
            </Stack>
          ))}
        </Box>
      </Container>

      <Container maxWidth="lg" sx={{ pb: { xs: 7, md: 10 } }}>
        <Box
          sx={{
            borderRadius: '24px',
            px: { xs: 3, md: 7 },
            py: { xs: 5, md: 7 },
            color: '#fff',
            background: 'radial-gradient(120% 140% at 0% 0%, #10b981 0%, #047857 50%, #064e3b 100%)',
            display: 'flex',
            flexDirection: { xs: 'column', md: 'row' },
            alignItems: { xs: 'flex-start', md: 'center' },
            gap: 3,
          }}
        >
          <Box sx={{ flex: 1 }}>
            <Typography variant="h4" component="h2" sx={{ color: '#fff', fontSize: { xs: '1.6rem', md: '2.1rem' } }}>
              {translate('keja.landing.cta_title')}
            </Typography>
            <Typography sx={{ color: '#d1fae5', mt: 1, fontSize: '1.05rem' }}>{translate('keja.landing.cta_text')}</Typography>
          </Box>
          <Button
            component={Link}
            to="/auth/register"
            size="large"
            variant="contained"
            endIcon={<ArrowForwardRoundedIcon />}
            sx={{ bgcolor: '#fff', color: '#065f46', '&:hover': { bgcolor: '#ecfdf5' } }}
          >
            {translate('keja.landing.cta_register')}
          </Button>
        </Box>
      </Container>

      <Box component="footer" sx={{ borderTop: 1, borderColor: 'divider' }}>
        <Container
          maxWidth="lg"
          sx={{ py: 4, display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: 2, alignItems: { xs: 'flex-start', sm: 'center' }, justifyContent: 'space-between' }}
        >
          <Logo size={24} />
          <Typography variant="body2" color="text.secondary">
            {translate('keja.landing.footer', { year: new Date().getFullYear() })}
          </Typography>
          <Stack direction="row" spacing={2}>
            <Box component={Link} to="/auth/login" sx={{ color: 'text.secondary', textDecoration: 'none', fontSize: 14 }}>
              {translate('keja.landing.cta_login')}
            </Box>
            <Box component={Link} to="/auth/register" sx={{ color: 'text.secondary', textDecoration: 'none', fontSize: 14 }}>
              {translate('keja.landing.cta_register')}
            </Box>
          </Stack>
        </Container>
      </Box>
    </Box>
  );
}
