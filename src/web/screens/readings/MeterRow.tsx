// One meter on the walk: its house, its last reading, the new reading typed, what it uses and
// whether that looks wrong, and its own Save.
import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, Checkbox, Chip, FormControlLabel, Paper, TextField, Typography } from '@mui/material';
import CheckCircleRoundedIcon from '@mui/icons-material/CheckCircleRounded';
import { useTranslate } from 'react-admin';
import { formatDay } from '../../../shared/format';
import { consumptionOf, consumptionWarning, fromThousandths, thousandths } from '../../../shared/meter-readings';
import { describeFailure } from '../../components/server-errors';
import { postAction } from '../common/api';
import { humanise } from '../../generic/labels';

export interface WalkMeter {
  meter_id: string; number: string; utility: string; unit: string; house_id: string; house_number: string;
  last: { id: string; date: string; value: string; invoice_id: string | null } | null;
  recent: string[];
}

const UNITS: Record<string, string> = { m3: 'm³', kwh: 'kWh', litre: 'L', unit: '' };

/** The average of the recent consumptions, to three places. */
function average(recent: readonly string[]): string | null {
  const xs = recent.map(thousandths).filter((x): x is bigint => x !== null);
  return xs.length ? fromThousandths(xs.reduce((s, x) => s + x, 0n) / BigInt(xs.length)) : null;
}

export function MeterRow({ meter, date, onSaved }: { meter: WalkMeter; date: string; onSaved: () => void }) {
  const translate = useTranslate();
  const [value, setValue] = useState('');
  const [replacement, setReplacement] = useState(false);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const unit = UNITS[meter.unit] ?? meter.unit;
  const typed = thousandths(value) !== null;
  const used = typed && meter.last && !replacement ? consumptionOf(value, meter.last.value) : null;
  const warning = consumptionWarning(used, meter.recent);
  const id = `reading-${meter.meter_id}`;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!typed) return;
    setSaving(true);
    setError(null);
    try {
      await postAction('/readings', { meter_id: meter.meter_id, date, value: value.trim(), replacement });
      setSaved(value.trim());
      setValue('');
      setReplacement(false);
      onSaved();
    } catch (err) {
      const f = describeFailure(err);
      setError(f.fields ? Object.values(f.fields).join(' ') : translate(f.message ?? 'ra.notification.http_error'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Box component="li">
      <Paper variant="outlined" component="form" onSubmit={submit} sx={{ p: 1.5, borderColor: error ? 'error.main' : warning ? 'warning.main' : undefined }}>
        <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}>
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>{translate('screens.meter_walk.house', { number: meter.house_number })}</Typography>
          <Typography variant="body2" color="text.secondary">
            {translate(`resources.meters.choices.utility.${meter.utility}`, { _: humanise(meter.utility) })} · {meter.number}
          </Typography>
          {saved !== null ? (
            <Chip size="small" color="success" icon={<CheckCircleRoundedIcon />} label={translate('screens.meter_walk.saved_value', { value: saved, unit })} sx={{ ml: 'auto' }} />
          ) : null}
        </Box>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {meter.last
            ? translate('screens.meter_walk.last', { value: meter.last.value, unit, date: formatDay(meter.last.date) })
            : translate('screens.meter_walk.first')}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
          <TextField
            id={id} size="small" fullWidth value={value} onChange={(e) => { setValue(e.target.value); setError(null); }}
            label={translate('screens.meter_walk.reading', { unit })}
            error={!!error || (value !== '' && !typed)}
            helperText={used !== null ? translate('screens.meter_walk.uses', { value: used, unit }) : ' '}
            slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off', 'aria-describedby': `${id}-warning` } }}
          />
          <Button type="submit" variant="contained" disabled={!typed || saving} sx={{ minWidth: 88, height: 40 }}>
            {translate('screens.meter_walk.save')}
          </Button>
        </Box>
        {warning ? (
          <Alert id={`${id}-warning`} severity="warning" sx={{ mt: 0.5, py: 0 }}>
            {warning === 'lower'
              ? translate('screens.meter_walk.lower')
              : translate('screens.meter_walk.high', { average: average(meter.recent) ?? '', unit })}
          </Alert>
        ) : null}
        {warning === 'lower' || replacement ? (
          <FormControlLabel
            control={<Checkbox checked={replacement} onChange={(e) => setReplacement(e.target.checked)} />}
            label={translate('screens.meter_walk.replacement')}
          />
        ) : null}
        {error ? <Alert severity="error" sx={{ mt: 0.5 }}>{error}</Alert> : null}
      </Paper>
    </Box>
  );
}
