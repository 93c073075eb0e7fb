// The frame of the login, register and password screens: a brand panel beside the form on wide
// screens, the form alone under the logo on phones.
import type { ReactNode } from 'react';
import { Box, Stack, Typography } from '@mui/material';
import CheckCircleRoundedIcon from '@mui/icons-material/CheckCircleRounded';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { Logo } from '../brand/Logo';
import { Preferences } from '../layout/Preferences';

const POINTS = ['keja.shell.point_billing', 'keja.shell.point_mpesa', 'keja.shell.point_statements'];

export function AuthShell({ title, subtitle, children, footer }: { title: string; subtitle?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  const translate = useTranslate();
  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', gridTemplateColumns: { xs: '1fr', md: '5fr 7fr' }, bgcolor: 'background.default' }}>
      <Box
        sx={{
          display: { xs: 'none', md: 'flex' },
          flexDirection: 'column',
          justifyContent: 'space-between',
          p: 6,
          color: '#ecfdf5',
          background: 'radial-gradient(120% 90% at 0% 0%, #10b981 0%, #047857 45%, #064e3b 100%)',
          position: 'relative',
          overflow: 'hidden',
        }}
      >
        <Box component={Link} to="/" sx={{ textDecoration: 'none', zIndex: 1 }} aria-label="Keja home">
          <Logo size={34} inverted />
        </Box>
        <Box sx={{ zIndex: 1, maxWidth: 440 }}>
          <Typography variant="h3" component="p" sx={{ color: '#fff', mb: 3, fontSize: { md: '2.1rem', lg: '2.5rem' } }}>
            {translate('keja.shell.headline')}
          </Typography>
          <Stack spacing={1.75}>
            {POINTS.map((key) => (
              <Stack key={key} direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
                <CheckCircleRoundedIcon sx={{ color: '#a7f3d0', mt: '2px' }} fontSize="small" />
                <Typography sx={{ color: '#d1fae5' }}>{translate(key)}</Typography>
              </Stack>
            ))}
          </Stack>
        </Box>
        <Typography variant="body2" sx={{ color: 'rgba(236,253,245,0.75)', zIndex: 1 }}>
          {translate('keja.shell.footer')}
        </Typography>
        <Box
          aria-hidden
          sx={{
            position: 'absolute',
            right: -120,
            bottom: -120,
            width: 420,
            height: 420,
            borderRadius: '50%',
            border: '56px solid rgba(255,255,255,0.06)',
          }}
        />
      </Box>
      <Box sx={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}>
        <Box sx={{ display: 'flex', justifyContent: { xs: 'space-between', md: 'flex-end' }, alignItems: 'center', px: { xs: 2, sm: 3 }, py: 2 }}>
          <Box component={Link} to="/" sx={{ display: { xs: 'inline-flex', md: 'none' }, textDecoration: 'none' }} aria-label="Keja home">
            <Logo size={30} />
          </Box>
          <Preferences />
        </Box>
        <Box sx={{ flex: 1, display: 'flex', alignItems: { xs: 'flex-start', sm: 'center' }, justifyContent: 'center', px: { xs: 2.5, sm: 4 }, pb: 6, pt: { xs: 2, sm: 0 } }}>
          <Box sx={{ width: '100%', maxWidth: 420 }}>
            <Typography variant="h4" component="h1" sx={{ mb: 1, fontSize: { xs: '1.65rem', sm: '2rem' } }}>
              {translate(title)}
            </Typography>
            {subtitle ? (
              <Typography color="text.secondary" sx={{ mb: 3.5 }}>
                {typeof subtitle === 'string' ? translate(subtitle) : subtitle}
              </Typography>
            ) : null}
            {children}
            {footer ? (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 3, textAlign: 'center' }}>
                {footer}
              </Typography>
            ) : null}
          </Box>
        </Box>
      </Box>
    </Box>
  );
}

/** A link styled for the auth screens. */
export function AuthLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Box component={Link} to={to} sx={{ color: 'primary.main', fontWeight: 600, textDecoration: 'none', '&:hover': { textDecoration: 'underline' } }}>
      {children}
    </Box>
  );
}
