import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { smtpMailer } from '../../../src/server/mail/mailer.js';
import { buildApp } from '../../../src/server/app.js';
import { loadConfig } from '../../../src/server/config.js';
import { Browser, PASSWORD, registeredBrowser, testDatabase, uniqueEmail } from '../helpers.js';

interface Received { from: string; to: string[]; data: string }

let server: SMTPServer;
let port: number;
const received: Received[] = [];

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => { data += chunk.toString(); });
      stream.on('end', () => {
        received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), data });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('SMTP mail driver', () => {
  it('delivers a message to a real SMTP server', async () => {
    const mailer = smtpMailer(`smtp://127.0.0.1:${port}`, 'Keja <no-reply@keja.test>');
    await mailer.send({ to: 'wanjiru@example.co.ke', subject: 'Hello', text: 'Karibu Keja' });
    const mail = received.at(-1)!;
    expect(mail.from).toBe('no-reply@keja.test');
    expect(mail.to).toEqual(['wanjiru@example.co.ke']);
    expect(mail.data).toContain('Subject: Hello');
    expect(mail.data).toContain('Karibu Keja');
  });

  it('sends the password reset link through SMTP, and the link sets a new password', async () => {
    const { app, email, close } = await smtpApp();
    try {
      const b = new Browser(app);
      await b.csrfCookie();
      expect((await b.post('/api/v1/forgot-password', { email })).statusCode).toBe(200);
      const mail = await mailTo(email);
      expect(mail.from).toBe('no-reply@keja.test');
      expect(mail.text).toContain('Subject: Reset your Keja password');
      const link = new URL(linkIn(mail.text, '/auth/reset-password'));
      expect(link.origin).toBe('http://keja.test');
      expect(link.searchParams.get('email')).toBe(email);
      const token = link.searchParams.get('token')!;
      const NEW = 'Nyumba-Mpya-ya-Pili-2026';
      const reset = await b.post('/api/v1/reset-password', { token, email, password: NEW, password_confirmation: NEW });
      expect(reset.statusCode, reset.body).toBe(200);
      const fresh = new Browser(app);
      await fresh.csrfCookie();
      expect((await fresh.post('/api/v1/login', { email, password: NEW })).statusCode).toBe(200);
    } finally {
      await close();
    }
  });

  it('sends an invitation through SMTP whose link lets the invited person join', async () => {
    const { app, close } = await smtpApp();
    try {
      const admin = await registeredBrowser(app, { org: 'Barua Estates' });
      admin.browser.tenant = admin.organization!.id;
      const invitee = uniqueEmail('invitee');
      const invited = await admin.browser.post('/api/v1/users', { name: 'Njeri Kamau', email: invitee, role_ids: [] });
      expect(invited.statusCode, invited.body).toBe(201);
      const mail = await mailTo(invitee);
      expect(mail.text).toContain('Subject: Invitation to join Barua Estates on Keja');
      const link = new URL(linkIn(mail.text, '/auth/invitation'));
      expect(link.origin).toBe('http://keja.test');
      const guest = new Browser(app);
      await guest.csrfCookie();
      const token = link.searchParams.get('token')!;
      const lookup = await guest.post('/api/v1/invitations/lookup', { token });
      expect(lookup.statusCode, lookup.body).toBe(200);
      expect(lookup.json()).toMatchObject({ organization: { name: 'Barua Estates' }, email: invitee, account: false });
      const joined = await guest.post('/api/v1/invitations/accept', { token, name: 'Njeri Kamau', password: PASSWORD, password_confirmation: PASSWORD });
      expect(joined.statusCode, joined.body).toBe(200);
      const members = (await admin.browser.get('/api/v1/users')).json() as Array<{ email: string }>;
      expect(members.map((m) => m.email)).toContain(invitee);
    } finally {
      await close();
    }
  });

  it('a mail server that is down changes no answer: the reset request still says the same', async () => {
    const { app, email, close } = await smtpApp('smtp://127.0.0.1:1');
    try {
      const b = new Browser(app);
      await b.csrfCookie();
      const res = await b.post('/api/v1/forgot-password', { email });
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toMatch(/If that email address is registered/);
    } finally {
      await close();
    }
  });
});

/** A server built the way main.ts builds it, mailing through the test's SMTP server; with one registered user. */
async function smtpApp(smtpUrl = `smtp://127.0.0.1:${port}`) {
  const config = loadConfig({ SMTP_URL: smtpUrl, MAIL_FROM: 'Keja <no-reply@keja.test>' }, { memory: true, appKey: 'test-app-key-0123456789', logLevel: 'silent', appUrl: 'http://keja.test', webDir: '/nonexistent' });
  expect(config.mailDriver).toBe('smtp');
  const database = await testDatabase();
  const app = await buildApp({ config, database }, { logger: false });
  const { email } = await registeredBrowser(app);
  return { app, email, close: async () => { await app.close(); await database.close(); } };
}

/** The mail to this address, once the SMTP server has it (the app sends without waiting). */
async function mailTo(address: string): Promise<{ from: string; text: string }> {
  for (let i = 0; i < 250; i++) {
    const mail = received.find((m) => m.to.includes(address));
    // quoted-printable: soft line breaks and =XX escapes undone, so links read whole
    if (mail) return { from: mail.from, text: mail.data.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))) };
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no mail reached ${address}`);
}

const linkIn = (text: string, path: string) => {
  const m = new RegExp(`https?://\\S+${path.replace(/\//g, '\\/')}\\?\\S+`).exec(text);
  if (!m) throw new Error(`no ${path} link in the mail`);
  return m[0];
};
