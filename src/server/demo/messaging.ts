// Step: messaging (templates, SMS credits, messages already sent and one waiting in the outbox).
import { messages, smsCredits, templates } from '../../../resources/index.js';
import { formatDay } from '../../shared/format.js';
import type { RecordValues } from '../../shared/resource.js';
import { recordUsage } from '../domain/messaging/credits.js';
import { TEMPLATES } from './data/portfolio.js';
import { add, colleague, tenancy, type DemoContext, type Tenancy } from './context.js';
import { DAY_MS, addDays, addMonths, cents, dateOfEatMs, display, eat, fill, monthName, mpesaCode } from './helpers.js';

export async function addMessaging(ctx: DemoContext) {
  const r = ctx.r;
  for (const [key, input] of Object.entries(TEMPLATES) as Array<[keyof typeof TEMPLATES, RecordValues]>) {
    ctx.templates[key] = await add(ctx, templates, input);
  }
  const paybill = String(ctx.channels.paybill.number);
  const lastMonth = addMonths(ctx.month, -1);
  // credits bought by M-Pesa from the SMS provider
  await add(ctx, smsCredits, { kind: 'top_up', credits: 2000, cost: '1600.00', reference: mpesaCode(r, addMonths(ctx.month, -3)), date: addDays(addMonths(ctx.month, -3), 6) });
  await add(ctx, smsCredits, { kind: 'top_up', credits: 1000, cost: '800.00', reference: mpesaCode(r, lastMonth), date: addDays(lastMonth, 2) });

  const placeholders = (t: Tenancy, balance: bigint, month: string, receipt?: RecordValues): Record<string, string> => ({
    tenant_name: String(t.tenant.name).split(' ')[0], house_number: String(t.house.record.number),
    property_name: String(t.house.propertyRecord.name), balance: display(balance),
    due_date: formatDay(addDays(month, Number(t.house.property.input.due_day) - 1)), paybill, account_code: String(t.house.record.account_code),
    amount_paid: display(cents(String(receipt?.amount ?? '0.00'))), receipt_number: String(receipt?.receipt_number ?? ''),
  });
  let providerNo = 0;
  const send = async (input: RecordValues, status: 'sent' | 'delivered', sentAt: string) => {
    // history: already sent (the server counts its segments and credits, messaging/messages.ts)
    const record = await add(ctx, messages, input, (values) => ({
      status, sent_at: sentAt,
      provider_id: values.channel === 'sms' ? `ATXid_${r.chars(24, 'abcdef0123456789')}` : `<demo-${++providerNo}@jirani.co.ke>`,
    }));
    if (record.channel === 'sms') {
      // the usage row sending writes (usage is never entered through the API)
      await recordUsage(ctx.tx, ctx.organizationId, String(record.id), Number(record.credits), dateOfEatMs(Date.parse(String(record.sent_at))));
    }
    return record;
  };
  const sms = (t: Tenancy, template: keyof typeof TEMPLATES, balance: bigint, month = ctx.month, receipt?: RecordValues) => ({
    channel: 'sms', recipient_type: 'tenant', tenant_id: t.tenant.id, to: t.tenant.phone,
    body: fill(String(TEMPLATES[template].body), placeholders(t, balance, month, receipt)), template_id: ctx.templates[template].id,
  });

  const newest = [...ctx.tenancies].sort((x, y) => String(y.lease.start_date).localeCompare(String(x.lease.start_date)))[0];
  await send(sms(newest, 'welcome', 0n), 'delivered', new Date(Date.parse(eat(String(newest.lease.start_date), '10:00')) - DAY_MS).toISOString());
  const reminders = ctx.tenancies.filter((t) => t.lease.status === 'active').slice(0, 3);
  for (const [i, t] of reminders.entries()) {
    await send(sms(t, i === 2 ? 'reminderSw' : 'reminder', cents(String(t.lease.rent)), lastMonth), i === 1 ? 'sent' : 'delivered', eat(addDays(lastMonth, 2), `08:0${i}`));
  }
  // the receipt of this month's first M-Pesa payment, a minute after it came in
  const [first] = ctx.receipts;
  if (first) {
    const paidAt = Date.parse(String(first.payment.paid_at));
    await send(sms(first.tenancy, 'receipt', first.balance, ctx.month, first.payment), 'delivered', new Date(paidAt + 60_000).toISOString());
  }
  const owner = ctx.owners.baraka;
  await send({
    channel: 'email', recipient_type: 'owner', owner_id: owner.id, to: owner.email,
    subject: `Jirani Heights: statement for ${monthName(lastMonth)}`,
    body: `Dear Baraka Holdings,\n\nPlease find the statement for Jirani Heights for ${monthName(lastMonth)} on your owner portal. The remittance will reach your Equity Bank account by the 10th.\n\nJirani Property Managers`,
  }, 'sent', eat(addDays(ctx.month, -1), '17:30'));
  const caretaker = colleague(ctx, 'Caretaker');
  const fixTap = tenancy(ctx, 'RUA', 'oneBedroom', 2);
  await send({
    channel: 'sms', recipient_type: 'user', user_id: caretaker, to: ctx.colleaguePhones.get('Caretaker'),
    body: `Joseph, Maji Safi Plumbers will fix the kitchen tap at ${fixTap.house.record.account_code} on ${formatDay(addDays(ctx.today, 1))} at 9 am. Please let them in. Brian`,
  }, 'delivered', eat(addDays(ctx.today, -1), '16:10'));
  // one waiting in the outbox: tomorrow's reminder
  const queued = ctx.tenancies.filter((t) => t.lease.status === 'active')[5];
  await add(ctx, messages, { ...sms(queued, 'reminder', cents(String(queued.lease.rent))), scheduled_at: eat(addDays(ctx.today, 1), '09:00') });
}
