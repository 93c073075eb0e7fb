// The composer's preview, from the server's plan: one recipient's message as it will go out, the
// SMS counter and credits against the balance, who gets nothing and why (no phone, or no value
// for a placeholder: "Chege: no value for {house_number}"), and every recipient to look at.
import { useState } from 'react';
import { Alert, Box, Chip, List, ListItemButton, ListItemText, Paper, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Section } from '../common/FormPage';
import { SmsCounter } from '../templates/SmsCounter';
import type { Channel, Plan } from './audience';

export function PreviewSection({ plan, channel, hasText }: { plan: Plan | null; channel: Channel; hasText: boolean }) {
  const translate = useTranslate();
  const [index, setIndex] = useState(0);
  const messages = hasText && plan ? plan.messages : [];
  const current = messages[Math.min(index, Math.max(0, messages.length - 1))];
  const incomplete = hasText && plan ? plan.skipped.filter((s) => s.missing?.length) : [];
  const short = channel === 'sms' && !!plan && plan.credits > plan.balance;
  const list = (xs: string[]) => xs.map((m) => `{${m}}`).join(', ');

  return (
    <Section title={translate('screens.compose.preview')}>
      {current ? (
        <>
          <Typography variant="caption" color="text.secondary">{translate('screens.compose.to', { name: current.name, to: current.to })}</Typography>
          <Paper variant="outlined" data-testid="compose-preview" sx={{ p: 1.75, my: 1, whiteSpace: 'pre-wrap', wordBreak: 'break-word', minHeight: 64, bgcolor: 'action.hover', borderRadius: '16px 16px 16px 4px' }}>
            {channel === 'email' && current.subject ? <Typography sx={{ fontWeight: 700, mb: 1 }}>{current.subject}</Typography> : null}
            {current.body}
          </Paper>
          {channel === 'sms' ? <SmsCounter text={current.body} credits={plan?.credits} recipients={messages.length} /> : null}
        </>
      ) : (
        <Typography color="text.secondary" variant="body2">
          {translate(!plan ? 'screens.compose.no_recipients' : hasText ? 'screens.compose_check.nobody_complete' : 'screens.compose_check.write')}
        </Typography>
      )}
      {incomplete.length ? (
        <Alert severity="warning" sx={{ mt: 1.5 }} data-testid="compose-incomplete">
          <Typography variant="body2" sx={{ fontWeight: 600 }}>{translate('screens.compose_check.not_sent', { smart_count: incomplete.length, n: incomplete.length })}</Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {incomplete.slice(0, 20).map((s) => (
              <li key={s.tenant_id}>{translate('screens.compose_check.lacks', { name: s.name, list: list(s.missing ?? []) })}</li>
            ))}
          </Box>
          {incomplete.length > 20 ? <Typography variant="caption">{translate('screens.compose_check.more', { n: incomplete.length - 20 })}</Typography> : null}
        </Alert>
      ) : null}
      {channel === 'sms' && plan && hasText ? (
        <Alert severity={short ? 'error' : 'info'} sx={{ mt: 1.5 }} data-testid="credit-balance">
          {translate(short ? 'screens.compose.short_of_credits' : 'screens.compose.balance', { balance: plan.balance, needed: plan.credits })}
        </Alert>
      ) : null}
      {messages.length > 1 ? (
        <List dense sx={{ maxHeight: 260, overflow: 'auto', mt: 1, border: 1, borderColor: 'divider', borderRadius: 1 }}>
          {messages.map((m, i) => (
            <ListItemButton key={m.tenant_id} selected={i === index} onClick={() => setIndex(i)}>
              <ListItemText primary={m.name} secondary={m.to} />
              {channel === 'sms' ? <Chip size="small" label={m.segments} /> : null}
            </ListItemButton>
          ))}
        </List>
      ) : null}
    </Section>
  );
}
