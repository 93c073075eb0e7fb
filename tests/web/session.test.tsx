// Seed sections 3, 4 and 8: the session in local storage, the splash, the error rule, logout.
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, loggedIn, AMINA, RIVERSIDE } from './fake-api';
import { renderApp, currentPath } from './render-app';
import { SESSION_STORAGE_KEYS, sessionStore } from '../../src/web/session/session-store';
import { fetchSession, logoutSession, USER_FETCH_ERROR } from '../../src/web/session/session-actions';
import { isTokenExpired } from '../../src/web/session/token';

const stored = (field: keyof typeof SESSION_STORAGE_KEYS) => {
  const raw = localStorage.getItem(SESSION_STORAGE_KEYS[field]);
  return raw == null ? undefined : JSON.parse(raw);
};

describe('the logo splash', () => {
  it('shows until the user fetch has answered (success)', async () => {
    const api = fakeApi(loggedIn());
    const release = api.hold('GET /user');
    renderApp('/dashboard');
    expect(screen.getByRole('status', { name: 'Loading Keja' })).toBeInTheDocument();
    // Still there while the user fetch is pending.
    await new Promise((r) => setTimeout(r, 300));
    expect(screen.getByRole('status', { name: 'Loading Keja' })).toBeInTheDocument();
    release();
    expect(await screen.findByText(/Good (morning|afternoon|evening), Amina/, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading Keja' })).not.toBeInTheDocument();
  });

  it('also goes away when the user fetch fails', async () => {
    fakeApi(); // a guest: GET /user answers 401
    renderApp('/');
    expect(screen.getByRole('status', { name: 'Loading Keja' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: /Collect rent/ }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading Keja' })).not.toBeInTheDocument();
  });
});

describe('the user fetch', () => {
  it('asks for the CSRF cookie first, then stores user, roles, permissions and the organisation without settings', async () => {
    const api = fakeApi(loggedIn());
    expect(sessionStore.get().loading).toBe(true); // the session starts as not loaded
    await fetchSession();
    const paths = api.calls.map((c) => c.path);
    expect(paths.indexOf('/sanctum/csrf-cookie')).toBeLessThan(paths.indexOf('/user'));
    expect(stored('user')).toEqual(AMINA);
    expect(stored('roles')).toEqual([{ id: 'r1', name: 'Administrator' }]);
    expect(stored('permissions')).toEqual(['list.charge', 'create.charge']);
    const { settings: _s, ...withoutSettings } = RIVERSIDE;
    expect(stored('organization')).toEqual(withoutSettings);
    expect(stored('organization')).not.toHaveProperty('settings');
    expect(stored('loading')).toBe(false);
    expect(stored('error')).toBeNull();
  });

  it("stores the server's answer data as the error when it fails", async () => {
    fakeApi(); // 401 {"message":"Unauthenticated."}
    await fetchSession();
    expect(stored('error')).toEqual({ message: 'Unauthenticated.' });
    expect(stored('user')).toBeNull();
    expect(sessionStore.get().loading).toBe(false);
  });

  it("stores 'Error fetching user' when there is no answer data", async () => {
    const api = fakeApi(loggedIn());
    api.on('GET', '/user', () => ({ status: 500 })); // no body
    await fetchSession();
    expect(stored('error')).toBe(USER_FETCH_ERROR);
    expect(USER_FETCH_ERROR).toBe('Error fetching user');
  });

  it("stores 'Error fetching user' when the network fails", async () => {
    const api = fakeApi(loggedIn());
    api.fetch.mockImplementation(async () => {
      throw new TypeError('Failed to fetch');
    });
    await fetchSession();
    expect(stored('error')).toBe('Error fetching user');
    expect(sessionStore.get().loading).toBe(false);
  });
});

describe('logout', () => {
  it('clears the stored entries and resets the session', async () => {
    const api = fakeApi(loggedIn());
    await fetchSession();
    localStorage.setItem('unrelated', 'kept');
    await logoutSession();
    expect(api.apiCalls('POST', '/logout')).toHaveLength(1);
    for (const key of Object.values(SESSION_STORAGE_KEYS)) expect(localStorage.getItem(key)).toBeNull();
    expect(localStorage.getItem('unrelated')).toBe('kept');
    expect(sessionStore.get()).toMatchObject({ user: null, roles: [], permissions: [], organization: null, error: null });
  });

  it('keeps a failed logout as the error, the same way as the user fetch', async () => {
    const api = fakeApi(loggedIn());
    await fetchSession();
    api.on('POST', '/logout', () => ({ status: 500, body: { message: 'Server Error' } }));
    await logoutSession();
    expect(sessionStore.get().user).toBeNull();
    expect(stored('user')).toBeUndefined();
    expect(stored('error')).toEqual({ message: 'Server Error' });

    api.on('POST', '/logout', () => ({ status: 503 }));
    await fetchSession();
    await logoutSession();
    expect(stored('error')).toBe('Error fetching user');
  });

  it('from the user menu lands on the login page with nothing stored', async () => {
    const user = userEvent.setup();
    fakeApi(loggedIn());
    renderApp('/dashboard');
    await screen.findByText(/Good (morning|afternoon|evening), Amina/, {}, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Profile' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Welcome back' }, { timeout: 5000 })).toBeInTheDocument();
    expect(currentPath()).toBe('/auth/login');
    expect(localStorage.getItem(SESSION_STORAGE_KEYS.user)).toBeNull();
    expect(localStorage.getItem(SESSION_STORAGE_KEYS.permissions)).toBeNull();
  });
});

describe('token expiry (seed section 4)', () => {
  const now = Date.parse('2025-03-01T12:00:00Z');
  it('counts a token without expiry as expired', () => {
    expect(isTokenExpired(null, now)).toBe(true);
    expect(isTokenExpired(undefined, now)).toBe(true);
    expect(isTokenExpired('', now)).toBe(true);
  });
  it('counts a token as expired once its expiry time is reached', () => {
    expect(isTokenExpired('2025-03-01T12:00:00Z', now)).toBe(true);
    expect(isTokenExpired('2025-03-01T11:59:59Z', now)).toBe(true);
    expect(isTokenExpired(new Date(now - 1), now)).toBe(true);
    expect(isTokenExpired('not a date', now)).toBe(true);
  });
  it('accepts a token whose expiry is still ahead', () => {
    expect(isTokenExpired('2025-03-01T12:00:01Z', now)).toBe(false);
    expect(isTokenExpired(now + 60_000, now)).toBe(false);
  });
});
