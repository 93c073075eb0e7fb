// Who a message goes to, as POST /messages/preview and /messages/send take it, and what the
// server answers for it (docs/api.md "Domain endpoints"): the server fills each tenant's
// placeholders, so the screen shows exactly what will go out.
import type { RaRecord } from 'react-admin';
import { centsToDecimal, parseMoney } from '../../../shared/resource-values';

export type AudienceKind = 'tenant' | 'property' | 'arrears';
export type Channel = 'sms' | 'email';

import type { Audience } from '../../../shared/message-plan';

export type { Audience, PlannedMessage, SkippedRecipient } from '../../../shared/message-plan';
export type { MessagePlan as Plan } from '../../../shared/message-plan';

/** POST /messages/send: how many went out, were only logged, wait for their time or for credits, failed. */
export interface SendResult { sent: number; logged?: number; queued: number; insufficient_credits: number; failed: number }

/** The audience the choices describe, or null while one is still to be picked. */
export function audienceOf(kind: AudienceKind, tenant: RaRecord | null, property: RaRecord | null, minArrears: string): Audience | null {
  if (kind === 'tenant') return tenant ? { kind, tenant_id: String(tenant.id) } : null;
  if (kind === 'property') return property ? { kind, property_id: String(property.id) } : null;
  const min = parseMoney(minArrears.replace(/,/g, ''));
  return { kind, ...(min !== null && min > 0n ? { min_balance: centsToDecimal(min) } : {}) };
}
