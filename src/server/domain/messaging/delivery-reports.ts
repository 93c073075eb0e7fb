import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { inScope, rowsOf, type Db } from '../../db/client.js';

// Africa's Talking delivery reports (reference/integrations.md B2): posted form-encoded, with no
// signature, to the URL the organisation copied from Settings › SMS. The unguessable secret in
// the path names the organisation; the report's `id` (the provider's messageId) names one of its
// messages, never another organisation's. A final status is never moved (a replay, or a late
// interim report, changes nothing). No provider is called from here.

/** The report URL's secret: 64 hex digits (the migration's default draws the same shape). */
export const newReportSecret = () => randomBytes(32).toString('hex');
const SECRET = /^[0-9a-f]{64}$/;

export const deliveryReportUrl = (appUrl: string, secret: string) => `${appUrl}/api/v1/webhooks/sms/${secret}/delivery-reports`;

const INTERIM = ['Sent', 'Submitted', 'Buffered'] as const;
const FAILED = ['Failed', 'Rejected', 'AbsentSubscriber', 'Expired'] as const;
const STATUSES = new Set<string>([...INTERIM, 'Success', ...FAILED]);

/** AT's failureReason (and final statuses without one) in plain words. */
const FAILURE_WORDS: Record<string, string> = {
  InsufficientCredit: "the Africa's Talking account ran out of credit before it was delivered",
  InvalidLinkId: 'the premium link id was not valid',
  UserIsInactive: 'the phone line is inactive',
  UserInBlackList: 'the recipient has opted out of SMS from this sender',
  UserInBlacklist: 'the recipient has opted out of SMS from this sender',
  UserAccountSuspended: "the recipient's line is suspended",
  NotNetworkSubcriber: 'the number does not belong to the network it was sent through',
  NotNetworkSubscriber: 'the number does not belong to the network it was sent through',
  UserNotSubscribedToProduct: 'the recipient is not subscribed to this service',
  UserDoesNotExist: 'the phone number does not exist',
  DeliveryFailure: 'the mobile network could not deliver it',
  AbsentSubscriber: 'the phone was off or out of reach',
  Expired: 'it expired before the phone could be reached',
  Rejected: 'the mobile network rejected it',
  Failed: 'the mobile network could not deliver it',
};

export interface DeliveryReport {
  id: string;
  status: string;
  phoneNumber: string | null;
  networkCode: string | null;
  failureReason: string | null;
  retryCount: string | null;
}

export type ParsedReport = { ok: true; report: DeliveryReport } | { ok: false; error: string };

/** The form body AT posts; anything else is refused with a reason (a 400, never a 500). */
export function parseDeliveryReport(raw: string): ParsedReport {
  if (raw.includes('\u0000')) return { ok: false, error: 'The body holds a NUL character.' };
  let form: URLSearchParams;
  try {
    form = new URLSearchParams(raw);
  } catch {
    return { ok: false, error: 'The body is not form-encoded.' };
  }
  const one = (key: string, max: number, pattern?: RegExp): string | null | undefined => {
    const all = form.getAll(key);
    if (all.length > 1) return undefined;
    const v = all[0]?.trim() ?? '';
    if (v === '') return null;
    if (v.length > max || (pattern && !pattern.test(v))) return undefined;
    return v;
  };
  const id = one('id', 200, /^[\w.:-]+$/);
  const status = one('status', 40);
  const phoneNumber = one('phoneNumber', 30, /^\+?[\d\s-]+$/);
  const networkCode = one('networkCode', 10, /^\d+$/);
  const failureReason = one('failureReason', 60, /^\w+$/);
  const retryCount = one('retryCount', 5, /^\d+$/);
  if (!id) return { ok: false, error: 'id is missing or malformed.' };
  if (!status || !STATUSES.has(status)) return { ok: false, error: 'status is missing or unknown.' };
  for (const [k, v] of Object.entries({ phoneNumber, networkCode, failureReason, retryCount })) {
    if (v === undefined) return { ok: false, error: `${k} is malformed.` };
  }
  return { ok: true, report: { id, status, phoneNumber: phoneNumber!, networkCode: networkCode!, failureReason: failureReason!, retryCount: retryCount! } };
}

