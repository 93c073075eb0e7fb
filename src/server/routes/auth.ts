import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  insertUser, liveResetLink, lockLoginAttempts, passwordHashOf, replaceResetLink, revokeAccessTokens, setPassword, useResetLink,
} from '../auth/accounts.js';
import { hashPassword, passwordProblems, verifyPassword } from '../auth/passwords.js';
import { recentEvents, recordAuthEvent } from '../auth/audit.js';
import {
  endSession, endUserSessions, findUserByEmail, issueCsrf, publicUser, SESSION_COOKIE, startGuest, startSession,
} from '../auth/sessions.js';
import { randomToken } from '../auth/tokens.js';
import { invalid, invalidField, tooManyRequests } from '../errors.js';
import { requireUser } from '../plugins/auth.js';
import { CurrentUser, Message, NoContent, UserAnswer } from './account-schemas.js';
import { currentUserPayload } from './current-user.js';

export const LOGIN_MAX_FAILURES = 5;
/** Failures a minute from one address across every email (password spraying), whatever succeeds between. */
export const LOGIN_MAX_FAILURES_PER_IP = 20;
export const RESET_REQUESTS_PER_MINUTE = 5;
/** Registrations refused for a taken email a minute from one address: probing for accounts. */
export const REGISTER_TAKEN_PER_MINUTE = 5;
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

const Email = Type.String({ format: 'email', maxLength: 255 });
const Password = Type.String({ maxLength: 1024 });

const FAILED_LOGIN = 'These credentials do not match our records.';
const BAD_RESET_TOKEN = 'This password reset token is invalid.';

