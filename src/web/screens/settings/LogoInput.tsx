// The organisation's logo, chosen from a file and kept as a data: URL (PNG or JPEG). The documents
// embed it from there: the server never fetches an image from a web address (SSRF), so a pasted
// link would never show on a PDF and is not offered.
import { useRef, useState } from 'react';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import ImageRoundedIcon from '@mui/icons-material/ImageRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import { useInput, useTranslate } from 'react-admin';

/** Bytes a logo may have: its data URL (4/3 of it, plus the header) stays under the field's 200,000 characters. */
export const MAX_LOGO_FILE_BYTES = 140 * 1024;

const readAsDataUrl = (file: File) => new Promise<string>((resolve, reject) => {
  const reader = new FileReader();
  reader.onload = () => resolve(String(reader.result));
  reader.onerror = () => reject(reader.error);
  reader.readAsDataURL(file);
});

export function LogoInput({ disabled }: { disabled?: boolean }) {
  const translate = useTranslate();
  const { field } = useInput({ source: 'logo' });
  const [error, setError] = useState<string | null>(null);
  const file = useRef<HTMLInputElement>(null);
  const value = typeof field.value === 'string' ? field.value : '';
  const shown = /^data:image\/(png|jpe?g);base64,/i.test(value);
  const choose = async (f: File | undefined) => {
    setError(null);
    if (!f) return;
    if (!['image/png', 'image/jpeg'].includes(f.type)) return setError(translate('screens.settings.logo_kind'));
    if (f.size > MAX_LOGO_FILE_BYTES) return setError(translate('screens.settings.logo_size', { kb: Math.round(MAX_LOGO_FILE_BYTES / 1024) }));
    field.onChange(await readAsDataUrl(f));
  };
  return (
    <Box sx={{ mt: 1, mb: 2 }}>
      <Typography variant="body2" sx={{ fontWeight: 600, mb: 1 }}>{translate('resources.settings.fields.logo', { _: 'Logo' })}</Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Box sx={{ width: 72, height: 72, borderRadius: 1, border: 1, borderColor: 'divider', display: 'grid', placeItems: 'center', overflow: 'hidden', bgcolor: 'background.default' }}>
          {shown ? <img src={value} alt={translate('screens.settings.logo_preview')} style={{ maxWidth: '100%', maxHeight: '100%' }} data-testid="logo-preview" />
            : <ImageRoundedIcon color="disabled" />}
        </Box>
        <Button variant="outlined" disabled={disabled} onClick={() => file.current?.click()} startIcon={<ImageRoundedIcon />}>
          {translate('screens.settings.logo_choose')}
        </Button>
        {value ? (
          <Button color="error" disabled={disabled} onClick={() => field.onChange(null)} startIcon={<DeleteOutlineRoundedIcon />}>
            {translate('screens.settings.logo_remove')}
          </Button>
        ) : null}
        <input ref={file} type="file" accept="image/png,image/jpeg" hidden data-testid="logo-file" onChange={(e) => { void choose(e.target.files?.[0]); e.target.value = ''; }} />
      </Stack>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
        {value && !shown ? translate('screens.settings.logo_not_embedded') : translate('screens.settings.logo_hint')}
      </Typography>
      {error ? <Alert severity="error" sx={{ mt: 1 }}>{error}</Alert> : null}
    </Box>
  );
}
