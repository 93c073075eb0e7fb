// The current-user session, kept in local storage (seed sections 3 and 4).
// A tiny external store: React reads it with useSession(), plain modules with getSession().
import { useSyncExternalStore } from 'react';
import type { Organization, Session } from './types';

/** One local-storage entry per session field; logout removes exactly these. */
export const SESSION_STORAGE_KEYS = {
  user: 'keja.user',
  roles: 'keja.roles',
  permissions: 'keja.permissions',
  organization: 'keja.organization',
  loading: 'keja.loading',
  error: 'keja.error',
} as const satisfies Record<keyof Session, string>;

type Field = keyof Session;
const FIELDS = Object.keys(SESSION_STORAGE_KEYS) as Field[];

/** A fresh session: nobody logged in, not loaded yet. */
export const emptySession = (): Session => ({
  user: null,
  roles: [],
  permissions: [],
  organization: null,
  loading: true,
  error: null,
});

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function readStored(): Session {
  const s = emptySession();
  const store = storage();
  if (!store) return s;
  const out: Record<string, unknown> = { ...s };
  for (const field of FIELDS) {
    const raw = store.getItem(SESSION_STORAGE_KEYS[field]);
    if (raw == null) continue;
    try {
      out[field] = JSON.parse(raw);
    } catch {
      /* a corrupt entry is ignored */
    }
  }
  // The session always starts as not loaded: the stored copy is only a hint until the user
  // fetch has answered.
  out.loading = true;
  return out as unknown as Session;
}

function persist(patch: Partial<Session>) {
  const store = storage();
  if (!store) return;
  for (const field of Object.keys(patch) as Field[]) {
    try {
      store.setItem(SESSION_STORAGE_KEYS[field], JSON.stringify(patch[field] ?? null));
    } catch {
      /* storage full or blocked: the in-memory session still works */
    }
  }
}

/** The organisation as stored: its settings never leave the server's answer. */
export function withoutSettings(org: Organization | null | undefined): Organization | null {
  if (!org) return null;
  const { settings: _settings, ...rest } = org as Organization & { settings?: unknown };
  return rest as Organization;
}

let state: Session = readStored();
const listeners = new Set<() => void>();

function emit() {
  for (const l of [...listeners]) l();
}

export const sessionStore = {
  get: (): Session => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Updates some fields, in memory and in local storage. */
  set(patch: Partial<Session>) {
    const clean = 'organization' in patch ? { ...patch, organization: withoutSettings(patch.organization) } : patch;
    state = { ...state, ...clean };
    persist(clean);
    emit();
  },
  /**
   * Logout: removes the session's local-storage entries and resets the session to "nobody,
   * loaded" (we know the answer: no one is logged in).
   */
  clear() {
    const store = storage();
    if (store) for (const field of FIELDS) store.removeItem(SESSION_STORAGE_KEYS[field]);
    state = { ...emptySession(), loading: false };
    emit();
  },
  /** Re-reads local storage as at page load (tests, and a fresh start). */
  reload() {
    state = readStored();
    emit();
  },
};

export const getSession = sessionStore.get;

export function useSession(): Session {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get, sessionStore.get);
}

export const isLoggedIn = (s: Session): boolean => s.user?.id != null && s.user.id !== '';
