// A web address to copy into another system (Daraja's C2B URLs, the SMS provider's delivery
// report URL): read-only, in monospace, selected whole on focus, with a copy button.
import { useState } from 'react';
import { IconButton, InputAdornment, TextField, Tooltip } from '@mui/material';
import ContentCopyRoundedIcon from '@mui/icons-material/ContentCopyRounded';
import { useTranslate } from 'react-admin';

export function UrlField({ label, value }: { label: string; value: string }) {
  const translate = useTranslate();
  const [copied, setCopied] = useState(false);
  const copy = () => {
    void navigator.clipboard?.writeText(value).then(() => {
      setCopied(true);
      setTimeout(() => setCopied(false), 1500);
    });
  };
  return (
    <TextField
      fullWidth
      size="small"
      label={label}
      value={value}
      slotProps={{
        htmlInput: { readOnly: true, spellCheck: false, style: { fontFamily: 'monospace', fontSize: 13 } },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <Tooltip title={translate(copied ? 'screens.payment_channels.copied' : 'screens.payment_channels.copy')}>
                <IconButton edge="end" size="small" onClick={copy} aria-label={`${translate('screens.payment_channels.copy')}: ${label}`}>
                  <ContentCopyRoundedIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            </InputAdornment>
          ),
        },
      }}
      onFocus={(e) => e.target.select()}
    />
  );
}
