// Keja's look: react-admin's default theme with an emerald primary (seed section 9), a system
// font stack (no web fonts from a CDN) and 150 ms dialog animations. Every colour that carries
// text (links, text buttons, chips, amounts) reaches WCAG AA, 4.5:1, on its background in both
// modes (tests/e2e/accessibility.test.ts): in light mode emerald 700, not 600 (3.8:1 on white).
import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';
import { DIALOG_TRANSITION_MS } from './components/dialog-timing';

export const EMERALD = {
  50: '#ecfdf5',
  100: '#d1fae5',
  200: '#a7f3d0',
  300: '#6ee7b7',
  400: '#34d399',
  500: '#10b981',
  600: '#059669',
  700: '#047857',
  800: '#065f46',
  900: '#064e3b',
} as const;

const fontFamily = [
  'Inter',
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  '"Noto Sans"',
  'sans-serif',
  '"Apple Color Emoji"',
  '"Segoe UI Emoji"',
  '"Noto Color Emoji"',
].join(',');

/**
 * The scroll-shadow background of a box that scrolls sideways (pure CSS, no listener): covers in
 * the surface colour scroll with the content, shadows stay at the box's edges. Written as
 * longhands (the shorthand with four layers is more than jsdom's CSS parser will read).
 */
function scrollShadows(surface: string, dark: boolean) {
  const shade = dark ? 'rgba(0,0,0,0.55)' : 'rgba(15,31,26,0.18)';
  return {
    backgroundColor: surface,
    backgroundImage: [
      `linear-gradient(to right, ${surface} 30%, transparent)`,
      `linear-gradient(to left, ${surface} 30%, transparent)`,
      `radial-gradient(farthest-side at 0 50%, ${shade}, transparent)`,
      `radial-gradient(farthest-side at 100% 50%, ${shade}, transparent)`,
    ].join(', '),
    backgroundPosition: 'left center, right center, left center, right center',
    backgroundSize: '32px 100%, 32px 100%, 12px 100%, 12px 100%',
    backgroundRepeat: 'no-repeat',
    backgroundAttachment: 'local, local, scroll, scroll',
  };
}

