import { sql } from 'drizzle-orm';
import { formatAmount, formatDay } from '../../../shared/format.js';
import { rowsOf, type Db } from '../../db/client.js';
import { personalise } from './bulk.js';
import { tenantBalance, writeServerSms, type TenantAddress } from './server-messages.js';

// The reminder schedule of Settings › Reminders (product section 6): an SMS some days before an
// invoice falls due and some days after, to each tenant still owing on it. Run once a day per
// organisation in its time zone (jobs/schedules.ts); each reminder is written at most once per
// invoice and rule (the message's dedup key reminder:<invoice>:<rule>), however many runs or
// server processes there are. A day the server missed is caught up within CATCH_UP_DAYS.

export const CATCH_UP_DAYS = 3;
export type ReminderRule = 'before' | 'after';

export const DEFAULT_REMINDERS: Record<ReminderRule, string> = {
  before: 'Habari {tenant_name}, a reminder: your balance of KES {balance} for {house_number} is due on {due_date}.',
  after: 'Habari {tenant_name}, your balance of KES {balance} for {house_number} was due on {due_date}. Please pay as soon as you can.',
};

interface Due {
  invoice_id: string; due_date: string; tenant_id: string; name: string; phone: string | null; sms_opt_in: boolean | null;
  house_number: string | null; account_code: string | null; property_name: string | null; rule: ReminderRule;
}

export interface ReminderRun { written: number; no_phone: number; opted_out: number; already: number }

/** Days are 'YYYY-MM-DD'; `today` is the organisation's day. */
export async function runReminders(tx: Db, organizationId: string, today: string): Promise<ReminderRun> {
  const [org] = rowsOf<{ before: number | null; after: number | null }>(await tx.execute(sql`
    select coalesce((settings->>'reminder_days_before')::int, 3) as before, coalesce((settings->>'reminder_days_after')::int, 3) as after
    from organizations where id = ${organizationId}`));
  const run: ReminderRun = { written: 0, no_phone: 0, opted_out: 0, already: 0 };
  if (!org) return run;
  // "before N": from N days before the due date up to it; "after N" (N ≥ 1; 0 would be the due
  // date itself, which "before" covers): from N days after it, for CATCH_UP_DAYS more days
  const before = org.before === null || org.before < 0 ? null : Number(org.before);
  const after = org.after === null || org.after < 1 ? null : Number(org.after);
  if (before === null && after === null) return run;
  const due = rowsOf<Due>(await tx.execute(sql`
    select i.id as invoice_id, i.due_date::text as due_date, t.id as tenant_id, t.name, t.phone, t.sms_opt_in,
      h.number as house_number, h.account_code, p.name as property_name,
      case when ${today}::date <= i.due_date then 'before' else 'after' end as rule
    from invoices i
    join tenants t on t.organization_id = i.organization_id and t.id = i.tenant_id
    left join leases l on l.organization_id = i.organization_id and l.id = i.lease_id
    left join houses h on h.organization_id = l.organization_id and h.id = l.house_id
    left join properties p on p.organization_id = h.organization_id and p.id = h.property_id
    where i.organization_id = ${organizationId} and i.status in ('issued', 'partially_paid') and i.balance > 0
      and (
        (${before}::int is not null and ${today}::date between i.due_date - ${before ?? 0}::int and i.due_date)
        or (${after}::int is not null and ${today}::date between i.due_date + ${after ?? 0}::int and i.due_date + ${(after ?? 0) + CATCH_UP_DAYS}::int)
      )
    order by i.due_date, i.id`));
  if (!due.length) return run;
  const [template] = rowsOf<{ id: string; body: string }>(await tx.execute(sql`
    select id, body from templates where organization_id = ${organizationId} and channel = 'sms' and purpose = 'reminder' order by name, id limit 1`));
  const [paybill] = rowsOf<{ number: string | null }>(await tx.execute(sql`
    select number from payment_channels where organization_id = ${organizationId} and is_default limit 1`));
  for (const d of due) {
    const values: Record<string, string> = {
      tenant_name: String(d.name ?? '').split(' ')[0],
      balance: formatAmount(await tenantBalance(tx, organizationId, d.tenant_id)),
      due_date: formatDay(d.due_date),
    };
    if (d.house_number) values.house_number = d.house_number;
    if (d.account_code) values.account_code = d.account_code;
    if (d.property_name) values.property_name = d.property_name;
    if (paybill?.number) values.paybill = paybill.number;
    let body = template?.body ?? DEFAULT_REMINDERS[d.rule];
    if (!template && paybill?.number && d.account_code) body += ' Paybill {paybill}, account {account_code}.';
    const tenant: TenantAddress = { id: d.tenant_id, name: d.name, phone: d.phone, sms_opt_in: d.sms_opt_in };
    const w = await writeServerSms(tx, organizationId, {
      dedupKey: `reminder:${d.invoice_id}:${d.rule}`, tenant, body: personalise(body, values, new Set()).replace(' for ,', ','), templateId: template?.id ?? null,
    });
    if (w.status === 'queued') run.written += 1;
    else if (w.status === 'failed') run.no_phone += 1;
    else if (w.status === 'opted_out') run.opted_out += 1;
    else run.already += 1;
  }
  return run;
}
