// Local flags for mui-tel-input (its default loads images from flagcdn.com). Emoji flags where the
// system draws them (phones, macOS); elsewhere (Windows and Linux desktops draw the two letters or
// an empty box) a neat badge with the ISO code. Kenya, the usual choice, gets a drawn flag.
import PublicIcon from '@mui/icons-material/Public';
import type { MuiTelInputProps } from 'mui-tel-input';

export function flagEmoji(iso: string): string {
  return [...iso.toUpperCase()].map((c) => String.fromCodePoint(0x1f1e6 + c.charCodeAt(0) - 65)).join('');
}

let emojiFlags: boolean | null = null;

/** Whether this browser paints flag emoji in colour (checked once, on a tiny canvas). */
export function supportsFlagEmoji(): boolean {
  if (emojiFlags !== null) return emojiFlags;
  emojiFlags = false;
  try {
    if (typeof document === 'undefined' || /jsdom/i.test(navigator.userAgent)) return emojiFlags;
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 24;
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    if (!ctx) return emojiFlags;
    ctx.textBaseline = 'top';
    ctx.font = '20px "Apple Color Emoji","Segoe UI Emoji","Noto Color Emoji",sans-serif';
    ctx.fillText(flagEmoji('KE'), 0, 0);
    const data = ctx.getImageData(0, 0, 24, 24).data;
    for (let i = 0; i < data.length; i += 4) {
      const [r, g, b, a] = [data[i], data[i + 1], data[i + 2], data[i + 3]];
      if (a > 0 && (Math.abs(r - g) > 20 || Math.abs(g - b) > 20)) {
        emojiFlags = true;
        break;
      }
    }
  } catch {
    emojiFlags = false;
  }
  return emojiFlags;
}

function KenyaFlag() {
  return (
    <svg width="24" height="16" viewBox="0 0 30 20" aria-hidden="true" style={{ display: 'block', borderRadius: 2 }}>
      <rect width="30" height="20" fill="#fff" />
      <rect width="30" height="6" fill="#000" />
      <rect y="7" width="30" height="6" fill="#bb0000" />
      <rect y="14" width="30" height="6" fill="#006600" />
      <path d="M11.5 4.2 18.5 15.8M18.5 4.2 11.5 15.8" stroke="#fff" strokeWidth="0.9" />
      <ellipse cx="15" cy="10" rx="3.1" ry="5.6" fill="#000" />
      <ellipse cx="15" cy="10" rx="1.9" ry="5.4" fill="#bb0000" />
      <path d="M15 5.6v8.8" stroke="#fff" strokeWidth="0.7" />
      <ellipse cx="15" cy="10" rx="0.8" ry="1.4" fill="#fff" />
    </svg>
  );
}

const frame = {
  width: 26,
  height: 18,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
} as const;

export const getFlagElement: NonNullable<MuiTelInputProps['getFlagElement']> = (iso, { countryName }) => {
  let inner;
  if (iso === 'KE') inner = <KenyaFlag />;
  else if (supportsFlagEmoji()) inner = <span style={{ fontSize: 20, lineHeight: 1 }}>{flagEmoji(iso)}</span>;
  else
    inner = (
      <span
        style={{
          font: '700 9.5px/1 system-ui, sans-serif',
          letterSpacing: '0.04em',
          padding: '3px 3px',
          borderRadius: 3,
          border: '1px solid currentColor',
          opacity: 0.7,
        }}
      >
        {iso}
      </span>
    );
  return (
    <span className="keja-flag" role="img" aria-label={countryName} data-country={iso} style={frame}>
      {inner}
    </span>
  );
};

export const unknownFlag = <PublicIcon fontSize="small" sx={{ color: 'text.secondary' }} data-country="unknown" />;
