// The server's plan for what the composer holds (POST /messages/preview), asked again a moment
// after the last change: each recipient's text as it will go out, who is left out and why, the
// credits it uses and the balance.
import { useEffect, useState } from 'react';
import { describeFailure } from '../../components/server-errors';
import { api } from '../../providers/http-client';
import type { Audience, Channel, Plan } from './audience';

export interface PreviewRequest {
  audience: Audience;
  channel: Channel;
  template_id: string | null;
  body: string;
  subject: string | null;
}

const SETTLE_MS = 300;
// With no text yet the audience alone is resolved (who is reachable), with a text of one character.
const AUDIENCE_ONLY = '.';

export function usePreview(request: PreviewRequest | null): { plan: Plan | null; loading: boolean; error: string | null; hasText: boolean } {
  const [plan, setPlan] = useState<Plan | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const key = request ? JSON.stringify(request) : '';
  const hasText = !!request && request.body.trim() !== '';

  useEffect(() => {
    if (!key) {
      setPlan(null);
      setLoading(false);
      return;
    }
    const r = JSON.parse(key) as PreviewRequest;
    const body = r.body.trim() ? r : { ...r, template_id: null, body: AUDIENCE_ONLY };
    let live = true;
    setLoading(true);
    const timer = setTimeout(() => {
      api<Plan>('/messages/preview', { method: 'POST', body })
        .then((p) => {
          if (!live) return;
          setPlan(p);
          setError(null);
        })
        .catch((e: unknown) => {
          if (!live) return;
          const f = describeFailure(e);
          setPlan(null);
          setError(f.fields ? Object.values(f.fields).join(' ') : f.message);
        })
        .finally(() => live && setLoading(false));
    }, SETTLE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [key]);

  return { plan, loading, error, hasText };
}
