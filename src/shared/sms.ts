// SMS length rules (product section 5): a message that fits the GSM 03.38 alphabet is sent as
// GSM-7, 160 characters in one segment or 153 per segment when it is split; anything else is sent
// as UCS-2, 70 in one segment or 67 per segment. Characters of the GSM extension table
// (^ { } \ [ ~ ] | € and form feed) take two places (an escape and the character), and a split
// never separates such a pair, nor the two halves of a UCS-2 surrogate pair (emoji).
// Credits are segments × recipients, counted after the placeholders are filled.

export type SmsEncoding = 'GSM-7' | 'UCS-2';

export interface SmsCount {
  encoding: SmsEncoding;
  /** Characters as the network counts them: GSM-7 septets or UCS-2 code units. */
  units: number;
  /** 0 for an empty text. */
  segments: number;
  /** Room in one segment for this text's encoding and length (160/153 or 70/67). */
  perSegment: number;
  /** Places left in the last segment before another one starts. */
  remaining: number;
}

export const GSM_SINGLE = 160;
export const GSM_MULTI = 153;
export const UCS2_SINGLE = 70;
export const UCS2_MULTI = 67;

const GSM_BASIC = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
const GSM_EXTENDED = new Set('^{}\\[~]|€\f');

/** True when every character of the text is in the GSM-7 alphabet (basic or extension table). */
export function isGsm7(text: string): boolean {
  for (const ch of text) if (!GSM_BASIC.has(ch) && !GSM_EXTENDED.has(ch)) return false;
  return true;
}

/** Packs indivisible pieces of `sizes` places into segments of `room`; returns the count and the last one's fill. */
function pack(sizes: number[], room: number): { segments: number; last: number } {
  let segments = 1;
  let last = 0;
  for (const size of sizes) {
    if (last + size > room) {
      segments += 1;
      last = 0;
    }
    last += size;
  }
  return { segments, last };
}

/** Segments of one SMS text. */
export function smsSegments(text: string): SmsCount {
  const gsm = isGsm7(text);
  const encoding: SmsEncoding = gsm ? 'GSM-7' : 'UCS-2';
  // Each entry is one character that cannot be split: its width in septets or code units.
  const sizes = [...text].map((ch) => (gsm ? (GSM_EXTENDED.has(ch) ? 2 : 1) : ch.length));
  const units = sizes.reduce((a, b) => a + b, 0);
  const single = gsm ? GSM_SINGLE : UCS2_SINGLE;
  const multi = gsm ? GSM_MULTI : UCS2_MULTI;
  if (units === 0) return { encoding, units, segments: 0, perSegment: single, remaining: single };
  if (units <= single) return { encoding, units, segments: 1, perSegment: single, remaining: single - units };
  const { segments, last } = pack(sizes, multi);
  return { encoding, units, segments, perSegment: multi, remaining: multi - last };
}

/** Credits a send uses: the segments of each recipient's own (filled) text, added up. */
export function smsCredits(texts: readonly string[]): number {
  return texts.reduce((total, t) => total + smsSegments(t).segments, 0);
}
