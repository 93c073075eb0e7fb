// /auth/invitation?token=…: the emailed link. It says which organisation invites which email;
// an existing account accepts or declines at once, a new email chooses a name and password and
// joins logged in. A used, revoked or expired link says so (the server's 422 on `token`).
import { useEffect, useState } from 'react';
import { Alert, Box, Button, Stack, TextField } from '@mui/material';
import { Form, PasswordInput, TextInput, maxLength, required, useTranslate } from 'react-admin';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { AuthLink, AuthShell } from '../../components/AuthShell';
import { describeFailure } from '../../components/server-errors';
import { matchesPassword, passwordRules } from '../../components/password-rules';
import { useFormSubmit } from '../../components/useFormSubmit';
import { PageLoader } from '../../layout/PageLoader';
import { api } from '../../providers/http-client';
import { fetchSession } from '../../session/session-actions';

interface Lookup { organization: { name: string }; email: string; name: string; account: boolean; expires_at: string }
type Outcome = { kind: 'joined'; name: string } | { kind: 'declined' } | { kind: 'gone'; message: string };

export function InvitationPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [info, setInfo] = useState<Lookup | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(token ? null : { kind: 'gone', message: 'keja.invitations.incomplete' });
  const [busy, setBusy] = useState<'accept' | 'decline' | null>(null);

  useEffect(() => {
    if (!token) return;
    api<Lookup>('/invitations/lookup', { method: 'POST', body: { token } })
      .then(setInfo)
      .catch((e) => setOutcome({ kind: 'gone', message: describeFailure(e).fields?.token ?? describeFailure(e).message ?? 'keja.invitations.incomplete' }));
  }, [token]);

  const fail = (e: unknown) => setOutcome({ kind: 'gone', message: describeFailure(e).fields?.token ?? describeFailure(e).message ?? 'keja.invitations.incomplete' });
  const accept = async () => {
    setBusy('accept');
    try {
      await api('/invitations/accept', { method: 'POST', body: { token } });
      setOutcome({ kind: 'joined', name: info?.organization.name ?? '' });
    } catch (e) {
      fail(e);
    } finally {
      setBusy(null);
    }
  };
  const decline = async () => {
    setBusy('decline');
    try {
      await api('/invitations/decline', { method: 'POST', body: { token } });
      setOutcome({ kind: 'declined' });
    } catch (e) {
      fail(e);
    } finally {
      setBusy(null);
    }
  };
  const { onSubmit, busy: creating, formError } = useFormSubmit(async (v) => {
    await api('/invitations/accept', { method: 'POST', body: { token, name: v.name, password: v.password, password_confirmation: v.password_confirmation } });
    await fetchSession();
    navigate('/dashboard', { replace: true });
  }, ['name', 'password', 'password_confirmation']);

  const footer = <AuthLink to="/auth/login">{translate('keja.auth.back_to_login')}</AuthLink>;
  if (outcome) {
    const text = outcome.kind === 'joined' ? translate('keja.invitations.joined_login', { name: outcome.name })
      : outcome.kind === 'declined' ? translate('keja.invitations.declined_link') : translate(outcome.message, { _: outcome.message });
    return (
      <AuthShell title="keja.invitations.link_title" footer={footer}>
        <Alert severity={outcome.kind === 'gone' ? 'warning' : 'success'} sx={{ mb: 2 }} role="status">{text}</Alert>
        <Button component={Link} to="/auth/login" variant="contained" size="large" fullWidth>
          {translate('keja.landing.cta_login')}
        </Button>
      </AuthShell>
    );
  }
  if (!info) return <PageLoader />;
  const subtitle = translate('keja.invitations.link_subtitle', { name: info.organization.name, email: info.email });
  const declineButton = (
    <Button variant="outlined" color="inherit" size="large" fullWidth loading={busy === 'decline'} disabled={!!busy || creating} onClick={() => void decline()}>
      {translate('keja.invitations.decline')}
    </Button>
  );
  if (info.account) {
    return (
      <AuthShell title="keja.invitations.link_title" subtitle={subtitle} footer={footer}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          <Button variant="contained" size="large" fullWidth loading={busy === 'accept'} disabled={!!busy} onClick={() => void accept()}>
            {translate('keja.invitations.accept')}
          </Button>
          {declineButton}
        </Stack>
      </AuthShell>
    );
  }
  return (
    <AuthShell title="keja.invitations.link_title" subtitle={`${subtitle} ${translate('keja.invitations.new_account')}`} footer={footer}>
      {formError ? <Alert severity="error" sx={{ mb: 2 }}>{formError}</Alert> : null}
      <Form onSubmit={onSubmit} noValidate defaultValues={{ name: info.name, password: '', password_confirmation: '' }}>
        <Stack spacing={0.5}>
          <TextField label={translate('keja.auth.fields.email')} value={info.email} fullWidth slotProps={{ htmlInput: { readOnly: true } }} sx={{ mb: 2.5 }} />
          <TextInput source="name" label="keja.auth.fields.name" validate={[required(), maxLength(255)]} fullWidth autoFocus />
          <PasswordInput source="password" label="keja.auth.fields.password" autoComplete="new-password" validate={passwordRules} helperText="keja.auth.hints.password" fullWidth />
          <PasswordInput source="password_confirmation" label="keja.auth.fields.password_confirmation" autoComplete="new-password" validate={[required(), matchesPassword]} fullWidth />
          <Button type="submit" variant="contained" size="large" fullWidth loading={creating} disabled={!!busy} sx={{ mt: 2 }}>
            {translate('keja.invitations.create_and_join')}
          </Button>
          <Box sx={{ pt: 1 }}>{declineButton}</Box>
        </Stack>
      </Form>
    </AuthShell>
  );
}
