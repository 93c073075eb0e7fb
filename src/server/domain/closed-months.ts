// Months that stay closed (issue 13). An organisation closes its books month by month, in order;
// the latest closed month is how far they are closed, and every day up to its end is closed. A
// write dated in a closed month is refused with a 422 naming its date field; what a back-dated
// move-out would post there counts on the first open day instead (postingDay), so every statement
// printed for a closed month stays true. Reopening takes its own permission, the latest closed
// month only, with a reason; both are in the audit log.
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client.js';
import { conflict, invalidField } from '../errors.js';
import { isIsoMonth } from '../../shared/resource-values.js';
import { recordAudit } from './audit.js';
import { addMonths, monthEnd } from './billing/periods.js';
import type { PeriodMonth, PeriodsView } from '../../shared/money-report-shapes.js';

export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
/** 'YYYY-MM' or a day → 'September 2026'. */
export const monthLabel = (day: string) => `${MONTH_NAMES[Number(day.slice(5, 7)) - 1]} ${day.slice(0, 4)}`;

/** The first day of the latest closed month, or null while nothing is closed. */
export async function closedThrough(tx: Db, organizationId: string): Promise<string | null> {
  const [row] = rowsOf<{ month: string | null }>(await tx.execute(sql`
    select max(month)::text as month from closed_periods where organization_id = ${organizationId}`));
  return row?.month ?? null;
}

/** The first day after the closed months (null: nothing is closed, every day is open). */
export async function firstOpenDay(tx: Db, organizationId: string): Promise<string | null> {
  const through = await closedThrough(tx, organizationId);
  return through ? addMonths(through, 1) : null;
}

export const closedMessage = (day: string) =>
  `${monthLabel(day)} is closed: nothing dated in it can change. Date it in an open month, or ask someone who may reopen the month (reopen.period).`;

/** A day, from a date or a timestamp (a timestamp's day in Nairobi, the books' calendar). */
export function dayOf(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date) return nairobiDay(value);
  const s = String(value);
  if (/^\d{4}-\d{2}-\d{2}$/.test(s)) return s;
  const t = new Date(s);
  return Number.isNaN(t.getTime()) ? null : nairobiDay(t);
}
const nairobiDay = (t: Date) => new Date(t.getTime() + 3 * 3600_000).toISOString().slice(0, 10);

/** 422 naming `field` when `day` (a date or a timestamp) falls in a closed month. */
export async function assertOpen(tx: Db, organizationId: string, value: unknown, field: string, through?: string | null): Promise<void> {
  const day = dayOf(value);
  if (!day) return;
  const closed = through === undefined ? await closedThrough(tx, organizationId) : through;
  if (closed && day <= monthEnd(closed)) throw invalidField(field, closedMessage(day));
}

/** Where something meant for `day` is posted: `day` itself, or the first open day when its month is closed. */
export interface Posting {
  day: string;
  /** set when `day` was in a closed month: what the answer and the record's history say */
  note: string | null;
}

export async function postingDay(tx: Db, organizationId: string, day: string): Promise<Posting> {
  const open = await firstOpenDay(tx, organizationId);
  if (!open || day >= open) return { day, note: null };
  return { day: open, note: `${monthLabel(day)} is closed: this is posted on ${open}, the first open day, so the statements already printed stay as they were.` };
}

export type { PeriodMonth, PeriodsView };

const monthOf = (day: string) => day.slice(0, 7);
const lastMonth = (today: string) => monthOf(addMonths(today, -1));

/** The closed months and the open ones since, newest first: from a year back (or the first closed month) to this month. */
export async function listPeriods(tx: Db, organizationId: string, today: string): Promise<PeriodsView> {
  const closed = rowsOf<{ month: string; closed_at: string; closed_by: string | null; closed_by_name: string | null }>(await tx.execute(sql`
    select cp.month::text as month, to_char(cp.closed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as closed_at, cp.closed_by, u.name as closed_by_name
    from closed_periods cp left join users u on u.id = cp.closed_by
    where cp.organization_id = ${organizationId} order by cp.month`));
  const byMonth = new Map(closed.map((c) => [monthOf(c.month), c]));
  const through = closed.at(-1)?.month ?? null;
  const current = `${monthOf(today)}-01`;
  let start = addMonths(current, -12);
  if (closed[0] && closed[0].month < start) start = closed[0].month;
  const months: PeriodMonth[] = [];
  for (let m = current; m >= start; m = addMonths(m, -1)) {
    const c = byMonth.get(monthOf(m));
    const isClosed = !!through && m <= through;
    months.push({
      month: monthOf(m), status: isClosed ? 'closed' : 'open',
      closed_at: c?.closed_at ?? null, closed_by: c?.closed_by ?? null, closed_by_name: c?.closed_by_name ?? null,
    });
  }
  return { closed_through: through && monthOf(through), next_to_close: through && monthOf(addMonths(through, 1)), latest_closable: lastMonth(today), months };
}

