// /auth/callback?token=…&email=…: checks a password-reset token, then continues to the reset
// form with the same query, or to /auth/error when the link is invalid or expired.
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { api } from '../../providers/http-client';
import { PageLoader } from '../../layout/PageLoader';
import { describeFailure } from '../../components/server-errors';

export function AuthCallbackPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const token = params.get('token') ?? '';
    const email = params.get('email') ?? '';
    if (!token || !email) {
      navigate('/auth/error', { replace: true, state: { reason: 'keja.auth.callback.incomplete' } });
      return;
    }
    api('/reset-password/validate', { method: 'POST', body: { token, email } })
      .then(() => navigate(`/auth/reset-password?${new URLSearchParams({ token, email })}`, { replace: true }))
      .catch((e) => {
        const { fields, message } = describeFailure(e);
        const reason = fields ? Object.values(fields)[0] : message;
        navigate('/auth/error', { replace: true, state: { reason } });
      });
  }, [params, navigate]);
  return <PageLoader />;
}
