// The caretaker’s walk round a property (/read-meters/:property_id?), phone first: each house's
// meter with its last reading, a box for the new one, the consumption it makes and a warning when
// it looks wrong (lower than the last, or more than twice the recent average), saved one by one
// (POST /readings). The server keeps the chain and refuses what is wrong; the screen only warns.
import { useCallback, useEffect, useState } from 'react';
import { Alert, Box, LinearProgress, MenuItem, TextField, Typography } from '@mui/material';
import { Title, useGetList, useTranslate } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import { api } from '../../providers/http-client';
import { todayInNairobi } from '../common/api';
import { MeterRow, type WalkMeter } from './MeterRow';

interface Walk { property: { id: string; name: string }; meters: WalkMeter[] }

export function MeterWalk() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const propertyId = useParams().property_id ?? '';
  const [date, setDate] = useState(todayInNairobi());
  const [walk, setWalk] = useState<Walk | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [done, setDone] = useState<Set<string>>(new Set());
  const { data: properties = [] } = useGetList('properties', { pagination: { page: 1, perPage: 500 }, sort: { field: 'name', order: 'ASC' } });

  const load = useCallback(async () => {
    if (!propertyId) { setWalk(null); return; }
    setLoading(true);
    try {
      setWalk(await api<Walk>(`/readings/walk?property_id=${encodeURIComponent(propertyId)}`));
      setError(null);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setLoading(false);
    }
  }, [propertyId]);
  useEffect(() => { setDone(new Set()); void load(); }, [load]);

  const meters = walk?.meters ?? [];
  // read: saved on this walk, or already read on the walk's date (another device, a reload)
  const read = meters.filter((m) => done.has(m.meter_id) || m.last?.date === date).length;
  return (
    <Box sx={{ maxWidth: 720, mx: 'auto', width: '100%', pb: 6, pt: 1 }}>
      <Title title={translate('screens.meter_walk.title')} />
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>{translate('screens.meter_walk.title')}</Typography>
      <Typography color="text.secondary" variant="body2" sx={{ mb: 2 }}>{translate('screens.meter_walk.subtitle')}</Typography>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' }, mb: 2 }}>
        <TextField
          select fullWidth label={translate('screens.meter_walk.property')} value={propertyId}
          onChange={(e) => navigate(`/read-meters/${encodeURIComponent(e.target.value)}`)}
        >
          {properties.map((p) => <MenuItem key={String(p.id)} value={String(p.id)}>{String(p.name)}</MenuItem>)}
        </TextField>
        <TextField
          type="date" fullWidth label={translate('screens.meter_walk.date')} value={date}
          onChange={(e) => setDate(e.target.value)} slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: todayInNairobi() } }}
        />
      </Box>
      {loading ? <LinearProgress sx={{ mb: 1.5 }} /> : null}
      {error ? <Alert severity="error" sx={{ mb: 1.5 }}>{error}</Alert> : null}
      {!propertyId ? <Alert severity="info">{translate('screens.meter_walk.choose')}</Alert> : null}
      {walk && !meters.length ? <Alert severity="info">{translate('screens.meter_walk.none')}</Alert> : null}
      {meters.length ? (
        <Typography variant="subtitle2" color="text.secondary" sx={{ mb: 1 }} role="status">
          {translate('screens.meter_walk.progress', { done: read, total: meters.length })}
        </Typography>
      ) : null}
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
        {meters.map((m) => (
          <MeterRow
            key={m.meter_id} meter={m} date={date}
            onSaved={() => { setDone((s) => new Set(s).add(m.meter_id)); void load(); }}
          />
        ))}
      </Box>
    </Box>
  );
}
