import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { Form, TextInput, email, maxLength, regex, required, useTranslate } from 'react-admin';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { PageLoader } from '../../layout/PageLoader';
import { AuthLink, AuthShell } from '../../components/AuthShell';
import { useFormSubmit } from '../../components/useFormSubmit';
import { PhoneInput } from '../../components/phone/PhoneInput';
import { api } from '../../providers/http-client';
import { fetchSession } from '../../session/session-actions';
import { isLoggedIn, useSession } from '../../session/session-store';
import { useToast } from '../../components/toast/ToastProvider';
import { PendingInvitations, usePendingInvitations } from '../invitations/PendingInvitations';

const FIELDS = ['name', 'email', 'phone', 'address', 'kra_pin'];
const KRA_PIN = /^[A-Za-z]\d{9}[A-Za-z]$/;

export function CreateOrganizationPage() {
  const translate = useTranslate();
  const session = useSession();
  const toast = useToast();
  const justRegistered = !!(useLocation().state as { registered?: boolean } | null)?.registered;
  const loggedIn = isLoggedIn(session);
  const invitations = usePendingInvitations(loggedIn);
  // Straight from registration: the server has logged the user in; load that session here.
  const [reloaded, setReloaded] = useState(false);
  useEffect(() => {
    if (justRegistered && !loggedIn && !reloaded) void fetchSession().finally(() => setReloaded(true));
  }, [justRegistered, loggedIn, reloaded]);
  const { onSubmit, busy, formError } = useFormSubmit(async (v) => {
    const body: Record<string, unknown> = { name: v.name };
    for (const key of ['email', 'phone', 'address', 'kra_pin']) {
      const value = typeof v[key] === 'string' ? (v[key] as string).trim() : v[key];
      if (value) body[key] = key === 'kra_pin' ? String(value).toUpperCase() : value;
    }
    const answer = await api<{ organization?: { name?: string } }>('/organisations', { method: 'POST', body });
    // The new organisation is now the active one; once the session knows it, the guest rule
    // applies again and takes the user to the dashboard.
    await fetchSession();
    toast.add({
      severity: 'success',
      summary: translate('keja.org.created', { name: answer?.organization?.name ?? String(v.name) }),
      life: 4000,
    });
  }, FIELDS);

  if (!loggedIn && justRegistered && !reloaded) return <PageLoader />;
  if (!loggedIn) {
    return (
      <AuthShell title="keja.org.create.title" subtitle="keja.org.create.guest">
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          <Button component={Link} to="/auth/register" variant="contained" size="large" fullWidth>
            {translate('keja.landing.cta_register')}
          </Button>
          <Button component={Link} to="/auth/login" variant="outlined" size="large" fullWidth>
            {translate('keja.landing.cta_login')}
          </Button>
        </Stack>
      </AuthShell>
    );
  }

  return (
    <AuthShell
      title="keja.org.create.title"
      subtitle={translate('keja.org.create.subtitle', { name: session.user?.name ?? '' })}
      footer={<AuthLink to="/dashboard">{translate('keja.org.create.later')}</AuthLink>}
    >
      {invitations.list?.length ? (
        <Box sx={{ mb: 3 }}>
          <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>{translate('keja.invitations.title')}</Typography>
          <PendingInvitations list={invitations.list} reload={invitations.reload} />
        </Box>
      ) : null}
      {formError ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {formError}
        </Alert>
      ) : null}
      <Form onSubmit={onSubmit} noValidate defaultValues={{ name: '', email: '', phone: '', address: '', kra_pin: '' }}>
        <Stack spacing={0.5}>
          <TextInput
            source="name"
            label="keja.org.fields.name"
            helperText="keja.org.hints.name"
            validate={[required(), maxLength(160)]}
            fullWidth
            autoFocus
          />
          <TextInput source="email" type="email" label="keja.org.fields.email" validate={email()} fullWidth />
          <PhoneInput source="phone" label="keja.org.fields.phone" />
          <TextInput source="address" label="keja.org.fields.address" multiline minRows={2} validate={maxLength(500)} fullWidth />
          <Box>
            <TextInput
              source="kra_pin"
              label="keja.org.fields.kra_pin"
              helperText="keja.org.hints.kra_pin"
              validate={regex(KRA_PIN, 'keja.org.errors.kra_pin')}
              fullWidth
            />
          </Box>
          <Button type="submit" variant="contained" size="large" fullWidth loading={busy} sx={{ mt: 2 }}>
            {translate('keja.org.create.submit')}
          </Button>
        </Stack>
      </Form>
    </AuthShell>
  );
}
