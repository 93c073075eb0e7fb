import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';

export interface Config {
  host: string;
  port: number;
  /** Unset: embedded PGlite in dataDir. */
  databaseUrl?: string;
  dataDir: string;
  /** In-memory PGlite (tests). */
  memory: boolean;
  appUrl: string;
  demo: boolean;
  demoEmail: string;
  demoPassword?: string;
  mailDriver: 'log' | 'smtp';
  smtpUrl?: string;
  mailFrom: string;
  smsDriver: string;
  logLevel: string;
  /**
   * One log line per request (LOG_REQUESTS=1, or LOG_LEVEL debug/trace). Off by default: the
   * first start prints the demo login, and a page load's dozens of request lines scrolled it away.
   * Errors are logged either way.
   */
  logRequests: boolean;
  /** Signs cookies; generated once into dataDir when not given. */
  appKey: string;
  /** Serve the built web app from this folder when it exists. */
  webDir: string;
  /** Trust X-Forwarded-* (behind a proxy). */
  trustProxy: boolean;
  /** The IP-to-country service the phone input may call (seed section 7); allowed by the CSP. */
  countryLookupUrl: string;
  /**
   * DARAJA_URL: one base URL for every Daraja call (a local fake: `npm run fakes`); unset, each
   * channel's environment picks Safaricom's sandbox or production host (domain/daraja/client.ts).
   */
  darajaUrl?: string;
  /**
   * AFRICASTALKING_URL: the base URL of every Africa's Talking call (a local fake: `npm run fakes`);
   * unset, username "sandbox" goes to AT's sandbox host and any other to production
   * (domain/messaging/africastalking.ts).
   */
  africasTalkingUrl?: string;
  /**
   * The job queue (jobs/): jobs each queue runs at once in this process (JOB_WORKERS, default 4;
   * 0 under the tests, which drain the queue themselves), seconds a worker holds a message it is
   * sending (SMS_LEASE_SECONDS, 600), the first retry's delay (SMS_RETRY_BASE_SECONDS, 30), the
   * sweep's period (MESSAGE_SWEEP_SECONDS, 60).
   */
  jobWorkers?: number;
  smsLeaseSeconds?: number;
  smsRetryBaseSeconds?: number;
  messageSweepSeconds?: number;
  /**
   * STK_QUERY_AFTER_SECONDS: how long after Daraja accepted an STK push with no callback Keja asks
   * for its status, once (domain/daraja/stk-query.ts). Default 90 (the prompt expires on the phone in about 60).
   */
  stkQueryAfterSeconds: number;
}

type Env = Record<string, string | undefined>;

/** A whole number ≥ 0 from the environment, or undefined. */
const seconds = (v: string | undefined) => (v !== undefined && /^\d+$/.test(v.trim()) ? Number(v) : undefined);

/** Reads a secret from the environment, or from dataDir, generating it there once. */
function persistentSecret(env: Env, name: string, dataDir: string, memory: boolean): string {
  const given = env[name];
  if (given) return given;
  const fresh = randomBytes(32).toString('base64url');
  if (memory) return fresh;
  const file = path.join(dataDir, 'secrets.json');
  const stored: Record<string, string> = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  if (stored[name]) return stored[name];
  mkdirSync(dataDir, { recursive: true });
  stored[name] = fresh;
  writeFileSync(file, JSON.stringify(stored, null, 2), { mode: 0o600 });
  return fresh;
}

export function loadConfig(env: Env = process.env, overrides: Partial<Config> = {}): Config {
  const host = env.HOST || '127.0.0.1';
  const port = Number(env.PORT || 8080);
  const databaseUrl = env.DATABASE_URL || undefined;
  const dataDir = path.resolve(env.DATA_DIR || './data');
  const memory = overrides.memory ?? false;
  // Demo data only implied on the embedded database: a production server never gets a demo admin by accident.
  const demo = env.DEMO !== undefined ? env.DEMO === '1' || env.DEMO === 'true' : !databaseUrl;
  const mailDriver = (env.MAIL_DRIVER || (env.SMTP_URL ? 'smtp' : 'log')) as Config['mailDriver'];
  const config: Config = {
    host,
    port,
    databaseUrl,
    dataDir,
    memory,
    appUrl: (env.APP_URL || `http://${host}:${port}`).replace(/\/$/, ''),
    demo,
    demoEmail: env.DEMO_EMAIL || 'admin@demo.keja.co.ke',
    demoPassword: env.DEMO_PASSWORD || undefined,
    mailDriver,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM || 'Keja <no-reply@keja.local>',
    smsDriver: env.SMS_DRIVER || 'log',
    logLevel: env.LOG_LEVEL || 'info',
    logRequests: env.LOG_REQUESTS !== undefined ? env.LOG_REQUESTS === '1' || env.LOG_REQUESTS === 'true' : ['debug', 'trace'].includes(env.LOG_LEVEL ?? ''),
    appKey: '',
    webDir: path.resolve(env.WEB_DIR || 'dist/web'),
    trustProxy: env.TRUST_PROXY === '1',
    countryLookupUrl: env.COUNTRY_LOOKUP_URL ?? 'https://ip2c.org/s',
    darajaUrl: env.DARAJA_URL ? env.DARAJA_URL.replace(/\/$/, '') : undefined,
    africasTalkingUrl: env.AFRICASTALKING_URL ? env.AFRICASTALKING_URL.replace(/\/$/, '') : undefined,
    jobWorkers: seconds(env.JOB_WORKERS),
    smsLeaseSeconds: seconds(env.SMS_LEASE_SECONDS),
    smsRetryBaseSeconds: seconds(env.SMS_RETRY_BASE_SECONDS),
    messageSweepSeconds: seconds(env.MESSAGE_SWEEP_SECONDS),
    stkQueryAfterSeconds: Number(env.STK_QUERY_AFTER_SECONDS || 90),
    ...overrides,
  };
  if (!config.appKey) config.appKey = persistentSecret(env, 'APP_KEY', config.dataDir, config.memory);
  if (!['log', 'smtp'].includes(config.mailDriver)) throw new Error(`MAIL_DRIVER must be log or smtp, not ${config.mailDriver}`);
  return config;
}