function build(mode: 'light' | 'dark', base: RaThemeOptions): RaThemeOptions {
  const dark = mode === 'dark';
  return {
    ...base,
    palette: {
      ...base.palette,
      mode,
      primary: dark
        ? { main: EMERALD[400], light: EMERALD[300], dark: EMERALD[600], contrastText: '#052e21' }
        : { main: EMERALD[700], light: EMERALD[600], dark: EMERALD[800], contrastText: '#ffffff' },
      // MUI's light orange (3.1:1 under white chip text) and light blue (3.9:1) are too pale for
      // text: amber 700 and a deeper blue (5.0:1 and 4.8:1 on white)
      ...(dark
        ? { error: { main: '#f44336', light: '#e57373', dark: '#d32f2f', contrastText: 'rgba(0,0,0,0.87)' } }
        : {
          warning: { main: '#b45309', light: '#d97706', dark: '#92400e', contrastText: '#ffffff' },
          info: { main: '#0277bd', light: '#0288d1', dark: '#01579b', contrastText: '#ffffff' },
        }),
      secondary: dark
        ? { main: '#94a3b8', light: '#cbd5e1', dark: '#64748b', contrastText: '#0f172a' }
        : { main: '#334155', light: '#475569', dark: '#1e293b', contrastText: '#ffffff' },
      background: dark ? { default: '#0a110f', paper: '#111a17' } : { default: '#f5f7f6', paper: '#ffffff' },
      text: dark
        ? { primary: '#e7efeb', secondary: '#9fb1a9' }
        : { primary: '#0f1f1a', secondary: '#52615b' },
      divider: dark ? 'rgba(255,255,255,0.09)' : 'rgba(15,31,26,0.10)',
    },
    shape: { borderRadius: 10 },
    typography: {
      fontFamily,
      h1: { fontWeight: 800, letterSpacing: '-0.03em' },
      h2: { fontWeight: 800, letterSpacing: '-0.025em' },
      h3: { fontWeight: 750, letterSpacing: '-0.02em' },
      h4: { fontWeight: 700, letterSpacing: '-0.015em' },
      h5: { fontWeight: 700, letterSpacing: '-0.01em' },
      h6: { fontWeight: 650 },
      button: { textTransform: 'none', fontWeight: 600, letterSpacing: 0 },
    },
    sidebar: { width: 240, closedWidth: 56 },
    components: {
      ...base.components,
      MuiDialog: { defaultProps: { transitionDuration: DIALOG_TRANSITION_MS } },
      // A table wider than its box scrolls inside it, and shows that it does: a shadow on the side
      // with more to see (the covers scroll with the content, the shadows stay with the box).
      // …and the keyboard can reach it to scroll it (a table of figures has nothing else to focus)
      MuiTableContainer: { defaultProps: { tabIndex: 0 }, styleOverrides: { root: { overflowX: 'auto', ...scrollShadows(dark ? '#111a17' : '#ffffff', dark) } } },
      // The bulk-actions bar with nothing selected is folded over the table's header: hidden, so
      // its Delete is neither reached by Tab nor over the header's sort buttons.
      RaDatagrid: {
        styleOverrides: {
          root: {
            '& .RaDatagrid-tableWrapper': { overflowX: 'auto', ...scrollShadows(dark ? '#111a17' : '#ffffff', dark) },
            '& .RaBulkActionsToolbar-collapsed': { visibility: 'hidden' },
          },
        },
      },
      // A checkbox's aria-label names its input, not the span around it (react-admin gives each
      // list row's checkbox "Select this row" as a plain prop, which MUI puts on the span, where
      // it names nothing and the checkbox itself is unlabelled).
      MuiCheckbox: {
        defaultProps: {
          slotProps: {
            root: () => ({ 'aria-label': undefined }),
            input: (state: Record<string, unknown>) => {
              const given = (state.inputProps ?? {}) as Record<string, unknown>;
              // "mixed" goes to the checkbox's own indeterminate state (aria-checked on a native
              // checkbox is ignored by browsers)
              const indeterminate = !!state.indeterminate;
              const mark = (el: HTMLInputElement | null) => { if (el) el.indeterminate = indeterminate; };
              return { ...given, 'aria-label': (given['aria-label'] ?? state['aria-label']) as string | undefined, 'aria-checked': undefined, ref: mark };
            },
          },
        },
      },
      MuiButton: {
        defaultProps: { disableElevation: true },
        styleOverrides: { root: { borderRadius: 10 }, sizeLarge: { padding: '10px 22px', fontSize: '1rem' } },
      },
      // One field style everywhere: outlined, normal height (react-admin's default is filled/small).
      MuiTextField: { defaultProps: { variant: 'outlined', size: 'medium', margin: 'dense' } },
      MuiFormControl: { defaultProps: { variant: 'outlined', size: 'medium', margin: 'dense' } },
      RaPasswordInput: { defaultProps: { size: 'medium' } }, // react-admin forces small otherwise
      MuiPaper: {
        styleOverrides: {
          root: { backgroundImage: 'none' },
          outlined: { borderColor: dark ? 'rgba(255,255,255,0.09)' : 'rgba(15,31,26,0.10)' },
        },
      },
      MuiCard: {
        defaultProps: { variant: 'outlined' },
        styleOverrides: { root: { borderRadius: 14 } },
      },
      MuiAppBar: {
        styleOverrides: {
          colorSecondary: {
            backgroundColor: dark ? '#0d1613' : '#ffffff',
            color: dark ? '#e7efeb' : '#0f1f1a',
            boxShadow: 'none',
            borderBottom: `1px solid ${dark ? 'rgba(255,255,255,0.08)' : 'rgba(15,31,26,0.08)'}`,
          },
        },
      },
      RaMenuItemLink: {
        styleOverrides: {
          root: {
            borderRadius: 8,
            margin: '2px 8px',
            '&.RaMenuItemLink-active': {
              backgroundColor: dark ? 'rgba(52,211,153,0.12)' : EMERALD[50],
              color: dark ? EMERALD[300] : EMERALD[800],
              fontWeight: 600,
              '& .RaMenuItemLink-icon': { color: 'inherit' },
            },
          },
        },
      },
    },
  };
}

export const lightTheme = build('light', defaultLightTheme);
export const darkTheme = build('dark', defaultDarkTheme);
