import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { smtpMailer } from '../../../src/server/mail/mailer.js';
import { Browser, buildTestApp, registeredBrowser } from '../helpers.js';

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

  it('sends the password reset link through SMTP when the app is configured for it', async () => {
    const t = await buildTestApp();
    const { email } = await registeredBrowser(t.app);
    await t.app.close();
    const smtp = await buildTestApp({ mailDriver: 'smtp', smtpUrl: `smtp://127.0.0.1:${port}` }, t.database);
    // buildTestApp gives a memory mailer; build the real one the way the app chooses it
    const { buildApp } = await import('../../../src/server/app.js');
    await smtp.app.close();
    const real = await buildApp({ config: smtp.app.config, database: t.database }, { logger: false });
    try {
      const b = new Browser(real);
      await b.csrfCookie();
      expect((await b.post('/api/v1/forgot-password', { email })).statusCode).toBe(200);
      for (let i = 0; i < 50 && !received.some((m) => m.to.includes(email)); i++) await new Promise((r) => setTimeout(r, 20));
      const mail = received.find((m) => m.to.includes(email))!;
      expect(mail.data).toContain('reset-password');
      expect(mail.data).toContain('Reset your Keja password');
    } finally {
      await real.close();
      await t.database.close();
    }
  });
});
