import { Type, type Static } from 'typebox';

// The answer of POST /messages/preview (and the plan a bulk send follows), declared once for the
// server (domain/messaging/bulk.ts) and the composer (web/screens/messages).

export type Audience =
  | { kind: 'tenant'; tenant_id: string }
  | { kind: 'property'; property_id: string }
  | { kind: 'arrears'; min_balance?: string; property_id?: string };

/** One tenant's message as it will go out. */
export const PlannedMessage = Type.Object({
  tenant_id: Type.String(),
  name: Type.String(),
  to: Type.String(),
  subject: Type.Union([Type.String(), Type.Null()]),
  body: Type.String(),
  segments: Type.Integer(),
  credits: Type.Integer(),
  missing: Type.Array(Type.String(), { description: 'always empty here: a tenant lacking a placeholder\'s value is skipped instead' }),
});
export type PlannedMessage = Static<typeof PlannedMessage>;

/** A tenant of the audience who gets nothing, and why (`missing`: placeholders without a value). */
export const SkippedRecipient = Type.Object({ tenant_id: Type.String(), name: Type.String(), reason: Type.String(), missing: Type.Optional(Type.Array(Type.String())) });
export type SkippedRecipient = Static<typeof SkippedRecipient>;

export const MessagePlan = Type.Object({
  messages: Type.Array(PlannedMessage),
  /**
   * Tenants of the audience who get nothing: the channel cannot reach them (no phone or SMS
   * opt-out; no email), or a placeholder of the text has no value for them (`missing`), since a
   * message reading "balance for  at  … due on ." is worse than none.
   */
  skipped: Type.Array(SkippedRecipient),
  credits: Type.Number(),
  balance: Type.Number({ description: 'the SMS credits the organisation holds' }),
});
export type MessagePlan = Static<typeof MessagePlan>;
