// Pieces the three statements share: the period fields, the CSV/PDF/Print buttons, the print
// stylesheet, figure tiles and the empty and error states.
import { useState, type ReactNode } from 'react';
import {
  Alert, Box, Button, Card, CardContent, Chip, CircularProgress, GlobalStyles, Paper, Stack, TextField, Typography,
} from '@mui/material';
import DownloadRoundedIcon from '@mui/icons-material/DownloadRounded';
import PictureAsPdfRoundedIcon from '@mui/icons-material/PictureAsPdfRounded';
import PrintRoundedIcon from '@mui/icons-material/PrintRounded';
import { useLocaleState, useTranslate } from 'react-admin';
import { useToast } from '../components/toast/ToastProvider';
import { useSession } from '../session/session-store';
import { hasPermission } from '../routing/access';
import { download, type Query } from './api';
import { isDate, preset, type Period, type PresetKey } from './dates';
import { money, sign } from './format';
import { formatDateTime } from '../../shared/format';

/**
 * On paper: no app bar, no menu, no filters or buttons; the statement alone, full width.
 * Elements marked data-no-print are hidden; data-print-only shows only on paper.
 */
export function PrintStyles() {
  return (
    <GlobalStyles
      styles={{
        '[data-print-only]': { display: 'none' },
        '@media print': {
          '@page': { margin: '14mm 12mm' },
          'header, .MuiAppBar-root, .RaSidebar-root, .MuiDrawer-root, [data-no-print], .RaLayout-appFrame > .MuiToolbar-root': { display: 'none !important' },
          '[data-print-only]': { display: 'block !important' },
          'html, body, #root, .RaLayout-root, .RaLayout-appFrame, .RaLayout-contentWithSidebar, .RaLayout-content': {
            background: '#fff !important', color: '#000 !important', margin: '0 !important', padding: '0 !important',
            minHeight: '0 !important', height: 'auto !important', overflow: 'visible !important',
          },
          '.MuiPaper-root, .MuiCard-root': { boxShadow: 'none !important', background: '#fff !important' },
          'table': { pageBreakInside: 'auto' },
          'tr': { pageBreakInside: 'avoid' },
          '[data-print-full]': { maxWidth: 'none !important', width: '100% !important' },
        },
      }}
    />
  );
}

/** The period: from and to dates and a few presets. */
export function PeriodFields({ value, onChange }: { value: Period; onChange: (p: Period) => void }) {
  const translate = useTranslate();
  const presets: PresetKey[] = ['this_month', 'last_month', 'this_year', 'last_year'];
  const current = presets.find((k) => {
    const p = preset(k);
    return p.from === value.from && p.to === value.to;
  });
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
      <TextField
        type="date"
        size="small"
        label={translate('money.period.from')}
        value={value.from}
        onChange={(e) => isDate(e.target.value) && onChange({ ...value, from: e.target.value })}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: value.to, 'data-testid': 'period-from' } }}
        sx={{ width: 170 }}
      />
      <TextField
        type="date"
        size="small"
        label={translate('money.period.to')}
        value={value.to}
        onChange={(e) => isDate(e.target.value) && onChange({ ...value, to: e.target.value })}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: value.from, 'data-testid': 'period-to' } }}
        sx={{ width: 170 }}
      />
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.75 }}>
        {presets.map((k) => (
          <Chip
            key={k}
            size="small"
            label={translate(`money.period.${k}`)}
            color={current === k ? 'primary' : 'default'}
            variant={current === k ? 'filled' : 'outlined'}
            onClick={() => onChange(preset(k))}
          />
        ))}
      </Stack>
    </Box>
  );
}

/** CSV, PDF (need export.statement) and Print. */
export function ReportActions({ path, query, disabled }: { path: string | null; query: Query; disabled?: boolean }) {
  const translate = useTranslate();
  const toast = useToast();
  const { permissions } = useSession();
  const [busy, setBusy] = useState<'csv' | 'pdf' | null>(null);
  const canExport = hasPermission(permissions, 'export.statement');
  const get = async (format: 'csv' | 'pdf') => {
    if (!path) return;
    setBusy(format);
    try {
      await download(path, query, format);
    } catch (e) {
      toast.add({ severity: 'error', summary: translate('money.download_failed'), detail: e instanceof Error ? e.message : String(e), life: 6000 });
    } finally {
      setBusy(null);
    }
  };
  const off = disabled || !path;
  return (
    <Stack direction="row" spacing={1} data-no-print sx={{ flexWrap: 'wrap', gap: 1, '& > *': { m: '0 !important' } }}>
      {canExport ? (
        <>
          <Button
            variant="outlined"
            size="small"
            disabled={off || busy !== null}
            startIcon={busy === 'csv' ? <CircularProgress size={16} /> : <DownloadRoundedIcon />}
            onClick={() => void get('csv')}
          >
            {translate('money.actions.csv')}
          </Button>
          <Button
            variant="outlined"
            size="small"
            disabled={off || busy !== null}
            startIcon={busy === 'pdf' ? <CircularProgress size={16} /> : <PictureAsPdfRoundedIcon />}
            onClick={() => void get('pdf')}
          >
            {translate('money.actions.pdf')}
          </Button>
        </>
      ) : null}
      <Button variant="outlined" size="small" disabled={off} startIcon={<PrintRoundedIcon />} onClick={() => window.print()}>
        {translate('money.actions.print')}
      </Button>
    </Stack>
  );
}

