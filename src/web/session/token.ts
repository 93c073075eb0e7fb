// The seed's expiry rule for stored tokens (section 4): a token counts as expired when no expiry
// is set, or when its expiry time has been reached.

export type Expiry = string | number | Date | null | undefined;

export function isTokenExpired(expiresAt: Expiry, now: number = Date.now()): boolean {
  if (expiresAt == null || expiresAt === '') return true;
  const time = expiresAt instanceof Date ? expiresAt.getTime() : typeof expiresAt === 'number' ? expiresAt : Date.parse(expiresAt);
  if (Number.isNaN(time)) return true;
  return time <= now;
}
