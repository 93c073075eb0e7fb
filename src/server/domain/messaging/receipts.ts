import { sql } from 'drizzle-orm';
import { formatAmount } from '../../../shared/format.js';
import { rowsOf, type Db } from '../../db/client.js';
import { personalise } from './bulk.js';
import { tenantBalance, writeServerSms, type TenantAddress, type Written } from './server-messages.js';

// An SMS receipt for every confirmed payment (product section 5): a C2B or STK callback, one
// recorded by hand, one assigned from the unmatched queue. Written in the payment's own
// transaction (so a callback that records nothing, a replay, writes nothing), from the
// organisation's receipt template, unless Settings › SMS "send receipts" is off.

/** When the organisation has no SMS template with purpose "receipt". */
export const DEFAULT_RECEIPT = 'Asante {tenant_name}! We received KES {amount_paid} for {house_number}, receipt {receipt_number}. Balance: KES {balance}.';

interface PaymentRow {
  status: string; tenant_id: string | null; lease_id: string | null; amount: string; receipt_number: string | null;
}

export async function queueReceipt(tx: Db, organizationId: string, paymentId: string): Promise<Written | null> {
  const [org] = rowsOf<{ send: boolean | null }>(await tx.execute(sql`
    select (settings->>'send_receipts')::boolean as send from organizations where id = ${organizationId}`));
  if (org?.send === false) return null;
  const [p] = rowsOf<PaymentRow>(await tx.execute(sql`
    select status, tenant_id, lease_id, amount::text as amount, receipt_number from payments where organization_id = ${organizationId} and id = ${paymentId}`));
  // a callback's payment gets its number after it commits; numberPendingReceipts queues it then
  if (!p || p.status !== 'allocated' || !p.tenant_id || !p.receipt_number) return null;
  const [tenant] = rowsOf<TenantAddress & { house_number: string | null; account_code: string | null; property_name: string | null }>(await tx.execute(sql`
    select t.id, t.name, t.phone, t.sms_opt_in, h.number as house_number, h.account_code, pr.name as property_name
    from tenants t
    left join leases l on l.organization_id = t.organization_id and l.id = ${p.lease_id}
    left join houses h on h.organization_id = t.organization_id and h.id = l.house_id
    left join properties pr on pr.organization_id = h.organization_id and pr.id = h.property_id
    where t.organization_id = ${organizationId} and t.id = ${p.tenant_id}`));
  if (!tenant) return null;
  const [template] = rowsOf<{ id: string; body: string }>(await tx.execute(sql`
    select id, body from templates where organization_id = ${organizationId} and channel = 'sms' and purpose = 'receipt' order by name, id limit 1`));
  const values: Record<string, string> = {
    tenant_name: String(tenant.name ?? '').split(' ')[0],
    amount_paid: formatAmount(p.amount),
    receipt_number: p.receipt_number ?? '',
    balance: formatAmount(await tenantBalance(tx, organizationId, tenant.id)),
  };
  if (tenant.house_number) values.house_number = tenant.house_number;
  if (tenant.account_code) values.account_code = tenant.account_code;
  if (tenant.property_name) values.property_name = tenant.property_name;
  // a placeholder with no value here is left out rather than holding the receipt back
  let body = personalise(template?.body ?? DEFAULT_RECEIPT, values, new Set());
  if (!tenant.house_number && !template) body = body.replace(' for ,', ',');
  return writeServerSms(tx, organizationId, { dedupKey: `receipt:${paymentId}`, tenant, body, templateId: template?.id ?? null });
}
