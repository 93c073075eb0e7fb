import { sql } from 'drizzle-orm';
import { messages } from '../../../../resources/messages.js';
import type { RecordValues } from '../../../shared/resource.js';
import { formatAmount, formatDay } from '../../../shared/format.js';
import { parseMoney } from '../../../shared/resource-values.js';
import { validateRecord } from '../../../shared/resource-validate.js';
import { rowsOf, type Db } from '../../db/client.js';
import { invalid } from '../../errors.js';
import { createRecord } from '../../crud/repository.js';
import { todayIn } from '../billing/scheduler.js';
import { agingReport } from '../reports/aging.js';
import { batchSends } from './enqueue.js';
import { countMessage, recipientAddress } from './messages.js';

// POST /messages/preview and /messages/send (docs/api.md "Domain endpoints"): an audience of
// tenants (one tenant, a property's tenants, the tenants owing at least an amount), a template or
// free text with placeholders filled per tenant, and the credits the send will use, counted after
// filling. Sending writes one message per reachable tenant through the same path as POST /messages
// (messages.ts), all queued with their jobs in this transaction; a worker sends them (dispatch.ts),
// within the credit balance: the rest wait as insufficient credits.

import type { Audience, MessagePlan, PlannedMessage } from '../../../shared/message-plan.js';

export type { Audience, PlannedMessage };
export type BulkPlan = MessagePlan;

export interface BulkInput {
  audience: Audience;
  channel: 'sms' | 'email';
  template_id?: string | null;
  body?: string | null;
  subject?: string | null;
  scheduled_at?: string | null;
}

/** More than this in one send is refused (a larger audience is split by property). */
export const MAX_RECIPIENTS = 2000;

interface TenantRow {
  id: string; name: string; phone: string | null; email: string | null; sms_opt_in: boolean | null;
  house_number: string | null; account_code: string | null; property_name: string | null; due_day: number | null;
  /** The due date of the tenant's oldest unpaid invoice already past due, when there is one. */
  overdue_since: string | null;
}

