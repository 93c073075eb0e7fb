import { sql } from 'drizzle-orm';
import { ulid } from 'ulid';
import type { Db } from '../../db/client.js';
import type { Mailer } from '../../mail/mailer.js';
import type { DocumentFile } from './document-file.js';

export interface EmailOutcome {
  id: string;
  status: 'sent' | 'failed';
  to: string;
  error: string | null;
}

/** The email's words: who it is from, what is attached. */
export function documentMail(doc: DocumentFile, orgName: string) {
  const subject = `${doc.title} from ${orgName}`;
  const text = `Dear ${doc.tenant?.name ?? 'tenant'},\n\nPlease find attached ${doc.title.toLowerCase()}.\n\n${orgName}`;
  return { subject, text };
}

/**
 * Sends a rendered document to its tenant through the mail driver. Called after the transaction
 * that read the document has committed (a provider call never holds a transaction open); the
 * outcome is then kept as an email message (sent or failed, with the error) by `recordEmail`.
 */
export async function sendDocument(mailer: Mailer, doc: DocumentFile, to: string, orgName: string): Promise<{ ok: true } | { ok: false; error: string }> {
  const { subject, text } = documentMail(doc, orgName);
  try {
    await mailer.send({ to, subject, text, attachments: [{ filename: doc.filename, content: doc.pdf, contentType: 'application/pdf' }] });
    return { ok: true };
  } catch (err) {
    return { ok: false, error: (err instanceof Error ? err.message : String(err)).slice(0, 1000) };
  }
}

/** The email as a message of the organisation (the outbox and sent lists show it), in its own short transaction. */
export async function recordEmail(tx: Db, organizationId: string, doc: DocumentFile, to: string, orgName: string, result: { ok: boolean; error?: string }): Promise<EmailOutcome> {
  const id = ulid();
  const { subject, text } = documentMail(doc, orgName);
  const status = result.ok ? 'sent' : 'failed';
  await tx.execute(sql`
    insert into messages (organization_id, id, channel, recipient_type, tenant_id, "to", subject, body, status, error, sent_at)
    values (${organizationId}, ${id}, 'email', 'tenant', ${doc.tenant?.id ?? null}, ${to}, ${subject}, ${`${text}\n\n[attached: ${doc.filename}]`}, ${status},
      ${result.ok ? null : result.error ?? null}, ${result.ok ? sql`now()` : null})`);
  return { id, status, to, error: result.ok ? null : result.error ?? null };
}
