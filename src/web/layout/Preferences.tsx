import { Box } from '@mui/material';
import { ToggleThemeButton } from 'react-admin';
import { LanguageSwitcher } from './LanguageSwitcher';

/** Language and light/dark switches, shown on every screen. */
export function Preferences({ color }: { color?: string }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.25, color }}>
      <LanguageSwitcher />
      <ToggleThemeButton />
    </Box>
  );
}