/** Laravel Sanctum's SPA endpoints, spoken by Node (docs/api.md "Auth endpoints"). */
export async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.db;

  app.post('/register', {
    schema: {
      tags: ['auth'], summary: 'Create an account and log in',
      body: Type.Object({ name: Type.String({ minLength: 1, maxLength: 255 }), email: Email, password: Password, password_confirmation: Type.String({ maxLength: 1024 }) }),
      response: { 201: UserAnswer },
    },
  }, async (req, reply) => {
    const { name, password, password_confirmation } = req.body;
    const email = req.body.email.trim().toLowerCase();
    // The contract (docs/api.md) answers a taken email with its 422, so the answer itself tells
    // that an account exists. What limits that: an address gets few such answers a minute, and
    // the account's owner is told by email (what happened, and what to do if it was them).
    const probes = await recentEvents(db, { event: 'register.taken', ip: req.ip }, 60);
    if (probes.count >= REGISTER_TAKEN_PER_MINUTE) throw tooManyRequests(probes.retryAfter);
    const errors: Record<string, string[]> = {};
    const problems = passwordProblems(password, password_confirmation);
    if (problems.length) errors.password = problems;
    const existing = await findUserByEmail(db, email);
    if (existing) {
      errors.email = ['The email has already been taken.'];
      await db.transaction((tx) => recordAuthEvent(tx, req, 'register.taken', { userId: existing.id, email }));
      if (existing.status === 'active') {
        const site = app.config.appUrl;
        // not awaited: the answer does not wait for the mail server
        app.mailer.send({
          to: email,
          subject: 'Someone tried to create a Keja account with your email',
          text: `Hello ${existing.name},\n\nSomeone tried to create a new Keja account with this email address. You already have one, so no new account was made.\n\nIf it was you, log in at ${site}/auth/login. Forgotten your password? Choose a new one at ${site}/auth/forgot-password.\n\nIf it was not you, you can ignore this email: your account is unchanged.\n`,
        }).catch((err) => req.log.error({ err }, 'registration notice mail failed'));
      }
    }
    if (Object.keys(errors).length) throw invalid(errors);
    const passwordHash = await hashPassword(password);
    const user = await db.transaction(async (tx) => {
      // the same email registered twice at once: the unique index decides, the loser gets the 422
      const created = await insertUser(tx, { name: name.trim(), email, passwordHash });
      if (!created) throw invalid({ email: ['The email has already been taken.'] });
      const authUser = { ...created };
      await startSession(tx, req, reply, authUser, false);
      await recordAuthEvent(tx, req, 'register', { userId: created.id, email });
      return authUser;
    });
    return reply.status(201).send({ user: publicUser(user) });
  });

  app.post('/login', {
    schema: {
      tags: ['auth'], summary: 'Log in with email and password',
      body: Type.Object({ email: Email, password: Password, remember: Type.Optional(Type.Boolean()) }),
      response: { 200: UserAnswer },
    },
  }, async (req, reply) => {
    const email = req.body.email.trim().toLowerCase();
    const outcome = await db.transaction(async (tx) => {
      // One attempt at a time per address, across processes: a burst sent in parallel cannot slip
      // past either count while the first attempts are still hashing.
      await lockLoginAttempts(tx, req.ip);
      // the address's budget across emails (spraying one password over many accounts); a login
      // that succeeds does not refill it, or the sprayer's own account would
      const sprayed = await recentEvents(tx, { event: 'login.failed', ip: req.ip }, 60);
      if (sprayed.count >= LOGIN_MAX_FAILURES_PER_IP) return { kind: 'limited' as const, retryAfter: sprayed.retryAfter };
      const limit = await recentEvents(tx, { event: 'login.failed', email, ip: req.ip, resetBy: 'login.succeeded' }, 60);
      if (limit.count >= LOGIN_MAX_FAILURES) return { kind: 'limited' as const, retryAfter: limit.retryAfter };
      const found = await findUserByEmail(tx, email);
      const ok = await verifyPassword(found?.password_hash, req.body.password);
      if (!found || !ok || found.status !== 'active') {
        // recorded, then answered outside: the failure must commit to count
        await recordAuthEvent(tx, req, 'login.failed', { userId: found?.id, email });
        return { kind: 'failed' as const };
      }
      await startSession(tx, req, reply, found, req.body.remember ?? false);
      await recordAuthEvent(tx, req, 'login.succeeded', { userId: found.id, email });
      return { kind: 'ok' as const, user: found };
    });
    if (outcome.kind === 'limited') {
      throw tooManyRequests(outcome.retryAfter, `Too many login attempts. Please try again in ${outcome.retryAfter} seconds.`);
    }
    if (outcome.kind === 'failed') throw invalidField('email', FAILED_LOGIN);
    return { user: publicUser(outcome.user) };
  });

  app.post('/logout', { schema: { tags: ['auth'], summary: 'End the session', response: { 204: NoContent } } }, async (req, reply) => {
    const user = requireUser(req);
    await db.transaction(async (tx) => {
      if (req.auth.via === 'session') await endSession(tx, req, reply);
      await recordAuthEvent(tx, req, 'logout', { userId: user.id, email: user.email });
    });
    return reply.status(204).send();
  });

  app.get('/user', { schema: { tags: ['auth'], summary: 'The current user, roles, permissions and active organisation', response: { 200: CurrentUser } } }, async (req) => {
    const user = requireUser(req);
    return currentUserPayload(req, user);
  });

  app.post('/forgot-password', {
    schema: { tags: ['auth'], summary: 'Email a password reset link', body: Type.Object({ email: Email }), response: { 200: Message } },
  }, async (req) => {
    const email = req.body.email.trim().toLowerCase();
    const limit = await recentEvents(db, { event: 'reset.requested', ip: req.ip }, 60);
    if (limit.count >= RESET_REQUESTS_PER_MINUTE) throw tooManyRequests(limit.retryAfter);
    const user = await findUserByEmail(db, email);
    const token = randomToken();
    await db.transaction(async (tx) => {
      await recordAuthEvent(tx, req, 'reset.requested', { userId: user?.id, email });
      if (!user || user.status !== 'active') return;
      // One live token per user: a new request replaces the old link.
      await replaceResetLink(tx, user.id, token, RESET_TOKEN_TTL_MS);
    });
    if (user && user.status === 'active') {
      const link = `${app.config.appUrl}/auth/reset-password?token=${encodeURIComponent(token)}&email=${encodeURIComponent(email)}`;
      // Not awaited: the answer must take the same time whether or not the account exists.
      app.mailer
        .send({
          to: email,
          subject: 'Reset your Keja password',
          text: `Hello ${user.name},\n\nSomeone asked to reset the password of your Keja account. Open this link within 60 minutes to choose a new one:\n\n${link}\n\nIf it was not you, ignore this email: your password stays as it is.\n`,
        })
        .catch((err) => req.log.error({ err }, 'password reset mail failed'));
    }
    return { message: 'If that email address is registered, we have emailed a password reset link.' };
  });

  const ResetToken = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }), email: Email });

  const liveReset = (token: string, email: string) => liveResetLink(db, token, email);

  app.post('/reset-password/validate', {
    schema: { tags: ['auth'], summary: 'Check a reset or invitation link before showing the form', body: ResetToken, response: { 200: Message } },
  }, async (req) => {
    if (!(await liveReset(req.body.token, req.body.email))) throw invalidField('email', BAD_RESET_TOKEN);
    return { message: 'The link is valid.' };
  });

  app.post('/reset-password', {
    schema: {
      tags: ['auth'], summary: 'Set a new password with a reset token',
      body: Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }), email: Email, password: Password, password_confirmation: Type.String({ maxLength: 1024 }) }),
      response: { 200: Message },
    },
  }, async (req) => {
    const reset = await liveReset(req.body.token, req.body.email);
    if (!reset) throw invalidField('email', BAD_RESET_TOKEN);
    const problems = passwordProblems(req.body.password, req.body.password_confirmation);
    if (problems.length) throw invalid({ password: problems });
    const passwordHash = await hashPassword(req.body.password);
    await db.transaction(async (tx) => {
      if (!(await useResetLink(tx, reset.id))) throw invalidField('email', BAD_RESET_TOKEN); // lost a race with another use
      await setPassword(tx, reset.user_id, passwordHash);
      await endUserSessions(tx, reset.user_id);
      // a reset is how an account is recovered: nothing minted by whoever held it survives
      await revokeAccessTokens(tx, reset.user_id);
      await recordAuthEvent(tx, req, 'reset.done', { userId: reset.user_id, email: reset.email });
    });
    return { message: 'Your password has been reset.' };
  });

  app.put('/user/password', {
    schema: {
      tags: ['auth'], summary: 'Change the password; other sessions end',
      body: Type.Object({ current_password: Password, password: Password, password_confirmation: Type.String({ maxLength: 1024 }) }),
      response: { 200: Message },
    },
  }, async (req) => {
    const user = requireUser(req);
    const errors: Record<string, string[]> = {};
    if (!(await verifyPassword(await passwordHashOf(db, user.id), req.body.current_password))) errors.current_password = ['The password is incorrect.'];
    const problems = passwordProblems(req.body.password, req.body.password_confirmation);
    if (problems.length) errors.password = problems;
    if (Object.keys(errors).length) throw invalid(errors);
    const passwordHash = await hashPassword(req.body.password);
    await db.transaction(async (tx) => {
      await setPassword(tx, user.id, passwordHash);
      await endUserSessions(tx, user.id, req.auth.via === 'session' ? req.cookies[SESSION_COOKIE] : undefined);
      await recordAuthEvent(tx, req, 'password.changed', { userId: user.id, email: user.email });
    });
    return { message: 'Your password has been changed.' };
  });
}

/** GET /sanctum/csrf-cookie at the site root: 204 with XSRF-TOKEN and a session cookie. */
export async function sanctumRoutes(app: FastifyInstance) {
  app.get('/sanctum/csrf-cookie', { schema: { tags: ['auth'], summary: 'Start a browser session: sets XSRF-TOKEN', response: { 204: NoContent } } }, async (req, reply) => {
    const sid = req.cookies[SESSION_COOKIE];
    // A browser keeps its session id (logged in or guest) and gets its token again; a new one gets both.
    if (sid) issueCsrf(req, reply, sid);
    else startGuest(req, reply);
    return reply.status(204).send();
  });
}
