import CsrfTokens from '@fastify/csrf';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../errors.js';

export const XSRF_COOKIE = 'XSRF-TOKEN';
const SECRET_COOKIE = 'keja_csrf';

/**
 * The Sanctum contract on @fastify/csrf: a per-browser secret in a signed HttpOnly cookie, and a
 * token derived from it and bound to the session id in the readable XSRF-TOKEN cookie. The client
 * echoes it in X-XSRF-TOKEN; a new session id (login, logout) invalidates every older token.
 */
const makeTokens = (hmacKey: string) => new CsrfTokens({ userInfo: true, hmacKey });

export class Csrf {
  private readonly tokens: ReturnType<typeof makeTokens>;

  constructor(hmacKey: string) {
    this.tokens = makeTokens(hmacKey);
  }

  issue(req: FastifyRequest, reply: FastifyReply, sid: string, cookie: { secure: boolean }): string {
    const signed = req.cookies[SECRET_COOKIE];
    let secret = signed ? req.unsignCookie(signed).value : null;
    if (!secret) {
      secret = this.tokens.secretSync();
      reply.setCookie(SECRET_COOKIE, secret, { path: '/', httpOnly: true, sameSite: 'lax', secure: cookie.secure, signed: true });
      req.cookies[SECRET_COOKIE] = reply.signCookie(secret);
    }
    const token = this.tokens.create(secret, sid);
    reply.setCookie(XSRF_COOKIE, token, { path: '/', httpOnly: false, sameSite: 'lax', secure: cookie.secure });
    return token;
  }

  /** Throws the contract's 419 unless the header matches this browser's secret and session. */
  verify(req: FastifyRequest, sid: string): void {
    const signed = req.cookies[SECRET_COOKIE];
    const secret = signed ? req.unsignCookie(signed).value : null;
    const header = req.headers['x-xsrf-token'];
    const token = typeof header === 'string' ? header : undefined;
    if (!secret || !token || !this.tokens.verify(secret, token, sid)) {
      throw new HttpError(419, 'CSRF token mismatch.');
    }
  }
}
