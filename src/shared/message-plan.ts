// The answer of POST /messages/preview (and the plan a bulk send follows), declared once for the
// server (domain/messaging/bulk.ts) and the composer (web/screens/messages).

export type Audience =
  | { kind: 'tenant'; tenant_id: string }
  | { kind: 'property'; property_id: string }
  | { kind: 'arrears'; min_balance?: string; property_id?: string };

/** One tenant's message as it will go out. */
export interface PlannedMessage {
  tenant_id: string;
  name: string;
  to: string;
  subject: string | null;
  body: string;
  segments: number;
  credits: number;
  /** Always empty here: a tenant lacking a placeholder's value is skipped instead. */
  missing: string[];
}

/** A tenant of the audience who gets nothing, and why (`missing`: placeholders without a value). */
export interface SkippedRecipient { tenant_id: string; name: string; reason: string; missing?: string[] }

export interface MessagePlan {
  messages: PlannedMessage[];
  /**
   * Tenants of the audience who get nothing: the channel cannot reach them (no phone or SMS
   * opt-out; no email), or a placeholder of the text has no value for them (`missing`), since a
   * message reading "balance for  at  … due on ." is worse than none.
   */
  skipped: SkippedRecipient[];
  credits: number;
  balance: number;
}
