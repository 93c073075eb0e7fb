// The one place the browser talks to the API (docs/api.md "Sessions and CSRF").
// - credentials are always sent; Accept: application/json;
// - every non-GET carries X-XSRF-TOKEN, the URL-decoded XSRF-TOKEN cookie, re-read for every
//   request because login and logout replace it;
// - X-Tenant-Id names the active organisation when there is one;
// - a 419 fetches a fresh CSRF cookie and retries the request once;
// - a 401 on any page not under /auth/ sends the browser to /auth/login (seed section 8).
import { fetchUtils, HttpError } from 'react-admin';
import { getSession, sessionStore } from '../session/session-store';
import { navigateTo } from '../routing/navigation';

export const API_URL = '/api/v1';
export const CSRF_COOKIE_URL = '/sanctum/csrf-cookie';
export const LOGIN_PATH = '/auth/login';

export interface HttpOptions extends fetchUtils.Options {
  /**
   * Do not send the browser to the login page on 401. Only the session probe (GET /user) uses
   * it: its 401 just means "a guest", and the route guard decides where a guest may be.
   */
  skipAuthRedirect?: boolean;
}

export type HttpResponse = Awaited<ReturnType<typeof fetchUtils.fetchJson>>;

export function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) {
      const value = rest.join('=');
      try {
        return decodeURIComponent(value);
      } catch {
        return value;
      }
    }
  }
  return null;
}

/** GET /sanctum/csrf-cookie: the server answers 204 and sets XSRF-TOKEN and the session cookie. */
export async function refreshCsrfCookie(): Promise<void> {
  const res = await fetch(CSRF_COOKIE_URL, { credentials: 'include', headers: { Accept: 'application/json' } });
  if (!res.ok) throw new HttpError(res.statusText || 'CSRF cookie request failed', res.status, null);
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function buildHeaders(options: HttpOptions): Headers {
  const headers = new Headers(options.headers as HeadersInit | undefined);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  const method = (options.method ?? 'GET').toUpperCase();
  if (!SAFE_METHODS.has(method)) {
    const token = readCookie('XSRF-TOKEN');
    if (token) headers.set('X-XSRF-TOKEN', token);
  }
  const org = getSession().organization;
  if (org?.id != null) headers.set('X-Tenant-Id', String(org.id));
  return headers;
}

const statusOf = (e: unknown): number | undefined =>
  typeof e === 'object' && e !== null && 'status' in e ? (e as { status?: number }).status : undefined;

export function isUnderAuth(pathname: string = typeof window === 'undefined' ? '/' : window.location.pathname) {
  return pathname.startsWith('/auth/');
}

/** What a 401 does outside /auth/: forget the session and go to the login page. */
export function handleUnauthorized() {
  if (isUnderAuth()) return;
  sessionStore.clear();
  navigateTo(LOGIN_PATH, { replace: true });
}

/** fetchUtils.fetchJson with the contract's headers, the 419 retry and the 401 rule. */
export async function httpClient(url: string, options: HttpOptions = {}): Promise<HttpResponse> {
  const { skipAuthRedirect, ...init } = options;
  const send = () => fetchUtils.fetchJson(url, { ...init, headers: buildHeaders(init), credentials: 'include' });
  try {
    try {
      return await send();
    } catch (e) {
      if (statusOf(e) !== 419) throw e;
      await refreshCsrfCookie();
      return await send();
    }
  } catch (e) {
    if (statusOf(e) === 401 && !skipAuthRedirect) handleUnauthorized();
    throw e;
  }
}

/** JSON helper for the auth screens: `api('/login', { method: 'POST', body })`. */
export async function api<T = unknown>(
  path: string,
  { body, ...options }: Omit<HttpOptions, 'body'> & { body?: unknown } = {},
): Promise<T> {
  const res = await httpClient(`${API_URL}${path}`, {
    ...options,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return res.json as T;
}
