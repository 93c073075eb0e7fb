import type { RecordValues } from '../../shared/resource.js';
import type { Db } from '../db/client.js';
import type { ResourceTable } from '../db/resource-tables.js';
import { expenseHooks, incomeHooks } from '../domain/expenses.js';
import { invoiceHooks } from '../domain/invoices.js';
import { leaseHooks } from '../domain/leases.js';
import { paymentHooks } from '../domain/payments/payments.js';
import { roleHooks } from '../domain/roles.js';
import { houseHooks } from '../domain/houses.js';
import { messageHooks } from '../domain/messaging/messages.js';
import { smsCreditHooks } from '../domain/messaging/credits.js';
import { paymentChannelHooks } from '../domain/payment-channels.js';
import { ticketHooks } from '../domain/tickets.js';
import { workOrderHooks } from '../domain/work-orders.js';

/**
 * Where an area needs more than its declaration: rules that run in the same transaction as the
 * write they guard (style.md: domain rules live on the server, never in the web app alone).
 */
/** Who is writing: rules about granting (roles) judge against the writer's own permissions. */
export interface Actor {
  userId: string;
  permissions: readonly string[];
}

export interface ResourceHooks {
  /** Custom storage mapped onto a foundation table with the declaration's column names. */
  table?: ResourceTable;
  /** Throw invalid()/conflict() to refuse; `existing` is null on create. May adjust values. */
  beforeWrite?(tx: Db, organizationId: string, values: RecordValues, existing: RecordValues | null, actor?: Actor): Promise<void>;
  /** After the row is written (house status following its lease, …). */
  afterWrite?(tx: Db, organizationId: string, id: string, existing: RecordValues | null): Promise<void>;
  /** Throw conflict() to refuse a delete. */
  beforeDelete?(tx: Db, organizationId: string, existing: RecordValues, actor?: Actor): Promise<void>;
}

export const resourceHooks: Record<string, ResourceHooks> = {
  roles: roleHooks,
  leases: leaseHooks,
  invoices: invoiceHooks,
  payments: paymentHooks,
  expenses: expenseHooks,
  incomes: incomeHooks,
  houses: houseHooks,
  tickets: ticketHooks,
  'work-orders': workOrderHooks,
  'payment-channels': paymentChannelHooks,
  messages: messageHooks,
  'sms-credits': smsCreditHooks,
};
