import type { ReactNode } from 'react';
import { Box, Container } from '@mui/material';
import { Link } from 'react-router-dom';
import { Logo } from '../brand/Logo';
import { Preferences } from './Preferences';

/** A light frame for screens a visitor sees without being logged in (404, status pages). */
export function GuestFrame({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <Container maxWidth="lg" sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', py: 2 }}>
        <Box component={Link} to="/" sx={{ textDecoration: 'none', color: 'inherit' }} aria-label="Keja home">
          <Logo size={30} />
        </Box>
        <Preferences />
      </Container>
      <Box component="main" sx={{ flex: 1, display: 'flex' }}>
        {children}
      </Box>
    </Box>
  );
}
