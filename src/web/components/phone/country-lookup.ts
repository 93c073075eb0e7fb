// The IP-to-country hint for phone inputs (seed section 7, protocols §5). The only request Keja
// makes to another host; VITE_COUNTRY_LOOKUP_URL='' turns it off.
import { DEFAULT_COUNTRY_LOOKUP_URL, parseCountryLookup } from '../../../shared/phone';

const TIMEOUT_MS = 3000;

export function configuredLookupUrl(): string {
  const v = import.meta.env.VITE_COUNTRY_LOOKUP_URL as string | undefined;
  return v === undefined ? DEFAULT_COUNTRY_LOOKUP_URL : v;
}

let cache: { url: string; result: Promise<string | null> } | null = null;

/** The visitor's country (ISO 3166 alpha-2) or null; asked once per page load. */
export function lookupCountry(url: string = configuredLookupUrl()): Promise<string | null> {
  if (!url) return Promise.resolve(null);
  if (cache?.url === url) return cache.result;
  const result = (async () => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
    try {
      // No cookies, no referrer: the third party learns nothing but the address it sees.
      const res = await fetch(url, { signal: controller.signal, credentials: 'omit', referrerPolicy: 'no-referrer' });
      if (!res.ok) return null;
      return parseCountryLookup(await res.text());
    } catch {
      return null;
    } finally {
      clearTimeout(timer);
    }
  })();
  cache = { url, result };
  return result;
}

export function resetCountryLookup() {
  cache = null;
}
