// A tiny fake of the Keja HTTP contract (docs/api.md) for web tests: CSRF cookie and 419,
// GET /user, login, register, logout, organisations, password endpoints, and any extra route
// a test adds. The real server is tested elsewhere.
import { vi } from 'vitest';

export interface FakeUser {
  id: string;
  name: string;
  email: string;
  phone?: string | null;
}
export interface FakeOrg {
  id: string;
  name: string;
  email?: string | null;
  settings?: Record<string, unknown>;
}

export interface FakeState {
  /** The logged-in user, or null for a guest (GET /user → 401). */
  user: FakeUser | null;
  roles: Array<{ id: string; name: string }>;
  permissions: string[];
  organization: FakeOrg | null;
  organizations: FakeOrg[];
  /** Accounts that can log in: email → password. */
  accounts: Record<string, { password: string; user: FakeUser }>;
}

export interface Call {
  method: string;
  path: string;
  headers: Headers;
  body: unknown;
}

type Reply = { status: number; body?: unknown; headers?: Record<string, string> };
type Handler = (call: Call, state: FakeState) => Reply | Promise<Reply> | undefined;

export const AMINA: FakeUser = { id: '01J0USER000000000000000001', name: 'Amina Odhiambo', email: 'amina@example.co.ke', phone: '+254712345678' };
export const RIVERSIDE: FakeOrg = { id: '01J0ORG0000000000000000001', name: 'Riverside Lettings', email: 'office@riverside.co.ke', settings: { secret: 'x' } };
export const LAKESIDE: FakeOrg = { id: '01J0ORG0000000000000000002', name: 'Lakeside Homes', email: null };

export function loggedIn(extra: Partial<FakeState> = {}): Partial<FakeState> {
  return {
    user: AMINA,
    roles: [{ id: 'r1', name: 'Administrator' }],
    permissions: ['list.charge', 'create.charge'],
    organization: RIVERSIDE,
    organizations: [RIVERSIDE, LAKESIDE],
    ...extra,
  };
}

const json = (status: number, body?: unknown, headers: Record<string, string> = {}) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: body === undefined ? headers : { 'Content-Type': 'application/json', ...headers },
  });

