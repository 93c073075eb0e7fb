import { Alert, Box, Button, Stack } from '@mui/material';
import { BooleanInput, Form, PasswordInput, TextInput, email, required, useTranslate } from 'react-admin';
import { AuthLink, AuthShell } from '../../components/AuthShell';
import { useFormSubmit } from '../../components/useFormSubmit';
import { login } from '../../session/session-actions';

const FIELDS = ['email', 'password'];

export function LoginPage() {
  const translate = useTranslate();
  // On success the session holds the user and the route guard takes them on (dashboard, or
  // back to the page that sent them here).
  const { onSubmit, busy, formError } = useFormSubmit(
    (v) => login({ email: String(v.email ?? ''), password: String(v.password ?? ''), remember: !!v.remember }),
    FIELDS,
  );
  return (
    <AuthShell
      title="keja.auth.login.title"
      subtitle="keja.auth.login.subtitle"
      footer={
        <>
          {translate('keja.auth.login.no_account')} <AuthLink to="/auth/register">{translate('keja.auth.login.register_link')}</AuthLink>
        </>
      }
    >
      {formError ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {formError}
        </Alert>
      ) : null}
      <Form onSubmit={onSubmit} noValidate defaultValues={{ email: '', password: '', remember: false }}>
        <Stack spacing={0.5}>
          <TextInput
            source="email"
            type="email"
            label="keja.auth.fields.email"
            autoComplete="username"
            validate={[required(), email()]}
            fullWidth
            autoFocus
          />
          <PasswordInput source="password" label="keja.auth.fields.password" autoComplete="current-password" validate={required()} fullWidth />
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
            <BooleanInput source="remember" label="keja.auth.fields.remember" helperText={false} sx={{ m: 0 }} />
            <AuthLink to="/auth/forgot-password">{translate('keja.auth.login.forgot_link')}</AuthLink>
          </Box>
          <Button type="submit" variant="contained" size="large" fullWidth loading={busy} sx={{ mt: 2 }}>
            {translate('keja.auth.login.submit')}
          </Button>
        </Stack>
      </Form>
    </AuthShell>
  );
}