/** A page heading with its actions on the right (stacked on a phone). */
export function ReportHeader({ title, subtitle, actions }: { title: string; subtitle?: ReactNode; actions?: ReactNode }) {
  const { organization } = useSession();
  const [locale] = useLocaleState();
  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: { xs: 'flex-start', md: 'center' }, flexDirection: { xs: 'column', md: 'row' }, mb: 2 }}>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        {/* on paper: whose statement this is and when it was printed */}
        <Typography data-print-only variant="body2" sx={{ fontWeight: 700, mb: 0.5 }}>
          {organization?.name} · {formatDateTime(new Date(), `${locale}-KE`)}
        </Typography>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        {subtitle ? (
          <Typography color="text.secondary" variant="body2" sx={{ mt: 0.25 }}>
            {subtitle}
          </Typography>
        ) : null}
      </Box>
      {actions}
    </Box>
  );
}

/** The filters panel (hidden on paper). */
export function FilterPanel({ children }: { children: ReactNode }) {
  return (
    <Paper variant="outlined" data-no-print sx={{ p: 2, mb: 2.5, display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', borderRadius: 2 }}>
      {children}
    </Paper>
  );
}

/** One figure: a label over an amount. `tone` colours a balance owed (warning) or in credit (success). */
export function Figure({ label, value, strong, tone, testId, hint, span }: { label: string; value: string; strong?: boolean; tone?: 'owed' | 'neutral'; testId?: string; hint?: ReactNode; span?: boolean }) {
  const s = sign(value);
  const color = tone === 'owed' ? (s > 0 ? 'warning.dark' : s < 0 ? 'success.main' : 'text.primary') : 'text.primary';
  return (
    <Card variant="outlined" sx={{ borderRadius: 2, ...(strong ? { borderColor: 'primary.main', borderWidth: 2 } : {}), ...(span ? { gridColumn: { xs: 'span 2', sm: 'auto' } } : {}) }} data-testid={testId}>
      <CardContent sx={{ p: 1.75, '&:last-child': { pb: 1.75 } }}>
        <Typography variant="caption" color="text.secondary" sx={{ fontWeight: 600, textTransform: 'uppercase', letterSpacing: '0.04em' }}>
          {label}
        </Typography>
        <Typography sx={{ fontWeight: strong ? 800 : 700, fontSize: { xs: strong ? '1rem' : '0.9rem', sm: strong ? '1.25rem' : '1.1rem' }, color, fontVariantNumeric: 'tabular-nums' }}>
          {money(value)}
        </Typography>
        {hint ? (
          <Typography variant="caption" color="text.secondary">
            {hint}
          </Typography>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** Figures two to a row on a phone, three on a laptop, up to `wide` on a wide screen. */
export function FigureGrid({ children, wide = 6 }: { children: ReactNode; wide?: number }) {
  return (
    <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))', xl: `repeat(${wide}, minmax(0, 1fr))` }, mb: 2.5 }}>
      {children}
    </Box>
  );
}

export function EmptyState({ icon, title, text }: { icon?: ReactNode; title: string; text?: string }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center', borderRadius: 2, borderStyle: 'dashed' }}>
      {icon ? <Box sx={{ color: 'primary.main', mb: 1, '& svg': { fontSize: 44 } }}>{icon}</Box> : null}
      <Typography variant="h6">{title}</Typography>
      {text ? (
        <Typography color="text.secondary" sx={{ mt: 0.5, maxWidth: 520, mx: 'auto' }}>
          {text}
        </Typography>
      ) : null}
    </Paper>
  );
}

export function LoadError({ error, onRetry }: { error: Error; onRetry?: () => void }) {
  const translate = useTranslate();
  return (
    <Alert
      severity="error"
      sx={{ mb: 2 }}
      action={
        onRetry ? (
          <Button color="inherit" size="small" onClick={onRetry}>
            {translate('money.retry')}
          </Button>
        ) : undefined
      }
    >
      {translate('money.load_failed')} {error.message}
    </Alert>
  );
}

export function Loading() {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }} role="progressbar" aria-busy="true">
      <CircularProgress />
    </Box>
  );
}

/**
 * Keeps a wide table from widening the page: the layout's content column grows to its children's
 * narrowest width, so the table sits in a box that counts as 0 wide and then takes 100 %; the
 * table scrolls sideways inside its container instead.
 */
export function Fit({ children }: { children: ReactNode }) {
  return <Box sx={{ width: 0, minWidth: '100%' }}>{children}</Box>;
}

/** Right-aligned tabular money in a table cell. */
export const moneyCellSx = { textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
