// "Request payment" (an M-Pesa STK push) as the API answers it and the screens show it: declared
// once here for both sides (server: domain/daraja/stk*.ts; browser: screens/payment-requests/).

/**
 * requesting: written, Daraja not yet answered; sent: the prompt is on the phone; then paid or
 * how it ended (Safaricom's ResultCode: 1032 cancelled, 1037 timed out, 2001 wrong PIN,
 * 1 insufficient funds, anything else failed, with Safaricom's words).
 */
export const PAYMENT_REQUEST_STATES = ['requesting', 'sent', 'paid', 'cancelled', 'timed_out', 'wrong_pin', 'insufficient_funds', 'failed'] as const;
export type PaymentRequestState = (typeof PAYMENT_REQUEST_STATES)[number];

/** Still waiting for the phone: the screen polls. */
export const isPending = (state: string) => state === 'requesting' || state === 'sent';

/** Daraja takes whole shillings, 1 to 250,000 per push (reference/integrations.md A3). */
export const STK_MIN_AMOUNT = 1;
export const STK_MAX_AMOUNT = 250_000;

export interface PaymentRequest {
  id: string;
  channel_id: string;
  tenant_id: string;
  lease_id: string | null;
  invoice_id: string | null;
  phone: string;
  /** KES, exact decimal text (always whole shillings) */
  amount: string;
  account_reference: string;
  state: PaymentRequestState;
  merchant_request_id: string | null;
  checkout_request_id: string | null;
  result_code: string | null;
  result_desc: string | null;
  customer_message: string | null;
  /** the M-Pesa receipt number, once paid */
  receipt: string | null;
  payment_id: string | null;
  requested_at: string;
  answered_at: string | null;
  completed_at: string | null;
  queried_at: string | null;
}

/** What the dialog opens with: who, the phone, the balance and the suggested amount, the channel. */
export interface PaymentRequestDraft {
  tenant_id: string;
  tenant_name: string;
  invoice_id: string | null;
  invoice_number: string | null;
  lease_id: string;
  /** what is owed (the invoice's balance, or the tenant's), exact */
  balance: string;
  /** the balance rounded up to a whole shilling (at least 1): M-Pesa takes no cents */
  amount: string;
  phone: string;
  channel_id: string;
  channel_name: string;
  account_reference: string;
}
