import { useId } from 'react';
import { Box, Typography, type SxProps, type Theme } from '@mui/material';

/** Keja's mark: a house in an emerald tile ("keja" is Sheng for home). */
export function LogoMark({ size = 36, title }: { size?: number; title?: string }) {
  const id = useId().replace(/:/g, '');
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 40 40"
      role={title ? 'img' : undefined}
      aria-label={title}
      aria-hidden={title ? undefined : true}
      style={{ display: 'block', flexShrink: 0 }}
    >
      <defs>
        <linearGradient id={`keja-g-${id}`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#10b981" />
          <stop offset="1" stopColor="#047857" />
        </linearGradient>
      </defs>
      <rect width="40" height="40" rx="11" fill={`url(#keja-g-${id})`} />
      <path
        d="M9.5 19.5 20 10.5l10.5 9"
        fill="none"
        stroke="#fff"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path
        d="M13.5 18.5V29a1.5 1.5 0 0 0 1.5 1.5h10a1.5 1.5 0 0 0 1.5-1.5V18.5"
        fill="none"
        stroke="#fff"
        strokeWidth="3"
        strokeLinejoin="round"
      />
      <circle cx="20" cy="22.5" r="2.2" fill="#a7f3d0" />
      <path d="M20 24v3.5" stroke="#a7f3d0" strokeWidth="2.2" strokeLinecap="round" />
    </svg>
  );
}

/** The mark with the word "Keja". */
export function Logo({ size = 32, sx, inverted = false }: { size?: number; sx?: SxProps<Theme>; inverted?: boolean }) {
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1.25, ...sx }}>
      <LogoMark size={size} />
      <Typography
        component="span"
        sx={{
          fontWeight: 800,
          fontSize: size * 0.72,
          letterSpacing: '-0.03em',
          lineHeight: 1,
          color: inverted ? '#fff' : 'text.primary',
        }}
      >
        Keja
      </Typography>
    </Box>
  );
}
