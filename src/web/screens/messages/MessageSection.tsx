// The composer's text: the channel, a template or free text, placeholders inserted where the
// cursor is, the email's subject and the time to send (empty: now).
import { useState } from 'react';
import { Chip, MenuItem, Stack, TextField, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useTranslate, type RaRecord } from 'react-admin';
import { Section } from '../common/FormPage';
import { PLACEHOLDERS, insertAt } from '../templates/placeholders';
import type { Channel } from './audience';

export interface MessageDraft {
  channel: Channel;
  templateId: string;
  subject: string;
  body: string;
  scheduledAt: string;
}

export function MessageSection({ draft, onChange, templates }: {
  draft: MessageDraft;
  onChange: (next: MessageDraft) => void;
  templates: RaRecord[];
}) {
  const translate = useTranslate();
  const [caret, setCaret] = useState<{ start: number; end: number } | null>(null);
  const set = (patch: Partial<MessageDraft>) => onChange({ ...draft, ...patch });

  const pickTemplate = (id: string) => {
    const t = templates.find((x) => String(x.id) === id);
    set(t ? { templateId: id, body: String(t.body ?? ''), subject: String(t.subject ?? '') } : { templateId: id });
  };
  const insert = (name: string) => {
    const at = caret ?? { start: draft.body.length, end: draft.body.length };
    const next = insertAt(draft.body, `{${name}}`, at.start, at.end);
    set({ body: next.text });
    setCaret({ start: next.caret, end: next.caret });
  };

  return (
    <Section title={translate('screens.compose.message')}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <ToggleButtonGroup exclusive size="small" value={draft.channel} onChange={(_, v: Channel | null) => { if (v) set({ channel: v, templateId: '' }); }}>
          <ToggleButton value="sms">SMS</ToggleButton>
          <ToggleButton value="email">{translate('screens.compose.email')}</ToggleButton>
        </ToggleButtonGroup>
        <TextField select size="small" label={translate('screens.compose.template')} value={draft.templateId} onChange={(e) => pickTemplate(e.target.value)} sx={{ minWidth: { sm: 260 } }}>
          <MenuItem value="">{translate('screens.compose.free_text')}</MenuItem>
          {templates.map((t) => <MenuItem key={String(t.id)} value={String(t.id)}>{String(t.name)}</MenuItem>)}
        </TextField>
      </Stack>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.75, mb: 1.5 }}>
        {PLACEHOLDERS.map((p) => (
          <Chip key={p} size="small" variant="outlined" color="primary" label={`{${p}}`} onMouseDown={(e) => e.preventDefault()} onClick={() => insert(p)} sx={{ fontFamily: 'monospace' }} />
        ))}
      </Stack>
      {draft.channel === 'email' ? (
        <TextField fullWidth label={translate('screens.compose.subject')} value={draft.subject} onChange={(e) => set({ subject: e.target.value })} sx={{ mb: 2 }} slotProps={{ htmlInput: { maxLength: 200 } }} />
      ) : null}
      <TextField
        fullWidth
        multiline
        minRows={5}
        label={translate('screens.compose.body')}
        value={draft.body}
        onChange={(e) => { set({ body: e.target.value }); setCaret({ start: e.target.selectionStart ?? e.target.value.length, end: e.target.selectionEnd ?? e.target.value.length }); }}
        onSelect={(e) => { const el = e.target as HTMLTextAreaElement; setCaret({ start: el.selectionStart, end: el.selectionEnd }); }}
        slotProps={{ htmlInput: { maxLength: 2000 } }}
      />
      <TextField
        type="datetime-local"
        label={translate('screens.compose.schedule')}
        value={draft.scheduledAt}
        onChange={(e) => set({ scheduledAt: e.target.value })}
        helperText={translate('screens.compose.schedule_hint')}
        slotProps={{ inputLabel: { shrink: true } }}
        sx={{ mt: 2 }}
      />
    </Section>
  );
}