/** The next day on or after today whose day of the month is `day` (YYYY-MM-DD). */
export function nextDueDay(today: string, day: number): string {
  let [y, m] = today.split('-').map(Number);
  if (Number(today.slice(8, 10)) > day) {
    m += 1;
    if (m > 12) { m = 1; y += 1; }
  }
  return `${y}-${String(m).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Every `{name}` filled; one without a value for this tenant becomes empty and is reported. */
export function personalise(text: string, values: Record<string, string>, missing: Set<string>): string {
  return text.replace(/\{([a-z_]+)\}/g, (_, name: string) => {
    const v = values[name];
    if (v === undefined || v === '') missing.add(name);
    return v ?? '';
  });
}

async function audienceTenants(tx: Db, organizationId: string, audience: Audience, balances: Map<string, string>): Promise<string[]> {
  if (audience.kind === 'tenant' && !audience.tenant_id) throw invalid({ 'audience.tenant_id': ['Choose the tenant.'] });
  if (audience.kind === 'property' && !audience.property_id) throw invalid({ 'audience.property_id': ['Choose the property.'] });
  if (audience.kind === 'tenant') {
    const [row] = rowsOf<{ id: string }>(await tx.execute(sql`select id from tenants where organization_id = ${organizationId} and id = ${audience.tenant_id}`));
    if (!row) throw invalid({ 'audience.tenant_id': ['The selected value does not exist.'] });
    return [row.id];
  }
  if (audience.property_id) {
    const [row] = rowsOf<{ id: string }>(await tx.execute(sql`select id from properties where organization_id = ${organizationId} and id = ${audience.property_id}`));
    if (!row) throw invalid({ 'audience.property_id': ['The selected value does not exist.'] });
  }
  if (audience.kind === 'property') {
    return rowsOf<{ tenant_id: string }>(await tx.execute(sql`
      select distinct l.tenant_id from leases l
      join houses h on h.organization_id = l.organization_id and h.id = l.house_id
      where l.organization_id = ${organizationId} and h.property_id = ${audience.property_id} and l.status in ('active', 'notice')
      order by l.tenant_id`)).map((r) => r.tenant_id);
  }
  const wanted = parseMoney(audience.min_balance ?? '0.01');
  if (wanted === null) throw invalid({ 'audience.min_balance': ['Enter an amount with at most 2 decimal places.'] });
  const min = wanted > 0n ? wanted : 1n;
  return [...balances.entries()].filter(([, b]) => (parseMoney(b) ?? 0n) >= min).map(([id]) => id);
}

/** What a send would write, without writing anything. */
export async function planBulk(tx: Db, organizationId: string, input: BulkInput): Promise<BulkPlan> {
  const [org] = rowsOf<{ timezone: string | null }>(await tx.execute(sql`select timezone from organizations where id = ${organizationId}`));
  const today = todayIn(org?.timezone || undefined);
  let body = input.body ?? null;
  let subject = input.subject ?? null;
  if (input.template_id) {
    const [template] = rowsOf<{ channel: string; body: string; subject: string | null }>(await tx.execute(sql`
      select channel, body, subject from templates where organization_id = ${organizationId} and id = ${input.template_id}`));
    if (!template) throw invalid({ template_id: ['The selected value does not exist.'] });
    if (template.channel !== input.channel) throw invalid({ template_id: [`This template is for ${template.channel === 'sms' ? 'SMS' : 'email'}.`] });
    body ??= template.body;
    subject ??= template.subject;
  }
  if (!body || !body.trim()) throw invalid({ body: ['Write the message or choose a template.'] });

  // each tenant's balance as the aging report has it today (what the compose screen shows)
  const aging = await agingReport(tx, organizationId, { as_of: today, ...(input.audience.kind === 'arrears' && input.audience.property_id ? { property_id: input.audience.property_id } : {}) });
  const balances = new Map(aging.rows.map((r) => [String(r.tenant_id), r.balance]));
  const ids = await audienceTenants(tx, organizationId, input.audience, balances);
  if (ids.length > MAX_RECIPIENTS) throw invalid({ audience: [`This audience has ${ids.length} tenants; send to at most ${MAX_RECIPIENTS} at a time (one property at a time).`] });

  const [paybill] = rowsOf<{ number: string | null }>(await tx.execute(sql`
    select number from payment_channels where organization_id = ${organizationId} and is_default limit 1`));
  const tenants = ids.length ? rowsOf<TenantRow>(await tx.execute(sql`
    select t.id, t.name, t.phone, t.email, t.sms_opt_in, h.number as house_number, h.account_code, p.name as property_name,
      coalesce(l.due_day, p.due_day) as due_day, od.overdue_since
    from tenants t
    left join lateral (
      select min(i.due_date)::text as overdue_since from invoices i
      where i.organization_id = t.organization_id and i.tenant_id = t.id and i.status in ('issued', 'partially_paid')
        and i.balance > 0 and i.due_date < ${today}::date) od on true
    left join lateral (
      select house_id, due_day from leases where organization_id = t.organization_id and tenant_id = t.id and status in ('active', 'notice')
      order by start_date desc, id desc limit 1) l on true
    left join houses h on h.organization_id = t.organization_id and h.id = l.house_id
    left join properties p on p.organization_id = h.organization_id and p.id = h.property_id
    where t.organization_id = ${organizationId} and t.id = any(${`{${ids.join(',')}}`}::text[])
    order by t.name, t.id`)) : [];

  const plan: BulkPlan = { messages: [], skipped: [], credits: 0, balance: 0 };
  for (const t of tenants) {
    const reachable = input.channel === 'email' ? !!t.email : !!t.phone && t.sms_opt_in !== false;
    const address = reachable ? recipientAddress(input.channel, input.channel === 'email' ? t.email : t.phone) : null;
    if (!address || 'error' in address) {
      const reason = input.channel === 'email' ? 'No email address.' : t.sms_opt_in === false ? 'Does not take SMS.' : 'No valid phone number.';
      plan.skipped.push({ tenant_id: t.id, name: t.name, reason });
      continue;
    }
    const values: Record<string, string> = { tenant_name: String(t.name ?? '').split(' ')[0] };
    if (t.house_number) values.house_number = t.house_number;
    if (t.account_code) values.account_code = t.account_code;
    if (t.property_name) values.property_name = t.property_name;
    values.balance = formatAmount(balances.get(t.id) ?? '0.00');
    if (paybill?.number) values.paybill = paybill.number;
    // an overdue balance fell due on its oldest unpaid invoice's due date; otherwise the next due day
    const dueDay = Number(t.due_day ?? 0);
    if (t.overdue_since) values.due_date = formatDay(t.overdue_since);
    else if (dueDay >= 1 && dueDay <= 28) values.due_date = formatDay(nextDueDay(today, dueDay));
    const missing = new Set<string>();
    const text = personalise(body, values, missing);
    const filledSubject = input.channel === 'email' && subject ? personalise(subject, values, missing) : null;
    if (missing.size) {
      const list = [...missing].map((m) => `{${m}}`).join(', ');
      plan.skipped.push({ tenant_id: t.id, name: t.name, reason: `No value for ${list}: not sent.`, missing: [...missing] });
      continue;
    }
    const count = countMessage(input.channel, text);
    plan.messages.push({ tenant_id: t.id, name: t.name, to: address.value, subject: filledSubject, body: text, ...count, missing: [] });
    plan.credits += count.credits;
  }
  const [credit] = rowsOf<{ balance: string | number }>(await tx.execute(sql`
    select coalesce(sum(case when kind = 'top_up' then credits else -credits end), 0)::bigint as balance from sms_credits where organization_id = ${organizationId}`));
  plan.balance = Number(credit?.balance ?? 0);
  return plan;
}

/** Writes the planned messages (each as POST /messages would); returns them with their status. */
export async function sendBulk(tx: Db, organizationId: string, input: BulkInput) {
  const plan = await planBulk(tx, organizationId, input);
  if (!plan.messages.length) {
    const why = plan.skipped.some((x) => x.missing?.length)
      ? 'Nobody in this audience has a value for every placeholder of this text: see who lacks what in the preview.'
      : 'Nobody in this audience can be reached on this channel.';
    throw invalid({ audience: [why] });
  }
  const written: RecordValues[] = [];
  // one job per JOB_SIZE messages, in this transaction; a worker sends them after it commits
  await batchSends(tx, async () => {
    for (const m of plan.messages) {
      const { values, errors } = validateRecord(messages, {
        channel: input.channel, recipient_type: 'tenant', tenant_id: m.tenant_id, to: m.to, subject: m.subject, body: m.body,
        template_id: input.template_id ?? null, scheduled_at: input.scheduled_at ?? null,
      }, 'create');
      if (Object.keys(errors).length) {
        throw invalid(Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, v.map((e) => `${m.name}: ${e}`)])));
      }
      written.push(await createRecord(tx, messages, organizationId, values));
    }
  });
  const count = (status: string) => written.filter((w) => w.status === status).length;
  return {
    messages: written,
    skipped: plan.skipped,
    credits: plan.credits,
    sent: count('sent'),
    logged: count('logged'),
    queued: count('queued'),
    insufficient_credits: count('insufficient_credits'),
    failed: count('failed'),
  };
}