export function fakeApi(initial: Partial<FakeState> = {}) {
  const state: FakeState = {
    user: null,
    roles: [],
    permissions: [],
    organization: null,
    organizations: [],
    accounts: {},
    ...initial,
  };
  const calls: Call[] = [];
  const extra: Array<{ method: string; path: string | RegExp; handler: Handler }> = [];
  const gates = new Map<string, Promise<void>>();
  let tokenRound = 0;
  let xsrf = '';

  const issueToken = () => {
    tokenRound += 1;
    xsrf = `tok/${tokenRound}+abc==`; // needs URL-decoding, like Laravel's
    document.cookie = `XSRF-TOKEN=${encodeURIComponent(xsrf)}; path=/`;
  };

  const builtIn = (c: Call): Reply => {
    const key = `${c.method} ${c.path}`;
    if (key === 'GET /user') {
      if (!state.user) return { status: 401, body: { message: 'Unauthenticated.' } };
      return {
        status: 200,
        body: { user: state.user, roles: state.roles, permissions: state.permissions, organization: state.organization },
      };
    }
    if (key === 'POST /login') {
      const b = c.body as { email: string; password: string };
      const acc = state.accounts[b.email];
      if (!acc || acc.password !== b.password) {
        return { status: 422, body: { message: 'These credentials do not match our records.', errors: { email: ['These credentials do not match our records.'] } } };
      }
      state.user = acc.user;
      issueToken();
      return { status: 200, body: { user: acc.user } };
    }
    if (key === 'POST /register') {
      const b = c.body as { name: string; email: string; password: string };
      if (state.accounts[b.email]) return { status: 422, body: { message: 'The email has already been taken.', errors: { email: ['The email has already been taken.'] } } };
      const user = { id: `u-${Object.keys(state.accounts).length + 1}`, name: b.name, email: b.email };
      state.accounts[b.email] = { password: b.password, user };
      state.user = user;
      state.organization = null;
      state.organizations = [];
      state.permissions = [];
      state.roles = [];
      issueToken();
      return { status: 201, body: { user } };
    }
    if (key === 'POST /logout') {
      if (!state.user) return { status: 401, body: { message: 'Unauthenticated.' } };
      state.user = null;
      issueToken();
      return { status: 204 };
    }
    if (key === 'POST /organisations') {
      if (!state.user) return { status: 401, body: { message: 'Unauthenticated.' } };
      const b = c.body as { name: string };
      if (!b.name) return { status: 422, body: { message: 'The name field is required.', errors: { name: ['The name field is required.'] } } };
      const org = { id: `o-${state.organizations.length + 1}`, ...b };
      state.organizations.push(org);
      state.organization = org;
      state.roles = [{ id: 'admin', name: 'Administrator' }];
      state.permissions = ['list.charge'];
      return { status: 201, body: { organization: org } };
    }
    if (key === 'GET /organisations') {
      if (!state.user) return { status: 401, body: { message: 'Unauthenticated.' } };
      return { status: 200, body: state.organizations };
    }
    const sw = /^POST \/organisations\/([^/]+)\/switch$/.exec(key);
    if (sw) {
      const org = state.organizations.find((o) => o.id === decodeURIComponent(sw[1]));
      if (!org) return { status: 404, body: { message: 'Not Found' } };
      state.organization = org;
      return { status: 200, body: { organization: org } };
    }
    if (key === 'POST /forgot-password') {
      return { status: 200, body: { message: 'If that email is registered, a reset link has been sent.' } };
    }
    if (key === 'POST /reset-password/validate') {
      const b = c.body as { token: string };
      return b.token === 'good'
        ? { status: 200, body: { message: 'Token is valid.' } }
        : { status: 422, body: { message: 'This password reset token is invalid.', errors: { token: ['This password reset token is invalid.'] } } };
    }
    if (key === 'POST /reset-password') {
      const b = c.body as { token: string; password: string };
      if (b.token !== 'good') return { status: 422, body: { message: 'Invalid token', errors: { token: ['This password reset token is invalid.'] } } };
      return { status: 200, body: { message: 'Your password has been reset.' } };
    }
    if (key === 'PUT /user/password') {
      const b = c.body as { current_password: string };
      if (b.current_password !== 'old-password') {
        return { status: 422, body: { message: 'The password is incorrect.', errors: { current_password: ['The password is incorrect.'] } } };
      }
      return { status: 200, body: { message: 'Password updated.' } };
    }
    return { status: 404, body: { message: 'Not Found' } };
  };

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = new Headers(init.headers);
    const body = typeof init.body === 'string' && init.body ? JSON.parse(init.body) : undefined;
    const path = url.pathname.startsWith('/api/v1') ? url.pathname.slice('/api/v1'.length) || '/' : url.pathname;
    const call: Call = { method, path: url.pathname.startsWith('/api/v1') ? path : url.pathname, headers, body };
    calls.push(call);
    const gate = gates.get(`${method} ${call.path}`);
    if (gate) await gate;

    for (const e of extra) {
      const matches = e.method === method && (typeof e.path === 'string' ? e.path === call.path : e.path.test(call.path));
      if (!matches) continue;
      const reply = await e.handler(call, state);
      if (reply) return json(reply.status, reply.body, reply.headers);
    }
    if (url.pathname === '/sanctum/csrf-cookie') {
      if (!xsrf) issueToken();
      else document.cookie = `XSRF-TOKEN=${encodeURIComponent(xsrf)}; path=/`;
      return json(204);
    }
    if (!url.pathname.startsWith('/api/v1')) return json(404, { message: 'Not Found' });
    if (!['GET', 'HEAD'].includes(method) && headers.get('X-XSRF-TOKEN') !== xsrf) {
      return json(419, { message: 'CSRF token mismatch.' });
    }
    const reply = builtIn(call);
    return json(reply.status, reply.body, reply.headers);
  });
  vi.stubGlobal('fetch', fetchMock);

  return {
    state,
    calls,
    fetch: fetchMock,
    /** Adds or overrides a route; return undefined from the handler to fall through. */
    on(method: string, path: string | RegExp, handler: Handler) {
      extra.unshift({ method, path, handler });
    },
    /** Holds requests to `METHOD /path` until the returned function is called. */
    hold(key: string): () => void {
      let release!: () => void;
      gates.set(key, new Promise<void>((r) => (release = r)));
      return () => {
        gates.delete(key);
        release();
      };
    },
    /** Makes the server forget the CSRF token, as after a session expiry. */
    rotateToken() {
      xsrf = `rotated-${Math.random()}`;
    },
    get xsrf() {
      return xsrf;
    },
    apiCalls: (method?: string, path?: string) => calls.filter((c) => (!method || c.method === method) && (!path || c.path === path)),
  };
}
