// English texts of "Request payment" (an M-Pesa STK push), merged under `screens`. Swahili twins
// in messages-sw.ts, the same key tree.
export const paymentRequestsEnglish = {
  payment_requests: {
    button: 'Request payment',
    title: 'Request payment by M-Pesa',
    hint: 'An M-Pesa prompt goes to the phone; the tenant confirms it with their PIN and the payment is recorded by itself.',
    tenant: 'Tenant',
    phone: 'M-Pesa phone',
    phone_hint: 'A Safaricom number, e.g. 0712 345 678',
    amount: 'Amount (KES)',
    amount_hint: 'Owed: %{balance}. M-Pesa takes whole shillings.',
    account: 'Account number',
    channel: 'Paybill or till',
    send: 'Send prompt',
    close: 'Close',
    cannot: 'A payment cannot be requested yet',
    state: {
      requesting: 'Sending the prompt…',
      sent: 'Prompt sent: waiting for the tenant to enter their M-Pesa PIN…',
      paid: 'Paid',
      cancelled: 'The tenant cancelled the prompt',
      timed_out: 'No answer: the prompt timed out',
      wrong_pin: 'Wrong M-Pesa PIN: nothing was paid',
      insufficient_funds: 'Not enough money in the tenant’s M-Pesa',
      failed: 'The prompt failed',
    },
    chip: {
      requesting: 'Sending', sent: 'Waiting', paid: 'Paid', cancelled: 'Cancelled', timed_out: 'Timed out',
      wrong_pin: 'Wrong PIN', insufficient_funds: 'Insufficient funds', failed: 'Failed',
    },
    receipt: 'M-Pesa receipt %{receipt}, %{amount}.',
    paid_unrecorded: 'Safaricom confirms the payment; it is recorded when M-Pesa’s confirmation arrives.',
    no_answer: 'Safaricom has not answered yet. It may still arrive; you can also ask again.',
    safaricom_said: 'Safaricom said: %{answer}',
    view_payment: 'View payment',
    recent: 'M-Pesa requests',
  },
};
