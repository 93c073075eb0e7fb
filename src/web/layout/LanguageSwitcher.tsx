// English / Kiswahili. A word on wide screens, an icon on phones where the app bar is crowded.
import { useState } from 'react';
import { Button, IconButton, Menu, MenuItem, Tooltip, useMediaQuery, type Theme } from '@mui/material';
import TranslateRoundedIcon from '@mui/icons-material/TranslateRounded';
import ExpandMoreRoundedIcon from '@mui/icons-material/ExpandMoreRounded';
import { useLocaleState, useLocales, useTranslate } from 'react-admin';

export function LanguageSwitcher() {
  const translate = useTranslate();
  const languages = useLocales();
  const [locale, setLocale] = useLocaleState();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const compact = useMediaQuery((t: Theme) => t.breakpoints.down('sm'));
  if (languages.length < 2) return null;
  const current = languages.find((l) => l.locale === locale)?.name ?? locale;
  const label = `${translate('keja.common.language')}: ${current}`;
  return (
    <>
      {compact ? (
        <Tooltip title={current}>
          <IconButton color="inherit" aria-label={label} aria-haspopup="menu" onClick={(e) => setAnchor(e.currentTarget)}>
            <TranslateRoundedIcon />
          </IconButton>
        </Tooltip>
      ) : (
        <Button
          color="inherit"
          aria-label={label}
          aria-haspopup="menu"
          startIcon={<TranslateRoundedIcon />}
          endIcon={<ExpandMoreRoundedIcon fontSize="small" />}
          onClick={(e) => setAnchor(e.currentTarget)}
          sx={{ fontWeight: 600 }}
        >
          {current}
        </Button>
      )}
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {languages.map((l) => (
          <MenuItem
            key={l.locale}
            selected={l.locale === locale}
            lang={l.locale}
            onClick={() => {
              setLocale(l.locale);
              setAnchor(null);
            }}
          >
            {l.name}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
