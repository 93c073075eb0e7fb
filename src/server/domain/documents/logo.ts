/** Largest logo we embed: a letterhead image, not a photo album. */
export const MAX_LOGO_BYTES = 512 * 1024;

/**
 * The organisation's logo as image bytes pdfkit can embed, or null. Only a `data:` URL of a PNG
 * or JPEG is read: the server never fetches a URL it was handed (an http(s) logo would let any
 * administrator make the server call an internal address, SSRF), so such a logo is simply left off.
 * The bytes must really be a PNG or JPEG (magic numbers), whatever the URL claims.
 */
export function logoBytes(logo: string | null | undefined): Buffer | null {
  if (!logo) return null;
  const m = /^data:image\/(png|jpe?g);base64,([A-Za-z0-9+/=\s]+)$/i.exec(logo.trim());
  if (!m) return null;
  const bytes = Buffer.from(m[2].replace(/\s+/g, ''), 'base64');
  if (!bytes.length || bytes.length > MAX_LOGO_BYTES) return null;
  const png = bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const jpeg = bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  return png || jpeg ? bytes : null;
}
