// The SMS counter under a message text: characters, segments and encoding, and with recipients
// the credits a send will use (segments × recipients, after the placeholders are filled).
import { Box, Chip, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { smsSegments } from '../../../shared/sms';

export function SmsCounter({ text, credits, recipients }: { text: string; credits?: number; recipients?: number }) {
  const translate = useTranslate();
  const c = smsSegments(text);
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }} data-testid="sms-counter" aria-live="polite">
      <Chip size="small" variant="outlined" label={translate('screens.sms.characters', { smart_count: c.units, n: c.units })} />
      <Chip size="small" color={c.segments > 1 ? 'warning' : 'primary'} label={translate('screens.sms.segments', { smart_count: c.segments, n: c.segments })} data-testid="sms-segments" />
      <Chip size="small" variant="outlined" label={c.encoding} title={translate(c.encoding === 'GSM-7' ? 'screens.sms.gsm_hint' : 'screens.sms.ucs_hint')} />
      <Typography variant="caption" color="text.secondary">
        {translate('screens.sms.remaining', { n: c.remaining, per: c.perSegment })}
      </Typography>
      {credits != null ? (
        <Chip size="small" color="secondary" label={translate('screens.sms.credits', { smart_count: credits, n: credits, recipients: recipients ?? 0 })} data-testid="sms-credits" />
      ) : null}
    </Box>
  );
}