function checkMonth(month: string) {
  // the supported calendar (1900–2199): PostgreSQL refuses year 0
  if (!MONTH_PATTERN.test(month) || !isIsoMonth(month)) throw invalidField('month', 'A month, YYYY-MM, between 1900-01 and 2199-12.');
}

/**
 * Closes `month` ('YYYY-MM'): it must have ended (before today's month) and be the month after the
 * latest closed one; the first close may name any ended month and closes the books up to its end.
 * Locks the organisation's row, so two closes at once cannot both pass the order check.
 */
export async function closeMonth(tx: Db, organizationId: string, userId: string, month: string, today: string): Promise<PeriodsView> {
  checkMonth(month);
  await tx.execute(sql`select id from organizations where id = ${organizationId} for update`);
  if (month > lastMonth(today)) {
    throw invalidField('month', `${monthLabel(month)} has not ended: a month is closed once it is over (the latest that may be closed is ${monthLabel(lastMonth(today))}).`);
  }
  const through = await closedThrough(tx, organizationId);
  if (through) {
    const next = monthOf(addMonths(through, 1));
    if (month <= monthOf(through)) throw conflict(`${monthLabel(month)} is already closed.`);
    if (month !== next) throw invalidField('month', `Months are closed in order: close ${monthLabel(next)} first.`);
  }
  await tx.execute(sql`insert into closed_periods (organization_id, month, closed_by) values (${organizationId}, ${`${month}-01`}::date, ${userId})`);
  await recordAudit(tx, {
    organizationId, userId, resource: 'periods', recordId: month, action: 'close',
    before: { closed_through: through && monthOf(through) }, after: { closed_through: month },
  });
  return listPeriods(tx, organizationId, today);
}

/** Reopens the latest closed month with a reason (reopen.period); any earlier one is refused. */
export async function reopenMonth(tx: Db, organizationId: string, userId: string, month: string, reason: string, today: string): Promise<PeriodsView> {
  checkMonth(month);
  await tx.execute(sql`select id from organizations where id = ${organizationId} for update`);
  const through = await closedThrough(tx, organizationId);
  if (!through || month > monthOf(through)) throw conflict(`${monthLabel(month)} is not closed.`);
  if (month !== monthOf(through)) throw invalidField('month', `Only the latest closed month can be reopened: reopen ${monthLabel(through)} first.`);
  await tx.execute(sql`delete from closed_periods where organization_id = ${organizationId} and month = ${through}::date`);
  const now = await closedThrough(tx, organizationId);
  await recordAudit(tx, {
    organizationId, userId, resource: 'periods', recordId: month, action: 'reopen', reason,
    before: { closed_through: month }, after: { closed_through: now && monthOf(now) },
  });
  return listPeriods(tx, organizationId, today);
}

/**
 * What a void, reversal or credit of a record dated in a closed month says: it counts on `today`
 * (always open: only a month that is over can be closed), never back in the closed month. Null
 * when the record's month is open.
 */
export async function laterNote(tx: Db, organizationId: string, recordDay: unknown, today: string, what: string): Promise<string | null> {
  const day = dayOf(recordDay);
  const through = await closedThrough(tx, organizationId);
  if (!day || !through || day > monthEnd(through)) return null;
  return `${monthLabel(day)} is closed: the ${what} counts on ${today}, in an open month, so the statements already printed stay as they were.`;
}

/** Adds the note to the record's latest audit row of `action`: its history says where the change was posted. */
export async function noteOnHistory(tx: Db, organizationId: string, resource: string, recordId: string, action: string, note: string): Promise<void> {
  await tx.execute(sql`
    update audit_log set after = coalesce(after, '{}'::jsonb) || jsonb_build_object('period_note', ${note}::text)
    where organization_id = ${organizationId} and id = (
      select id from audit_log where organization_id = ${organizationId} and resource = ${resource} and record_id = ${recordId} and action = ${action}
      order by at desc, id desc limit 1)`);
}
