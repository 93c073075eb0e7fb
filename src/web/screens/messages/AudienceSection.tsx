// The composer's "To whom": one tenant, a property's tenants or those owing at least an amount,
// and how many of them the message reaches (the server's count for the channel).
import { Alert, Box, Chip, FormControlLabel, LinearProgress, Radio, RadioGroup, TextField } from '@mui/material';
import { useTranslate, type RaRecord } from 'react-admin';
import { Section } from '../common/FormPage';
import { RecordPicker } from '../common/TenantPicker';
import type { AudienceKind, Channel, Plan } from './audience';

export interface AudienceChoice {
  kind: AudienceKind;
  tenant: RaRecord | null;
  property: RaRecord | null;
  minArrears: string;
}

export function AudienceSection({ choice, onChange, canArrears, channel, plan, loading, error }: {
  choice: AudienceChoice;
  onChange: (next: AudienceChoice) => void;
  canArrears: boolean;
  channel: Channel;
  plan: Plan | null;
  loading: boolean;
  error: string | null;
}) {
  const translate = useTranslate();
  const set = (patch: Partial<AudienceChoice>) => onChange({ ...choice, ...patch });
  const unreachable = plan ? plan.skipped.filter((s) => !s.missing?.length).length : 0;
  const reached = plan ? plan.messages.length + plan.skipped.length - unreachable : 0;
  return (
    <Section title={translate('screens.compose.audience')}>
      <RadioGroup row value={choice.kind} onChange={(e) => set({ kind: e.target.value as AudienceKind })} aria-label={translate('screens.compose.audience')}>
        <FormControlLabel value="tenant" control={<Radio />} label={translate('screens.compose.one_tenant')} />
        <FormControlLabel value="property" control={<Radio />} label={translate('screens.compose.property_tenants')} />
        <FormControlLabel value="arrears" control={<Radio />} label={translate('screens.compose.in_arrears')} disabled={!canArrears} />
      </RadioGroup>
      <Box sx={{ mt: 1.5 }}>
        {choice.kind === 'tenant' ? <RecordPicker resource="tenants" label={translate('screens.compose.tenant')} value={choice.tenant} onChange={(tenant) => set({ tenant })} /> : null}
        {choice.kind === 'property' ? <RecordPicker resource="properties" label={translate('screens.compose.property')} value={choice.property} onChange={(property) => set({ property })} /> : null}
        {choice.kind === 'arrears' ? (
          <TextField label={translate('screens.compose.min_arrears')} value={choice.minArrears} onChange={(e) => set({ minArrears: e.target.value })} slotProps={{ htmlInput: { inputMode: 'decimal' } }} helperText={translate('screens.compose.min_arrears_hint')} />
        ) : null}
      </Box>
      <Box sx={{ mt: 1.5, display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', minHeight: 32 }}>
        {loading && !plan ? <LinearProgress sx={{ flex: 1 }} aria-label={translate('screens.compose.recipients', { smart_count: 0, n: 0 })} /> : (
          <>
            <Chip color="primary" label={translate('screens.compose.recipients', { smart_count: reached, n: reached })} data-testid="recipient-count" />
            {unreachable ? <Chip variant="outlined" color="warning" label={translate(channel === 'sms' ? 'screens.compose.skipped_sms' : 'screens.compose.skipped_email', { smart_count: unreachable, n: unreachable })} /> : null}
          </>
        )}
      </Box>
      {error ? <Alert severity="error" sx={{ mt: 1.5 }}>{error}</Alert> : null}
    </Section>
  );
}
