// Loading, ending and switching the session (seed sections 3, 4, 7, 8).
import { api, refreshCsrfCookie } from '../providers/http-client';
import { getSession, isLoggedIn, sessionStore } from './session-store';
import type { Organization, SessionRole, SessionUser } from './types';

export const USER_FETCH_ERROR = 'Error fetching user';

interface UserAnswer {
  user: SessionUser;
  roles?: SessionRole[];
  permissions?: string[];
  organization?: Organization | null;
}

/** The seed's error rule: the server's answer data when there is one, else the fallback text. */
export function errorData(e: unknown, fallback: string = USER_FETCH_ERROR): unknown {
  const body = typeof e === 'object' && e !== null && 'body' in e ? (e as { body?: unknown }).body : undefined;
  if (body === undefined || body === null || body === '') return fallback;
  return body;
}

let inflight: Promise<void> | null = null;

/**
 * GET /sanctum/csrf-cookie, then GET /user. The session is "loading" until this finishes, then
 * holds either the user or the error. `silent` keeps the current session on screen while
 * refreshing (after an organisation switch).
 */
export function fetchSession({ silent = false }: { silent?: boolean } = {}): Promise<void> {
  if (inflight && !silent) return inflight;
  if (!silent) sessionStore.set({ loading: true });
  const run = (async () => {
    try {
      await refreshCsrfCookie();
      const answer = await api<UserAnswer>('/user', { skipAuthRedirect: true });
      sessionStore.set({
        user: answer.user,
        roles: answer.roles ?? [],
        permissions: answer.permissions ?? [],
        organization: answer.organization ?? null,
        error: null,
        loading: false,
      });
    } catch (e) {
      sessionStore.set({
        user: null,
        roles: [],
        permissions: [],
        organization: null,
        error: errorData(e),
        loading: false,
      });
    }
  })();
  if (!silent) {
    inflight = run.finally(() => {
      inflight = null;
    });
    return inflight;
  }
  return run;
}

/**
 * POST /logout, then clear the stored entries and reset the session. A failed logout still ends
 * the session here, and keeps the failure as the error, the same way as a failed user fetch.
 */
export async function logoutSession(): Promise<void> {
  let failure: unknown = null;
  if (isLoggedIn(getSession())) {
    try {
      await api('/logout', { method: 'POST', skipAuthRedirect: true });
    } catch (e) {
      failure = errorData(e);
    }
  }
  sessionStore.clear();
  if (failure !== null) sessionStore.set({ error: failure });
}

export interface LoginInput {
  email: string;
  password: string;
  remember?: boolean;
}

export async function login({ email, password, remember = false }: LoginInput): Promise<void> {
  await api('/login', { method: 'POST', body: { email, password, remember }, skipAuthRedirect: true });
  await fetchSession();
}

export async function switchOrganization(id: Organization['id']): Promise<void> {
  const answer = await api<{ organization?: Organization }>(
    `/organisations/${encodeURIComponent(String(id))}/switch`,
    { method: 'POST' },
  );
  // Act for the new organisation at once (X-Tenant-Id), then reload roles and permissions.
  if (answer?.organization) sessionStore.set({ organization: answer.organization });
  await fetchSession({ silent: true });
}
