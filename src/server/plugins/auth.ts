import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import fastifyCookie from '@fastify/cookie';
import { Csrf } from '../auth/csrf.js';
import { authenticateBearer } from '../auth/access-tokens.js';
import { findSession, SESSION_COOKIE, type AuthUser } from '../auth/sessions.js';
import { forbidden, unauthenticated } from '../errors.js';

export interface AuthState {
  user: AuthUser | null;
  via: 'session' | 'token' | null;
  activeOrganizationId: string | null;
  tokenId: string | null;
  /** The stored hash of the session id (cookie sessions). */
  sessionHash: string | null;
  /** The session came from the in-process cache: withTenant confirms it (sessions.ts). */
  sessionCached: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthState;
  }
  interface FastifyInstance {
    csrf: Csrf;
  }
  interface FastifyContextConfig {
    /**
     * Every handler of the route runs in an organisation's scope (tenancy.ts withTenant), which
     * confirms a cached session: only such routes may take one (sessions.ts).
     */
    tenantScoped?: boolean;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Webhooks authenticate by their secret path, not by cookies. */
const CSRF_EXEMPT = /^\/api\/v1\/webhooks\//;

/** Who is calling: a bearer token, else the session cookie; then CSRF and Origin for cookie-borne writes. */
export const authPlugin = fp(async (app: FastifyInstance) => {
  await app.register(fastifyCookie, { secret: app.config.appKey });
  app.decorate('csrf', new Csrf(app.config.appKey));

  app.decorateRequest('auth', null as unknown as AuthState);

  const allowedOrigins = new Set([new URL(app.config.appUrl).origin]);

  app.addHook('onRequest', async (req) => {
    req.auth = { user: null, via: null, activeOrganizationId: null, tokenId: null, sessionHash: null, sessionCached: false };
    const authorization = req.headers.authorization;
    if (authorization?.startsWith('Bearer ')) {
      const found = await authenticateBearer(app.db, authorization.slice(7).trim());
      if (!found) throw unauthenticated();
      req.auth = { user: found.user, via: 'token', activeOrganizationId: null, tokenId: found.tokenId, sessionHash: null, sessionCached: false };
      return;
    }
    const raw = req.cookies[SESSION_COOKIE];
    if (raw && (req.url.startsWith('/api/') || req.url.startsWith('/sanctum/'))) {
      const cache = req.routeOptions.config?.tenantScoped === true;
      const found = await findSession(app.db, raw, new Date(), { cache });
      if (found) {
        req.auth = {
          user: found.user, via: 'session', activeOrganizationId: found.session.active_organization_id, tokenId: null,
          sessionHash: found.hash, sessionCached: found.cached,
        };
      }
    }
    // an unknown path is a 404 whatever the method, so nothing to protect there
    if (SAFE_METHODS.has(req.method) || CSRF_EXEMPT.test(req.url) || !req.routeOptions.url) return;
    // Cookie-borne writes must come from our own pages (ASVS 3.5): Origin, when the browser sends it,
    // must be ours or the host the request was sent to; then the XSRF token must match.
    const origin = req.headers.origin;
    if (origin && origin !== 'null') {
      const host = req.headers.host;
      const sameHost = host !== undefined && (origin === `http://${host}` || origin === `https://${host}`);
      if (!sameHost && !allowedOrigins.has(origin)) throw forbidden('Origin not allowed.');
    } else if (origin === 'null' || req.headers['sec-fetch-site'] === 'cross-site') {
      throw forbidden('Origin not allowed.');
    }
    app.csrf.verify(req, req.cookies[SESSION_COOKIE] ?? '');
  });
});

/** For routes that need a logged-in user. */
export function requireUser(req: FastifyRequest): AuthUser {
  if (!req.auth.user) throw unauthenticated();
  return req.auth.user;
}
