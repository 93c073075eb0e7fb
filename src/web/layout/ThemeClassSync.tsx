// Dark mode is marked by the class `app-dark` on the document (seed section 9), kept in step
// with react-admin's theme mode so plain CSS (the splash, scrollbars) follows it too. The
// document's language follows the chosen locale, for screen readers and hyphenation.
import { useEffect } from 'react';
import { useTheme } from '@mui/material/styles';
import { useLocaleState } from 'react-admin';

export const DARK_CLASS = 'app-dark';

export function applyDarkClass(dark: boolean) {
  document.documentElement.classList.toggle(DARK_CLASS, dark);
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
}

export function ThemeClassSync() {
  const mode = useTheme().palette.mode;
  const [locale] = useLocaleState();
  useEffect(() => applyDarkClass(mode === 'dark'), [mode]);
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  return null;
}
