import { Box, CircularProgress } from '@mui/material';

/** Shown while a lazily loaded screen arrives or the guard waits for the session. */
export function PageLoader() {
  return (
    <Box role="progressbar" aria-label="Loading" sx={{ display: 'grid', placeItems: 'center', minHeight: '40vh', width: '100%' }}>
      <CircularProgress size={28} thickness={5} />
    </Box>
  );
}
