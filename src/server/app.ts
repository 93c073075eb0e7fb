import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import { topUpOnce } from './domain/role-top-up.js';
import { loadAreaRules } from './area-rules.js';
import helmet from 'helmet';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { Config } from './config.js';
import { openDatabase, type Database, type Db } from './db/client.js';
import { logMailer, smtpMailer, type Mailer } from './mail/mailer.js';
import { errorsPlugin } from './plugins/errors.js';
import { inputGuardPlugin } from './plugins/input-guard.js';
import { answerCheckPlugin } from './plugins/answer-check.js';
import { authPlugin } from './plugins/auth.js';
import { authRoutes, sanctumRoutes } from './routes/auth.js';
import { organizationRoutes } from './routes/organizations.js';
import { tokenRoutes } from './routes/tokens.js';
import { invitationRoutes } from './routes/invitations.js';
import { crudRoutes } from './crud/routes.js';
import { settingsRoutes } from './crud/settings.js';
import { userRoutes } from './crud/users.js';
import { billingRoutes } from './routes/billing.js';
import { historyRoutes } from './routes/history.js';
import { documentRoutes } from './routes/documents.js';
import { moneyRoutes } from './routes/money.js';
import { meterRoutes } from './routes/meters.js';
import { ownerRoutes } from './routes/owners.js';
import { periodRoutes } from './routes/periods.js';
import { reportRoutes } from './routes/reports.js';
import { portfolioRoutes } from './routes/portfolio.js';
import { messagingRoutes } from './routes/messaging.js';
import { paymentChannelRoutes } from './routes/payment-channels.js';
import { darajaWebhookRoutes } from './routes/daraja-webhooks.js';
import { smsWebhookRoutes } from './routes/sms-webhooks.js';
import { smsSettingsRoutes } from './routes/sms-settings.js';
import { paymentCallbackRoutes } from './routes/payment-callbacks.js';
import { paymentRequestRoutes } from './routes/payment-requests.js';
import { configureMessaging, defaultMessagingServices } from './domain/messaging/services.js';
import { createServerJobs, localClock, type ServerJobs } from './jobs/server-jobs.js';
import { configureJobs } from './jobs/registry.js';
import type { Jobs } from './jobs/jobs.js';
import { schedulerEnabled } from './domain/billing/scheduler.js';
import { configureSecretBox } from './domain/secret-box.js';
import { sealPlainAtKeys } from './domain/messaging/at-key.js';
import { isIsoDate, parseDateTime } from '../shared/resource-values.js';
import { todayIn } from './domain/billing/scheduler.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    mailer: Mailer;
    /** The durable job queue (jobs/): tests drain it. */
    jobs: Jobs;
    serverJobs: ServerJobs;
    /** Today in Nairobi ('YYYY-MM-DD'): the day a lease is activated on (tests set their own). */
    today: () => string;
  }
}

export interface AppOptions {
  config: Config;
  /** An already open database (tests share one); otherwise opened from the config and closed with the app. */
  database?: Database;
  mailer?: Mailer;
  /** The calendar the domain actions date themselves by; default the wall clock in Nairobi. */
  today?: () => string;
  /** The tests': a JSON answer that its response schema would change is a 500 (plugins/answer-check.ts). */
  checkAnswers?: boolean;
}

const API = '/api/v1';

