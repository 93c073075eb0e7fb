// Telephone constants and pure helpers (seed sections 5, 7 and 9). No React, no DOM.
import { AsYouType, getCountryCallingCode, type CountryCode } from 'libphonenumber-js';

/** Longest text a phone input accepts. */
export const PHONE_MAX_LENGTH = 25;
export const PHONE_PLACEHOLDER = 'Enter a phone number';
/** Longer text is not searched for a number at all (libphonenumber's own input cap). */
export const PHONE_EXTRACT_MAX_LENGTH = 250;
/** Keys typed within this time in the country list add up to one search. */
export const COUNTRY_TYPEAHEAD_MS = 700;
/** The country list opens upward when less room than this is left below the input. */
export const COUNTRY_MENU_MIN_SPACE_BELOW = 200;
export const PREFERRED_COUNTRY = 'KE';
export const DEFAULT_COUNTRY_LOOKUP_URL = 'https://ip2c.org/s';

/**
 * Reads an ip2c-style answer `status;ISO2;ISO3;Name` (e.g. `1;KE;KEN;Kenya`) and returns the
 * two-letter code, or null when the lookup did not succeed (status other than 1, `ZZ` for
 * reserved ranges, anything malformed).
 */
export function parseCountryLookup(answer: string | null | undefined): string | null {
  if (typeof answer !== 'string') return null;
  const [status, iso2] = answer.trim().split(';', 3);
  if (status !== '1' || !iso2) return null;
  const code = iso2.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(code) || code === 'ZZ') return null;
  return code;
}

/**
 * The country a phone input starts with: the looked-up one when the input offers it, else the
 * first preferred country the input offers (Kenya by default), else the first country listed.
 */
export function pickDefaultCountry(
  lookedUp: string | null | undefined,
  countries: readonly string[],
  preferred: readonly string[] = [PREFERRED_COUNTRY],
): string | undefined {
  if (lookedUp && countries.includes(lookedUp)) return lookedUp;
  const fallback = preferred.find((c) => countries.includes(c));
  return fallback ?? countries[0];
}

/**
 * Finds a phone number inside free text (a pasted message, a signature): returns it as `+digits`
 * or plain digits, or null. Text longer than PHONE_EXTRACT_MAX_LENGTH is refused outright.
 */
export function extractPhoneNumber(text: string | null | undefined): string | null {
  if (typeof text !== 'string' || text.length > PHONE_EXTRACT_MAX_LENGTH) return null;
  const match = /\+?\d[\d\s().-]{5,}\d/.exec(text);
  if (!match) return null;
  const raw = match[0];
  const digits = raw.replace(/\D/g, '');
  if (digits.length < 7 || digits.length > 15) return null;
  return raw.trimStart().startsWith('+') ? `+${digits}` : digits;
}

/**
 * A Kenyan mobile number in E.164 (`+2547XXXXXXXX` / `+2541XXXXXXXX`) from the forms people
 * type: 07…, 01…, 7…, 2547…, +2547…, with spaces or dashes. Null for anything else.
 */
export function normaliseKenyanMobile(text: string | null | undefined): string | null {
  if (typeof text !== 'string') return null;
  const compact = text.replace(/[\s-]/g, '');
  const m = /^(?:\+?254|0)?([17]\d{8})$/.exec(compact);
  return m ? `+254${m[1]}` : null;
}

/**
 * A number typed the national way (0712 345 678, the leading 0 being the national prefix of the
 * selected country) as the international number it means, in E.164 digits: also while it is
 * still being typed ('07' → '+2547'). Phone inputs that always show a '+' see it as
 * '+0712 345 678', or '+254 0712 345 678' when the calling code was already shown; both are read
 * here. Null when the text is not in national form for that country (nothing to change).
 * libphonenumber decides what a national prefix is: an Italian 06… keeps its 0.
 */
export function nationalToInternational(text: string | null | undefined, country: string | null | undefined): string | null {
  if (typeof text !== 'string' || !country) return null;
  const digits = text.replace(/\D/g, '');
  let callingCode: string;
  try {
    callingCode = getCountryCallingCode(country as CountryCode);
  } catch {
    return null;
  }
  const read = (national: string) => {
    const reader = new AsYouType(country as CountryCode);
    reader.input(national);
    return reader.getNumberValue() ?? null;
  };
  // no calling code starts with 0: '+0…' or '0…' is always a national number
  if (/^\+?\s*0/.test(text.trim())) return read(digits);
  if (!text.trim().startsWith('+') || !digits.startsWith(`${callingCode}0`)) return null;
  // '+254 0…': the calling code was already there; the 0 is dropped only where it is a prefix
  const value = read(digits.slice(callingCode.length));
  return value && value !== `+${digits}` ? value : null;
}

/** E.164 digits ('+254712345678') the way people read them: '+254 712 345678'. */
export function formatInternational(e164: string): string {
  return new AsYouType().input(e164);
}
