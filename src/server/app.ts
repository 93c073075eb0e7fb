import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import { topUpOnce } from './domain/role-top-up.js';
import { loadAreaRules } from './area-rules.js';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { Config } from './config.js';
import { openDatabase, type Database, type Db } from './db/client.js';
import { logMailer, smtpMailer, type Mailer } from './mail/mailer.js';
import { errorsPlugin } from './plugins/errors.js';
import { authPlugin } from './plugins/auth.js';
import { authRoutes, sanctumRoutes } from './routes/auth.js';
import { organisationRoutes } from './routes/organisations.js';
import { tokenRoutes } from './routes/tokens.js';
import { crudRoutes } from './crud/routes.js';
import { settingsRoutes } from './crud/settings.js';
import { userRoutes } from './crud/users.js';
import { billingRoutes } from './routes/billing.js';
import { historyRoutes } from './routes/history.js';
import { moneyRoutes } from './routes/money.js';
import { reportRoutes } from './routes/reports.js';
import { portfolioRoutes } from './routes/portfolio.js';
import { messagingRoutes } from './routes/messaging.js';
import { paymentChannelRoutes } from './routes/payment-channels.js';
import { configureMessaging, defaultMessagingServices } from './domain/messaging/services.js';
import { configureSecretBox } from './domain/secret-box.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    mailer: Mailer;
  }
}

export interface AppOptions {
  config: Config;
  /** An already open database (tests share one); otherwise opened from the config and closed with the app. */
  database?: Database;
  mailer?: Mailer;
}

const API = '/api/v1';

/** The whole Keja server as one Fastify plugin: external plugins, then ours, then routes. */
export const keja = fp(async (app: FastifyInstance, opts: AppOptions) => {
  const { config } = opts;
  app.decorate('config', config);
  const database = opts.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.memory ? undefined : path.join(config.dataDir, 'pglite') }));
  if (!opts.database) app.addHook('onClose', () => database.close());
  await loadAreaRules();
  // Every API route answers with a declared schema, so /api/docs describes each answer. Routes
  // that declare none yet get an open one: it documents a JSON answer and, having no type, makes
  // Fastify's serialiser keep every field (a typed schema drops the keys it does not name).
  app.addHook('onRoute', (route) => {
    if (!/^\/(api|sanctum)\//.test(route.url) || route.url.startsWith('/api/docs')) return;
    const schema = (route.schema ??= {}) as { response?: unknown };
    if (schema.response) return;
    schema.response = { '2xx': { description: 'JSON as docs/api.md describes it (no shape declared here yet)' } };
    route.serializerCompiler ??= () => (data) => JSON.stringify(data);
  });
  // areas added since the last start: their permissions go to the roles that held every one
  const toppedUp = await topUpOnce(database);
  if (toppedUp) app.log.info({ roles: toppedUp }, 'built-in roles given the permissions of new areas');
  app.decorate('database', database);
  app.decorate('db', database.app);
  app.decorate('mailer', opts.mailer ?? (config.mailDriver === 'smtp' && config.smtpUrl ? smtpMailer(config.smtpUrl, config.mailFrom) : logMailer(app.log)));
  // the record hooks encrypt Daraja keys and send messages with these (crud/hooks.ts knows no app)
  configureSecretBox(config.appKey);
  configureMessaging(defaultMessagingServices(app.log, app.mailer, config.smsDriver));

  const https = config.appUrl.startsWith('https://');
  await app.register(helmet, {
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
  });
  await app.register(errorsPlugin);
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
    await api.register(organisationRoutes);
    await api.register(tokenRoutes);
    // organisation data: every handler runs in withTenant, which confirms a cached session
    await api.register(async (scoped) => {
      scoped.addHook('onRoute', (route) => {
        route.config = { ...route.config, tenantScoped: true };
      });
      await scoped.register(crudRoutes);
      await scoped.register(settingsRoutes);
      await scoped.register(userRoutes);
      await scoped.register(billingRoutes);
      await scoped.register(moneyRoutes);
      await scoped.register(historyRoutes);
      await scoped.register(reportRoutes);
      await scoped.register(portfolioRoutes);
      await scoped.register(messagingRoutes);
      await scoped.register(paymentChannelRoutes);
    });
  }, { prefix: API });

  const hasWeb = existsSync(path.join(config.webDir, 'index.html'));
  if (hasWeb) await app.register(fastifyStatic, { root: config.webDir, wildcard: false, index: false });
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0];
    const isApi = url.startsWith('/api/') || url === '/api' || url.startsWith('/sanctum/');
    // The app's routes are real browser paths: every other GET gets the app, which shows its own 404.
    if (hasWeb && !isApi && (req.method === 'GET' || req.method === 'HEAD') && !url.startsWith('/assets/')) {
      return reply.type('text/html').sendFile('index.html');
    }
    return reply.status(404).send({ message: 'Not found.' });
  });
}, { name: 'keja' });

export async function buildApp(opts: AppOptions, fastifyOptions: FastifyServerOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: opts.config.logLevel },
    trustProxy: opts.config.trustProxy,
    ajv: { customOptions: { allErrors: true } },
    // a first start creates the embedded database (initdb + migrations): slow on a busy machine
    pluginTimeout: 120_000,
    ...fastifyOptions,
  });
  await app.register(keja, opts);
  await app.ready();
  return app;
}
