// Seed section 9 on screen: the primary colour is of the emerald family in light and dark mode,
// and amounts go through the en-KE / KES formatter, a non-numeric one showing as 0.
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { ThemeProvider, createTheme, Button } from '@mui/material';
import { darkTheme, EMERALD, lightTheme } from '../../src/web/theme';
import { formatCurrency } from '../../src/shared/format';

/** The hue of a #rrggbb colour, in degrees. */
function hue(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const max = Math.max(r, g, b);
  const d = max - Math.min(r, g, b);
  if (d === 0) return 0;
  const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return (h * 60 + 360) % 360;
}

describe('the theme', () => {
  it('has an emerald primary in light and dark mode', () => {
    for (const theme of [lightTheme, darkTheme]) {
      const main = String((theme.palette?.primary as { main: string }).main);
      expect(Object.values(EMERALD)).toContain(main);
      // emerald greens sit between green (120°) and teal (180°)
      expect(hue(main)).toBeGreaterThan(150);
      expect(hue(main)).toBeLessThan(165);
    }
  });

  it('paints a primary button emerald 700 (white on it is 5.5:1)', () => {
    render(<ThemeProvider theme={createTheme(lightTheme as object)}><Button variant="contained">Save</Button></ThemeProvider>);
    const style = getComputedStyle(screen.getByRole('button', { name: 'Save' }));
    // MUI 7 paints a contained button through its variant variable
    expect(style.backgroundColor).toBe('var(--variant-containedBg)');
    expect(style.getPropertyValue('--variant-containedBg').toLowerCase()).toBe(EMERALD[700]);
  });
});

describe('amounts on screen', () => {
  it('are en-KE shillings, and anything non-numeric is Ksh 0.00', () => {
    render(<p>{formatCurrency('15300.5')} · {formatCurrency('not a number')} · {formatCurrency(undefined)}</p>);
    expect(screen.getByText('Ksh 15,300.50 · Ksh 0.00 · Ksh 0.00', { normalizer: (s) => s.replace(/\u00a0/g, ' ') })).toBeInTheDocument();
  });
});
