// A payment request's state, read again every 2 seconds while the phone has not answered (for at
// most 3 minutes: past the status query Keja makes after the timeout, nothing new comes).
import { useEffect, useState } from 'react';
import { isPending, type PaymentRequest } from '../../../shared/payment-requests';
import { api } from '../../providers/http-client';

const EVERY_MS = 2000;
const AT_MOST_MS = 180_000;

export function usePaymentRequest(initial: PaymentRequest | null): PaymentRequest | null {
  const [current, setCurrent] = useState(initial);
  useEffect(() => setCurrent(initial), [initial]);
  const id = current?.id;
  const pending = !!current && isPending(current.state);
  useEffect(() => {
    if (!id || !pending) return undefined;
    const started = Date.now();
    let live = true;
    const timer = setInterval(() => {
      if (Date.now() - started > AT_MOST_MS) return clearInterval(timer);
      api<PaymentRequest>(`/payment-requests/${encodeURIComponent(id)}`).then((r) => live && setCurrent(r)).catch(() => undefined);
    }, EVERY_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [id, pending]);
  return current;
}