/** Why the message did not arrive, in the words shown beside it. */
export function undeliveredReason(report: Pick<DeliveryReport, 'status' | 'failureReason'>): string {
  const why = (report.failureReason && FAILURE_WORDS[report.failureReason]) || FAILURE_WORDS[report.status] || 'the mobile network could not deliver it';
  return `Not delivered: ${why} (${report.failureReason ?? report.status}).`;
}

export interface ReportReply {
  status: 200 | 400 | 404;
  body: { ok: boolean; message: string };
}

const NOT_FOUND: ReportReply = { status: 404, body: { ok: false, message: 'Not found.' } };

/**
 * Applies one report: Success → delivered (delivered_at now); Failed and the other final
 * failures → failed with the reason; interim statuses → nothing. Only a message still `sent` (or
 * `sending`, its acceptance being recorded) moves, so a final status stays final and a replay is
 * harmless. Unknown secret or message id → 404; nothing changes.
 */
export async function receiveDeliveryReport(db: Db, secret: string, raw: string): Promise<ReportReply> {
  if (!SECRET.test(secret)) return NOT_FOUND;
  const parsed = parseDeliveryReport(raw);
  return inScope(db, {}, async (tx) => {
    // no organisation in scope yet: the organizations policy shows every row, and the unique
    // secret picks one; from then on the scope is that organisation's alone
    const [org] = rowsOf<{ id: string }>(await tx.execute(sql`select id from organizations where sms_report_secret = ${secret}`));
    if (!org) return NOT_FOUND;
    await tx.execute(sql`select set_config('app.tenant', ${org.id}, true)`);
    if (!parsed.ok) return { status: 400, body: { ok: false, message: parsed.error } } as ReportReply;
    const r = parsed.report;
    const [message] = rowsOf<{ id: string; status: string }>(await tx.execute(sql`
      select id, status from messages
      where organization_id = ${org.id} and provider_id = ${r.id} and channel = 'sms'
      order by id limit 1 for update`));
    if (!message) return NOT_FOUND;
    const open = message.status === 'sent' || message.status === 'sending';
    if (!open || (INTERIM as readonly string[]).includes(r.status)) {
      return { status: 200, body: { ok: true, message: `Noted; the message stays ${message.status}.` } } as ReportReply;
    }
    if (r.status === 'Success') {
      await tx.execute(sql`
        update messages set status = 'delivered', delivered_at = now(), error = null, updated_at = now()
        where organization_id = ${org.id} and id = ${message.id}`);
      return { status: 200, body: { ok: true, message: 'Marked delivered.' } } as ReportReply;
    }
    await tx.execute(sql`
      update messages set status = 'failed', error = ${undeliveredReason(r)}, updated_at = now()
      where organization_id = ${org.id} and id = ${message.id}`);
    return { status: 200, body: { ok: true, message: 'Marked failed.' } } as ReportReply;
  });
}

/** The organisation's report secret (made now if it has none), for Settings › SMS. */
export async function reportSecret(tx: Db, organizationId: string): Promise<string> {
  const [row] = rowsOf<{ secret: string | null }>(await tx.execute(sql`select sms_report_secret as secret from organizations where id = ${organizationId}`));
  return row?.secret && SECRET.test(row.secret) ? row.secret : rotateReportSecret(tx, organizationId);
}

/** A new secret: the old URL answers 404 at once. */
export async function rotateReportSecret(tx: Db, organizationId: string): Promise<string> {
  const secret = newReportSecret();
  await tx.execute(sql`update organizations set sms_report_secret = ${secret}, updated_at = now() where id = ${organizationId}`);
  return secret;
}
