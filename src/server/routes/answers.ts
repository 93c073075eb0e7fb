import { Type, type TSchema } from 'typebox';
import { resourceByName } from '../../../resources/index.js';
import { settings } from '../../../resources/settings.js';
import { SkippedRecipient } from '../../shared/message-plan.js';
import { DepositRefund, SettlementFigures } from '../../shared/settlement.js';
import { recordSchema } from '../../shared/resource-schema.js';
import type { RecordValues } from '../../shared/resource.js';
import { recordAnswer, served } from '../crud/record-answer.js';
import { Nullable } from '../../shared/schema-helpers.js';

// The answers of the domain verbs (billing, money, messaging, portfolio, settings), declared once
// for /api/docs and the serialiser. The shapes the web app reads as well live in src/shared
// (money-report-shapes.ts, report-shapes.ts, message-plan.ts, settlement.ts).

const record = (name: string) => recordAnswer(resourceByName(name)!);

export const Lease = record('leases');
export const Invoice = record('invoices');
export const Payment = record('payments');
export const Expense = record('expenses');
export const Remittance = record('remittances');
export const Message = record('messages');
export const House = record('houses');

/** Binary answers of a report route beside its JSON: `?format=csv` or `?format=pdf`. */
export const withFiles = (json: TSchema) => ({
  content: {
    'application/json': { schema: json },
    'text/csv': { schema: { type: 'string', description: 'UTF-8 with a byte-order mark, as an attachment (format=csv)' } },
    'application/pdf': { schema: { type: 'string', format: 'binary', description: 'as an attachment (format=pdf)' } },
  },
});

/** Set when the record is dated in a closed month: where its effect was posted instead (closed-months.ts). */
const PeriodNote = Type.String({ description: 'the month is closed: says in which open month this counts' });

export const LeaseActivated = Type.Object({
  lease: Lease,
  invoice: Nullable(Type.Object({ id: Type.String(), number: Type.String(), period_start: Type.String() }, { description: 'the first period\'s invoice; null when nothing was billed yet' })),
  period_note: Type.Optional(PeriodNote),
});
export const LeaseAnswer = Type.Object({ lease: Lease });

const refundFields = {
  deduction_invoice_id: Nullable(Type.String({ description: 'the invoice the deductions were charged on' })),
  refund: Nullable(DepositRefund),
};
const endFields = {
  posted_on: Type.String({ description: 'the day the move-out\'s lines and settlement count on: the move-out, or the first open day when its month is closed' }),
  period_note: Nullable(PeriodNote),
  voided: Type.Array(Type.String(), { description: 'ids of the future invoices voided' }),
  kept: Type.Array(Type.String(), { description: 'future invoices kept because payments are allocated to them' }),
  last_period: Nullable(Type.Object({ invoice_id: Type.String(), adjustment: Type.String() })),
  settlement: Type.Intersect([SettlementFigures, Type.Object({ applications: Type.Array(Type.Object({ invoice_id: Type.String(), amount: Type.String() })), ...refundFields })]),
};
export const EndPreview = Type.Object(endFields);
export const LeaseEnded = Type.Object({ lease: Lease, ...endFields });
export const LeaseSettlement = Type.Intersect([SettlementFigures, Type.Object({ move_out_date: Type.String(), ...refundFields })]);

export const PenaltyWaived = Type.Object({ invoice_id: Type.String(), line_id: Type.String(), waived: Type.String(), total: Type.String({ description: 'the invoice\'s total afterwards' }) });

export const InvoiceCredited = Type.Object({
  invoice_id: Type.String(),
  credited: Type.String(),
  released: Type.Array(Type.Object({ payment_id: Type.String(), amount: Type.String() }), { description: 'moved from the invoice\'s payments to the tenant\'s credit on account' }),
  invoice: Invoice,
  period_note: Type.Optional(PeriodNote),
});

export const MessagesRetried = Type.Object({ queued: Type.Array(Type.String()), skipped: Type.Array(Type.String()) });
export const MessagesSent = Type.Object({
  messages: Type.Array(Message),
  skipped: Type.Array(SkippedRecipient),
  credits: Type.Number(),
  sent: Type.Integer(),
  logged: Type.Integer(),
  queued: Type.Integer(),
  insufficient_credits: Type.Integer(),
  failed: Type.Integer(),
});

export const HousesAdded = Type.Object({ count: Type.Integer(), houses: Type.Array(House) });

/** The settings record: its declared fields, secrets left out and each one's `<key>_set` flag instead. */
export const Settings = (() => {
  const schema = served(recordSchema({ ...settings, fields: settings.fields.filter((f) => !f.writeOnly) })) as { properties: Record<string, unknown> };
  for (const f of settings.fields.filter((x) => x.writeOnly)) schema.properties[`${f.key}_set`] = { type: 'boolean', description: `whether ${f.key} is stored (never returned)` };
  return Type.Unsafe<RecordValues>({ ...schema, description: 'the organisation\'s settings' });
})();
