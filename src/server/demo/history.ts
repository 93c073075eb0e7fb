// Step: the history, the money core's own services day by day (billing runs, activations,
// payments, penalties, notices, move-outs, running costs), then today's loose ends.
import { sql } from 'drizzle-orm';
import { houses, leases, payments } from '../../../resources/index.js';
import { updateRecord } from '../crud/repository.js';
import { activateLease, endLease, giveNotice } from '../domain/billing/lifecycle.js';
import { runBilling } from '../domain/billing/runs.js';
import { reversePayment } from '../domain/payments/payments.js';
import { add, event, step, type DemoContext, type HistoryEvent, type Tenancy } from './context.js';
import { addDays, addMonths, cents, mpesaCode } from './helpers.js';
import { at, balanceOf, pay, paymentReference, penaltiesTo } from './payments.js';
import { planRemittances } from './remittances.js';
import { planRunningCosts } from './running-costs.js';

/**
 * The last historyMonths months (DEMO_HISTORY_MONTHS unless a test asks for fewer) as they would have happened: each month's scheduled
 * billing run on the 1st, leases activated on their start date (the first, prorated period
 * billed), payments recorded through the API's path (allocated oldest due first, the rest kept
 * as credit that the next run spends), penalties posted as the scheduler would (before the
 * payments of each day), notices, move-outs with the deposit settled, running costs and other
 * income. Nothing after today. Each month's events are one transaction between the runs.
 */
export async function addHistory(ctx: DemoContext) {
  const months = Array.from({ length: Math.max(1, ctx.historyMonths) }, (_, i) => addMonths(ctx.from, i));
  for (const m of months) ctx.events.push({ date: m, order: 0, seq: ctx.events.length, period: m.slice(0, 7) });

  for (const t of ctx.money) planTenancy(ctx, t, months);
  planRunningCosts(ctx, months);
  planRemittances(ctx, months);
  planThisMonth(ctx);

  const events = ctx.events.filter((e) => e.date <= ctx.today).sort((a, b) => a.date.localeCompare(b.date) || a.order - b.order || a.seq - b.seq);
  let batch: HistoryEvent[] = [];
  const flush = async () => {
    const todo = batch;
    batch = [];
    if (todo.length) await step(ctx, async () => { for (const e of todo) await e.act!(); });
  };
  for (const e of events) {
    if (!e.period) { batch.push(e); continue; }
    await flush();
    await runBilling(ctx.db, ctx.organizationId, e.period, { trigger: 'schedule' });
  }
  batch.push({ date: ctx.today, order: 9, seq: 0, act: () => finishToday(ctx) });
  await flush();
}

/** Today: the penalties the scheduler posts, the bounced cheques reversed, the runs dated when the scheduler made them. */
export async function finishToday(ctx: DemoContext) {
  await penaltiesTo(ctx, ctx.today);
  for (const p of ctx.bounced) {
    await reversePayment(ctx.tx, ctx.organizationId, ctx.adminId, String(p.id), 'Cheque returned unpaid by the bank (insufficient funds).');
  }
  // the runs were made just now: date them at seven past midnight of their billing day, as the scheduler would have
  await ctx.tx.execute(sql`
    update billing_runs set created_at = (period_start + time '00:07') at time zone 'Africa/Nairobi',
      started_at = (period_start + time '00:07') at time zone 'Africa/Nairobi',
      finished_at = (period_start + time '00:07:02') at time zone 'Africa/Nairobi'
    where organization_id = ${ctx.organizationId} and trigger = 'schedule'`);
}

