import type { ReactNode } from 'react';
import { Box, Button, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';

export interface StatusAction {
  to: string;
  label: string;
  primary?: boolean;
}

/** A full-height message: the 404 page, access denied, a broken link. */
export function StatusScreen({
  code,
  icon,
  title,
  message,
  actions,
}: {
  code?: string;
  icon?: ReactNode;
  title: string;
  message: ReactNode;
  actions: StatusAction[];
}) {
  const translate = useTranslate();
  return (
    <Box sx={{ flex: 1, width: '100%', display: 'grid', placeItems: 'center', px: 2, py: { xs: 6, sm: 10 } }}>
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', maxWidth: 520 }}>
        {icon ? (
          <Box
            sx={(t) => ({
              width: 72,
              height: 72,
              borderRadius: '20px',
              display: 'grid',
              placeItems: 'center',
              color: 'primary.main',
              bgcolor: t.palette.mode === 'dark' ? 'rgba(52,211,153,0.12)' : '#ecfdf5',
              '& svg': { fontSize: 36 },
            })}
          >
            {icon}
          </Box>
        ) : null}
        {code ? (
          <Typography
            aria-hidden
            sx={{ fontSize: { xs: 64, sm: 88 }, fontWeight: 800, letterSpacing: '-0.05em', lineHeight: 1, color: 'primary.main' }}
          >
            {code}
          </Typography>
        ) : null}
        <Typography variant="h4" component="h1">
          {translate(title)}
        </Typography>
        <Typography color="text.secondary" sx={{ fontSize: '1.05rem' }}>
          {typeof message === 'string' ? translate(message, { _: message }) : message}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ pt: 1.5, width: { xs: '100%', sm: 'auto' } }}>
          {actions.map((a) => (
            <Button key={a.to} component={Link} to={a.to} variant={a.primary ? 'contained' : 'outlined'} size="large">
              {translate(a.label)}
            </Button>
          ))}
        </Stack>
      </Stack>
    </Box>
  );
}
