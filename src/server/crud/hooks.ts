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
export interface ResourceHooks {
  /** Custom storage mapped onto a foundation table with the declaration's column names. */
  table?: ResourceTable;
  /**
   * Throw invalid()/conflict() to refuse; `existing` is null on create. May adjust values (what is
   * written). `record` is the record as it will be stored: on an update the stored row (clean
   * values: cents, ISO text) with the request's keys laid over it, so a rule reads every field
   * whether or not a partial PUT sent it; on create the same object as `values`.
   */
  beforeWrite?(tx: Db, organizationId: string, values: RecordValues, existing: RecordValues | null, record: RecordValues): Promise<void>;
  /** After the row is written (house status following its lease, …). */
  afterWrite?(tx: Db, organizationId: string, id: string, existing: RecordValues | null): Promise<void>;
  /** Throw conflict() to refuse a delete. */
  beforeDelete?(tx: Db, organizationId: string, existing: RecordValues): Promise<void>;
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