/** A tenancy's events: activation, notice, move-out, and its payments month by month. */
export function planTenancy(ctx: DemoContext, t: Tenancy, months: string[]) {
  const r = ctx.r;
  const dueDay = Number(t.house.property.input.due_day);
  const last = t.moveOut ?? t.notice?.move_out_date ?? '9999-12-31';
  if (!t.imported) {
    const minute = r.int(0, 59);
    const reference = paymentReference(ctx, t, t.start);
    event(ctx, t.start, 1, async () => {
      t.lease = await add(ctx, leases, { ...t.input, status: 'draft' });
      await activateLease(ctx.tx, ctx.organizationId, ctx.adminId, String(t.lease.id), t.start);
      t.lease.status = 'active';
      // the deposit and the first (prorated) period are paid before the keys are handed over
      await pay(ctx, t, t.start, await balanceOf(ctx, t), { reference, hour: 10, minute });
    });
  }
  if (t.notice) {
    const n = { ...t.notice, notice_date: t.notice.notice_date < t.start ? t.start : t.notice.notice_date };
    event(ctx, n.notice_date, 2, async () => {
      await giveNotice(ctx.tx, ctx.organizationId, ctx.adminId, String(t.lease.id), n);
      t.lease.status = 'notice';
    });
  }
  if (t.moveOut) {
    const moveOut = t.moveOut;
    event(ctx, moveOut, 4, async () => {
      await endLease(ctx.tx, ctx.organizationId, ctx.adminId, String(t.lease.id), { move_out_date: moveOut, apply_deposit_to_arrears: true });
      t.lease.status = 'ended';
      if (t.house === ctx.vacantFlats[2]) {
        // being repainted after the move-out
        await updateRecord(ctx.tx, houses, ctx.organizationId, String(t.house.record.id), { status: 'unavailable' });
      }
    });
  }
  const firstPaid = t.imported ? ctx.from : addMonths(t.start.slice(0, 8) + '01', 1);
  let lastIndex = -1;
  months.forEach((m, i) => { if (m <= last) lastIndex = i; });
  for (const [i, m] of months.entries()) {
    if (m < firstPaid || m > last) continue;
    // one falling behind who moves out leaves the last month to the deposit, whatever day it is
    if (t.profile === 'arrears' && t.moveOut && m === `${t.moveOut.slice(0, 7)}-01`) continue;
    const short = t.profile === 'arrears' && i > lastIndex - t.shortMonths;
    const day = t.profile === 'late' ? r.int(7, 20) : short ? r.int(4, 18) : r.chance(0.08) ? r.int(dueDay + 1, 14) : r.int(1, dueDay);
    let date = addDays(m, day - 1);
    if (date > last) date = last;
    const thisMonth = m === ctx.month;
    // the one paying ahead and the bounced cheque happen this month whatever today is
    if (thisMonth && (t.profile === 'credit' || t.profile === 'bounced') && date > ctx.today) date = ctx.today;
    const method = t.profile === 'bounced' && thisMonth ? 'cheque' : t.method;
    const reference = paymentReference(ctx, t, date, method);
    const hour = r.int(6, 21);
    const minute = r.int(0, 59);
    const share = BigInt(r.int(35, 70));
    const ahead = t.profile === 'credit' && (thisMonth || i === 4);
    event(ctx, date, 3, async () => {
      await penaltiesTo(ctx, date);
      const balance = await balanceOf(ctx, t);
      let amount = balance;
      // short: a part of the month's rent, in round thousands of shillings
      if (short) amount = (cents(String(t.lease.rent)) * share / 100n / 100_000n) * 100_000n;
      // ahead: next month's rent with this one's
      if (ahead) amount = balance + cents(String(t.lease.rent));
      const payment = await pay(ctx, t, date, amount, { method, reference, hour, minute });
      if (!payment) return;
      if (thisMonth && method === 'mpesa') ctx.receipts.push({ tenancy: t, payment, balance: balance - amount });
      if (method === 'cheque') ctx.bounced.push(payment);
    });
  }
}

/** This month: a payment with a mistyped account number waits unmatched until someone assigns it. */
export function planThisMonth(ctx: DemoContext) {
  const day = Number(ctx.today.slice(8)) >= 4 ? addDays(ctx.month, 2) : addDays(ctx.today, -2);
  const reference = mpesaCode(ctx.r, day);
  event(ctx, day, 6, async () => {
    const paidAt = at(ctx, day, 21, 17);
    if (!paidAt) return;
    await add(ctx, payments, {
      channel_id: ctx.channels.paybill.id, method: 'mpesa', external_reference: reference, amount: '18000.00', paid_at: paidAt,
      payer_name: 'JOHN MAINA KIMANI', payer_phone: '254722***391', account_reference: 'RUA B9',
    });
  });
}