/** The whole Keja server as one Fastify plugin: external plugins, then ours, then routes. */
export const keja = fp(async (app: FastifyInstance, opts: AppOptions) => {
  const { config } = opts;
  app.decorate('config', config);
  const database = opts.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.memory ? undefined : path.join(config.dataDir, 'pglite') }));
  if (!opts.database) app.addHook('onClose', () => database.close());
  app.decorate('today', opts.today ?? (() => todayIn()));
  await loadAreaRules();
  // areas added since the last start: their permissions go to the roles that held every one
  const toppedUp = await topUpOnce(database);
  if (toppedUp) app.log.info({ roles: toppedUp }, 'built-in roles given the permissions of new areas');
  app.decorate('database', database);
  app.decorate('db', database.app);
  app.decorate('mailer', opts.mailer ?? (config.mailDriver === 'smtp' && config.smtpUrl ? smtpMailer(config.smtpUrl, config.mailFrom) : logMailer(app.log)));
  // the record hooks encrypt Daraja keys and send messages with these (crud/hooks.ts knows no app)
  configureSecretBox(config.appKey);
  const sealed = await sealPlainAtKeys(database.db);
  if (sealed) app.log.info({ organisations: sealed }, "Africa's Talking API keys stored in plain text encrypted");
  configureMessaging({
    ...defaultMessagingServices(app.log, app.mailer, config.smsDriver, { baseUrl: config.africasTalkingUrl }),
    leaseSeconds: config.smsLeaseSeconds,
    retryBaseSeconds: config.smsRetryBaseSeconds,
  });
  // the job queue: messages are sent, and reminders written, by its workers (none under the tests)
  const background = schedulerEnabled();
  const serverJobs = createServerJobs({
    database, log: app.log, workers: background ? config.jobWorkers ?? 4 : 0, background,
    sweepSeconds: config.messageSweepSeconds, clock: localClock(opts.today),
  });
  await serverJobs.start();
  configureJobs(serverJobs.jobs);
  app.decorate('jobs', serverJobs.jobs);
  app.decorate('serverJobs', serverJobs);
  // before the database closes (onClose): workers finish the job in hand
  app.addHook('preClose', async () => {
    // Node closes the idle connections once, when the server closes: one whose request is still in
    // flight then stays open, kept alive, till its client hangs up or keepAliveTimeout (72 s) ends,
    // and closing waits for it (a provider's callback answered as the app shut down). So from now on
    // each connection is closed as soon as it is idle.
    const idle = setInterval(() => app.server.closeIdleConnections(), 100).unref();
    app.server.once('close', () => clearInterval(idle));
    await serverJobs.stop();
  });

  const https = config.appUrl.startsWith('https://');
  // helmet's middleware built once (@fastify/helmet rebuilt it, parsing every option, per request)
  const securityHeaders = helmet({
    hsts: https,
    contentSecurityPolicy: {
      directives: {
        upgradeInsecureRequests: https ? [] : null,
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // MUI (emotion) injects style elements at run time
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...(config.countryLookupUrl ? [new URL(config.countryLookupUrl).origin] : [])],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    // the reset page carries its token in the URL: never leak it in a Referer
    referrerPolicy: { policy: 'same-origin' },
    // the same rule as frame-ancestors 'none', for browsers that read only the older header
    frameguard: { action: 'deny' },
  });
  app.addHook('onRequest', (req, reply, done) => securityHeaders(req.raw, reply.raw, () => done()));
  await app.register(errorsPlugin);
  await app.register(inputGuardPlugin);
  if (opts.checkAnswers) await app.register(answerCheckPlugin);
  // API answers are one user's data (or a session's token): no browser or proxy keeps a copy
  app.addHook('onSend', async (req, reply) => {
    if (req.url.startsWith(`${API}/`) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Keja API', version: '1', description: 'The Keja back office API. Browser clients use the Sanctum-style session (GET /sanctum/csrf-cookie, then X-XSRF-TOKEN on writes); programs use `Authorization: Bearer <id>|<secret>` personal access tokens. Organisation data needs `X-Tenant-Id`.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' }, session: { type: 'apiKey', in: 'cookie', name: 'keja_session' } } },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  await app.register(authPlugin);

  await app.register(sanctumRoutes);
  await app.register(async (api) => {
    await api.register(authRoutes);
    await api.register(organizationRoutes);
    await api.register(tokenRoutes);
    await api.register(invitationRoutes);
    // called by Safaricom: no session, the secret in the path names the channel and its organisation
    await api.register(darajaWebhookRoutes);
    // called by Africa's Talking: the secret in the path names the organisation
    await api.register(smsWebhookRoutes);
    // organisation data: every handler runs in withTenant, which confirms a cached session
    await api.register(async (scoped) => {
      scoped.addHook('onRoute', (route) => {
        route.config = { ...route.config, tenantScoped: true };
      });
      await scoped.register(crudRoutes);
      await scoped.register(settingsRoutes);
      await scoped.register(smsSettingsRoutes);
      await scoped.register(userRoutes);
      await scoped.register(billingRoutes);
      await scoped.register(moneyRoutes);
      await scoped.register(ownerRoutes);
      await scoped.register(meterRoutes);
      await scoped.register(periodRoutes);
      await scoped.register(historyRoutes);
      await scoped.register(documentRoutes);
      await scoped.register(reportRoutes);
      await scoped.register(portfolioRoutes);
      await scoped.register(messagingRoutes);
      await scoped.register(paymentChannelRoutes);
      await scoped.register(paymentCallbackRoutes);
      await scoped.register(paymentRequestRoutes);
    });
  }, { prefix: API });

  const hasWeb = existsSync(path.join(config.webDir, 'index.html'));
  if (hasWeb) await app.register(fastifyStatic, { root: config.webDir, wildcard: false, index: false });
  // the page tells the phone input which country lookup this server allows (its CSP), so a server
  // with COUNTRY_LOOKUP_URL='' never has the browser call one (or log a refused request)
  const page = hasWeb ? withCountryLookup(readFileSync(path.join(config.webDir, 'index.html'), 'utf8'), config.countryLookupUrl) : '';
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0];
    const isApi = url.startsWith('/api/') || url === '/api' || url.startsWith('/sanctum/');
    // The app's routes are real browser paths: every other GET gets the app, which shows its own 404.
    if (hasWeb && !isApi && (req.method === 'GET' || req.method === 'HEAD') && !url.startsWith('/assets/')) {
      return reply.type('text/html').header('cache-control', 'no-cache').send(page);
    }
    return reply.status(404).send({ message: 'Not found.' });
  });
}, { name: 'keja' });

