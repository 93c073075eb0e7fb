// The money helpers the tenancies and the history share: a tenant's balance, a payment through
// the API's path, its reference, and the penalties the scheduler would have posted.
import { sql } from 'drizzle-orm';
import { ulid } from 'ulid';
import { payments } from '../../../resources/index.js';
import type { RecordValues } from '../../shared/resource.js';
import { toColumns, validateRecord } from '../../shared/resource-validate.js';
import { tableOf } from '../crud/repository.js';
import { recordAudit } from '../domain/audit.js';
import { postPenalties } from '../domain/billing/penalties.js';
import { allocatePayment } from '../domain/payments/allocation.js';
import { paymentHooks } from '../domain/payments/payments.js';
import { rowsOf } from '../db/client.js';
import { PROPERTIES } from './data/portfolio.js';
import type { DemoContext, Tenancy } from './context.js';
import { addDays, addMonths, cents, dateOfEatMs, eat, mpesaCode, shillings } from './helpers.js';

/** The days of the month the first penalties fall on (due day + grace days + 1; every lease is due on its property's due day). */
const PENALTY_DAYS = [...new Set(PROPERTIES.map((p) => Number(p.input.due_day ?? 5) + Number(p.input.grace_days ?? 3) + 1))];

/** Penalties the scheduler would have posted by `date` (it runs every hour): before that day's payments. */
export async function penaltiesTo(ctx: DemoContext, date: string) {
  if (date <= ctx.penaltiesPostedTo) return;
  // only when a first penalty day (due day + grace days + 1) has come since the last posting
  const months = [addMonths(date, -1), `${date.slice(0, 8)}01`];
  if (date !== ctx.today && !months.some((m) => PENALTY_DAYS.some((d) => {
    const day = addDays(m, d - 1);
    return day > ctx.penaltiesPostedTo && day <= date;
  }))) return;
  await postPenalties(ctx.tx, ctx.organizationId, date);
  ctx.penaltiesPostedTo = date;
}

/** A tenant's open invoice balances less their credit on account. */
export async function balanceOf(ctx: DemoContext, t: Tenancy): Promise<bigint> {
  const [row] = rowsOf<{ open: string | null; credit: string | null }>(await ctx.tx.execute(sql`
    select (select sum(balance) from invoices where organization_id = ${ctx.organizationId} and tenant_id = ${t.tenant.id}
              and status in ('issued', 'partially_paid'))::text as open,
           (select sum(unallocated) from payments where organization_id = ${ctx.organizationId} and tenant_id = ${t.tenant.id}
              and status = 'allocated')::text as credit`));
  return cents(row.open ?? '0') - cents(row.credit ?? '0');
}

/** A time of day on `date` (Nairobi), never later than half an hour ago. */
export function at(ctx: DemoContext, date: string, hour: number, minute: number): string | null {
  const t = Date.parse(eat(date, `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`));
  const latest = ctx.nowMs - 30 * 60 * 1000;
  if (t <= latest) return new Date(t).toISOString();
  return date === ctx.today && dateOfEatMs(latest) === date ? new Date(latest).toISOString() : null;
}

/** A tenant's payment through the API's path (validation, receipt number, allocation, audit). */
export async function pay(ctx: DemoContext, t: Tenancy, date: string, amount: bigint, how: { method?: 'mpesa' | 'bank' | 'cash' | 'cheque'; reference?: string; hour: number; minute: number }): Promise<RecordValues | null> {
  const paidAt = at(ctx, date, how.hour, how.minute);
  if (!paidAt || amount <= 0n) return null;
  const method = how.method ?? t.method;
  const input: RecordValues = {
    tenant_id: t.tenant.id, lease_id: t.lease.id, method, amount: shillings(amount), paid_at: paidAt,
    channel_id: (method === 'mpesa' ? ctx.channels.paybill : method === 'cash' ? ctx.channels.cash : ctx.channels.bank).id,
    payer_name: method === 'mpesa' ? String(t.tenant.name).toUpperCase() : String(t.tenant.name),
  };
  if (method === 'mpesa') {
    input.external_reference = how.reference;
    input.payer_phone = `${String(t.tenant.phone).slice(1, 7)}***${String(t.tenant.phone).slice(-3)}`;
    input.account_reference = String(t.house.record.account_code);
  } else if (method === 'bank') {
    input.external_reference = how.reference;
    input.account_reference = `${t.tenant.name} ${t.house.record.account_code}`.slice(0, 50);
  } else if (method === 'cheque') {
    input.external_reference = how.reference;
    input.notes = `Cheque deposited at KCB Kilimani.`;
  } else {
    input.notes = `Received at the site office, receipt book ${how.reference}.`;
  }
  return recordPayment(ctx, input);
}

/**
 * A payment the way the API records one, minus the look-ups the generated input cannot fail (the
 * history records hundreds): validateRecord, the payments hook (receipt number from the series,
 * tenant and lease), the same insert and the payment's own audit row (as the repository writes
 * it), then the allocation service (oldest due first, the rest kept as credit, audited), as the
 * hook's afterWrite runs it: a payment's history reads created, then allocated.
 */
export async function recordPayment(ctx: DemoContext, input: RecordValues): Promise<RecordValues> {
  const { values, errors } = validateRecord(payments, input, 'create');
  if (Object.keys(errors).length) throw new Error(`demo data: payments is not valid: ${JSON.stringify(errors)} in ${JSON.stringify(input)}`);
  await paymentHooks.beforeWrite(ctx.tx, ctx.organizationId, values, null);
  const id = ulid();
  await ctx.tx.insert(tableOf(payments)).values({ ...toColumns(payments.fields, values), organization_id: ctx.organizationId, id });
  const record = { ...values, id, amount: shillings(values.amount as bigint), unallocated: shillings(values.amount as bigint), status: values.tenant_id ? 'allocated' : 'unmatched' };
  await recordAudit(ctx.tx, { organizationId: ctx.organizationId, userId: ctx.adminId, resource: 'payments', recordId: id, action: 'create', before: null, after: record });
  const { remaining } = await allocatePayment(ctx.tx, ctx.organizationId, id);
  return { ...record, unallocated: shillings(remaining) };
}

/** A payment's reference, drawn when the history is planned (so the data are the same on every start). */
export function paymentReference(ctx: DemoContext, t: Tenancy, date: string, method: string = t.method): string {
  const r = ctx.r;
  if (method === 'mpesa') return mpesaCode(r, date);
  if (method === 'bank') return `FT${date.replace(/-/g, '').slice(2)}${r.digits(5)}`;
  if (method === 'cheque') return `CHQ ${r.digits(6)}`;
  return `RB ${r.int(300, 999)}`;
}
