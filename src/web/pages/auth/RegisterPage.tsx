import { Alert, Button, Stack } from '@mui/material';
import { Form, PasswordInput, TextInput, email, maxLength, required, useTranslate } from 'react-admin';
import { matchesPassword, passwordRules } from '../../components/password-rules';
import { useNavigate } from 'react-router-dom';
import { AuthLink, AuthShell } from '../../components/AuthShell';
import { useFormSubmit } from '../../components/useFormSubmit';
import { api } from '../../providers/http-client';
import { CREATE_ORGANIZATION_PATH } from '../../routing/access';

const FIELDS = ['name', 'email', 'password', 'password_confirmation'];


export function RegisterPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { onSubmit, busy, formError } = useFormSubmit(async (v) => {
    await api('/register', {
      method: 'POST',
      body: { name: v.name, email: v.email, password: v.password, password_confirmation: v.password_confirmation },
      skipAuthRedirect: true,
    });
    // The new user is logged in but has no organisation yet: that is the next step. The session
    // is loaded there, not here: while this guest screen is still on display (the next screen
    // loads lazily) a logged-in session would make the guest rule send the user to the dashboard.
    navigate(CREATE_ORGANIZATION_PATH, { replace: true, state: { registered: true } });
  }, FIELDS);
  return (
    <AuthShell
      title="keja.auth.register.title"
      subtitle="keja.auth.register.subtitle"
      footer={
        <>
          {translate('keja.auth.register.have_account')} <AuthLink to="/auth/login">{translate('keja.auth.register.login_link')}</AuthLink>
        </>
      }
    >
      {formError ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {formError}
        </Alert>
      ) : null}
      <Form onSubmit={onSubmit} noValidate defaultValues={{ name: '', email: '', password: '', password_confirmation: '' }}>
        <Stack spacing={0.5}>
          <TextInput source="name" label="keja.auth.fields.name" autoComplete="name" validate={[required(), maxLength(120)]} fullWidth autoFocus />
          <TextInput source="email" type="email" label="keja.auth.fields.email" autoComplete="email" validate={[required(), email()]} fullWidth />
          <PasswordInput
            source="password"
            label="keja.auth.fields.password"
            autoComplete="new-password"
            validate={passwordRules}
            helperText="keja.auth.hints.password"
            fullWidth
          />
          <PasswordInput
            source="password_confirmation"
            label="keja.auth.fields.password_confirmation"
            autoComplete="new-password"
            validate={[required(), matchesPassword]}
            fullWidth
          />
          <Button type="submit" variant="contained" size="large" fullWidth loading={busy} sx={{ mt: 2 }}>
            {translate('keja.auth.register.submit')}
          </Button>
        </Stack>
      </Form>
    </AuthShell>
  );
}