const attribute = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** index.html with `<meta name="keja-country-lookup" content="URL">` (empty: no lookup). */
export function withCountryLookup(html: string, url: string): string {
  const meta = `<meta name="keja-country-lookup" content="${attribute(url)}">`;
  return /<head[^>]*>/i.test(html) ? html.replace(/<head[^>]*>/i, (m) => `${m}${meta}`) : `${meta}${html}`;
}

/**
 * Fastify's per-request lines only when asked for (config.logRequests): quiet by default so the
 * printed demo login stays on screen. A request that failed on the server is logged either way.
 */
class RequestLog extends LogController {
  constructor(private readonly lines: boolean) {
    super();
  }
  override incomingRequest(request: FastifyRequest, reply: FastifyReply, metadata?: Record<string, unknown>) {
    if (this.lines) super.incomingRequest(request, reply, metadata);
  }
  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply, metadata?: Record<string, unknown>) {
    if (this.lines || error) super.requestCompleted(error, request, reply, metadata);
  }
  override defaultErrorLog(error: Error, request: FastifyRequest, reply: FastifyReply, metadata?: Record<string, unknown>) {
    if (this.lines || reply.statusCode >= 500) super.defaultErrorLog(error, request, reply, metadata);
  }
  // a browser that stops loading a file (a page left early) is no news
  override streamError(error: Error & { code?: string }, request: FastifyRequest, reply: FastifyReply, metadata?: Record<string, unknown>) {
    if (this.lines || error.code !== 'ERR_STREAM_PREMATURE_CLOSE') super.streamError(error, request, reply, metadata);
  }
  override routeNotFound(request: FastifyRequest, reply: FastifyReply, metadata?: Record<string, unknown>) {
    if (this.lines) super.routeNotFound(request, reply, metadata);
  }
}

export async function buildApp(opts: AppOptions, fastifyOptions: FastifyServerOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: opts.config.logLevel },
    logController: new RequestLog(opts.config.logRequests),
    trustProxy: opts.config.trustProxy,
    ajv: {
      customOptions: { allErrors: true },
      // format 'date' is a real day in the product's calendar (1900–2199), 'date-time' one with an
      // explicit offset on such a day: the same rules as the declarations' fields
      // (resource-values.ts), so PostgreSQL never sees year 0
      onCreate: (ajv: { addFormat(name: string, f: (s: string) => boolean): unknown }) => {
        ajv.addFormat('date', isIsoDate);
        ajv.addFormat('date-time', (s) => /(Z|[+-]\d{2}:?\d{2})$/i.test(s) && parseDateTime(s) !== null);
      },
    },
    // a first start creates the embedded database (initdb + migrations): slow on a busy machine
    pluginTimeout: 120_000,
    ...fastifyOptions,
  });
  await app.register(keja, opts);
  await app.ready();
  return app;
}
