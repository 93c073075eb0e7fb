import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** files sent with the mail (a PDF invoice, receipt or statement) */
  attachments?: Array<{ filename: string; content: Buffer; contentType: string }>;
}

/** The mail driver: `log` prints to the server log, `smtp` sends through nodemailer. */
export interface Mailer {
  send(mail: Mail): Promise<void>;
}

export function logMailer(log: FastifyBaseLogger): Mailer {
  return {
    async send(mail) {
      const files = (mail.attachments ?? []).map((a) => ({ filename: a.filename, bytes: a.content.length }));
      log.info({ mail: { to: mail.to, subject: mail.subject, attachments: files } }, `mail (log driver) to ${mail.to}: ${mail.subject}\n${mail.text}`);
    },
  };
}

export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(mail) {
      await transport.sendMail({ from, ...mail });
    },
  };
}
