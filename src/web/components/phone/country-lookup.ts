// The IP-to-country hint for phone inputs (seed section 7, protocols §5). The only request Keja
// makes to another host. The server names the service it allows in the page
// (<meta name="keja-country-lookup">, COUNTRY_LOOKUP_URL; empty: none); the Vite dev server's
// page has no such tag and uses VITE_COUNTRY_LOOKUP_URL. It is asked at most once per browser
// session, gives up after a short wait, and a failure is remembered so the next page load does
// not ask again: the phone input then starts on Kenya, and nothing is printed.
import { DEFAULT_COUNTRY_LOOKUP_URL, parseCountryLookup } from '../../../shared/phone';

export const LOOKUP_TIMEOUT_MS = 1500;
const FAILED_KEY = 'keja.country-lookup.failed';

export function configuredLookupUrl(): string {
  const meta = typeof document !== 'undefined' ? document.querySelector('meta[name="keja-country-lookup"]') : null;
  if (meta) return meta.getAttribute('content') ?? '';
  const v = import.meta.env.VITE_COUNTRY_LOOKUP_URL as string | undefined;
  return v === undefined ? DEFAULT_COUNTRY_LOOKUP_URL : v;
}

let cache: { url: string; result: Promise<string | null> } | null = null;

function failedBefore(url: string): boolean {
  try {
    return sessionStorage.getItem(FAILED_KEY) === url;
  } catch {
    return false;
  }
}
function rememberFailure(url: string) {
  try {
    sessionStorage.setItem(FAILED_KEY, url);
  } catch {
    // storage refused (private mode): asked again next page load, still quietly
  }
}

/** The visitor's country (ISO 3166 alpha-2) or null; asked once per page load, never after a failure. */
export function lookupCountry(url: string = configuredLookupUrl()): Promise<string | null> {
  if (!url || failedBefore(url)) return Promise.resolve(null);
  if (cache?.url === url) return cache.result;
  const result = (async () => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), LOOKUP_TIMEOUT_MS);
    try {
      // No cookies, no referrer: the third party learns nothing but the address it sees.
      const res = await fetch(url, { signal: controller.signal, credentials: 'omit', referrerPolicy: 'no-referrer' });
      const found = res.ok ? parseCountryLookup(await res.text()) : null;
      if (!found) rememberFailure(url);
      return found;
    } catch {
      rememberFailure(url);
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
  try {
    sessionStorage.removeItem(FAILED_KEY);
  } catch {
    // nothing stored
  }
}
