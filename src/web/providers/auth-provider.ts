// react-admin's authProvider on top of the Keja session (docs/api.md, seed sections 3, 4, 6, 8).
import type { AuthProvider } from 'react-admin';
import { canAccessResource, LOGIN_PATH } from '../routing/access';
import { getSession, isLoggedIn } from '../session/session-store';
import { login, logoutSession } from '../session/session-actions';
import { waitForSession } from '../session/wait-for-session';
import { isUnderAuth } from './http-client';

const statusOf = (e: unknown) => (typeof e === 'object' && e !== null ? (e as { status?: number }).status : undefined);

export const authProvider: AuthProvider = {
  async login(params: { email?: string; username?: string; password: string; remember?: boolean }) {
    await login({ email: params.email ?? params.username ?? '', password: params.password, remember: params.remember });
    return { redirectTo: getSession().organization ? '/dashboard' : '/auth/create-organization' };
  },

  async logout() {
    await logoutSession();
    return LOGIN_PATH;
  },

  async checkAuth() {
    await waitForSession();
    if (!isLoggedIn(getSession())) throw { redirectTo: LOGIN_PATH, message: false };
  },

  async checkError(error: unknown) {
    const status = statusOf(error);
    // 401: the session is gone; 419 after the retry: the CSRF token cannot be renewed. Both mean
    // "log in again", except on the auth screens themselves. 403 keeps the user logged in.
    if ((status === 401 || status === 419) && !isUnderAuth()) {
      throw { redirectTo: LOGIN_PATH, message: false };
    }
  },

  async getIdentity() {
    await waitForSession();
    const user = getSession().user;
    if (!user) throw new Error('Not logged in');
    return { id: user.id, fullName: user.name ?? user.email ?? '' };
  },

  async getPermissions() {
    await waitForSession();
    return getSession().permissions;
  },

  async canAccess({ action, resource }) {
    await waitForSession();
    return canAccessResource(getSession().permissions, action, resource);
  },
};
