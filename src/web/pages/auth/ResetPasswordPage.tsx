import { Alert, Button, Stack, TextField } from '@mui/material';
import { Form, PasswordInput, required, useTranslate } from 'react-admin';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { AuthLink, AuthShell } from '../../components/AuthShell';
import { useFormSubmit } from '../../components/useFormSubmit';
import { useToast } from '../../components/toast/ToastProvider';
import { api } from '../../providers/http-client';
import { matchesPassword, passwordRules } from '../../components/password-rules';

export function ResetPasswordPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const toast = useToast();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const emailAddress = params.get('email') ?? '';
  const { onSubmit, busy, formError } = useFormSubmit(
    async (v) => {
      const answer = await api<{ message?: string }>('/reset-password', {
        method: 'POST',
        body: { token, email: emailAddress, password: v.password, password_confirmation: v.password_confirmation },
      });
      toast.add({ severity: 'success', summary: 'keja.auth.reset.done', detail: answer?.message, life: 5000 });
      navigate('/auth/login', { replace: true });
    },
    ['password', 'password_confirmation'],
  );

  const footer = <AuthLink to="/auth/login">{translate('keja.auth.back_to_login')}</AuthLink>;
  if (!token || !emailAddress) {
    return (
      <AuthShell title="keja.auth.reset.title" footer={footer}>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate('keja.auth.reset.incomplete')}
        </Alert>
        <Button component={Link} to="/auth/forgot-password" variant="contained" size="large" fullWidth>
          {translate('keja.auth.reset.request_new')}
        </Button>
      </AuthShell>
    );
  }
  return (
    <AuthShell title="keja.auth.reset.title" subtitle="keja.auth.reset.subtitle" footer={footer}>
      {formError ? (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" component={Link} to="/auth/forgot-password">
              {translate('keja.auth.reset.request_new')}
            </Button>
          }
        >
          {formError}
        </Alert>
      ) : null}
      <Form onSubmit={onSubmit} noValidate defaultValues={{ password: '', password_confirmation: '' }}>
        <Stack spacing={0.5}>
          <TextField
            label={translate('keja.auth.fields.email')}
            value={emailAddress}
            fullWidth
            slotProps={{ htmlInput: { readOnly: true } }}
            sx={{ mb: 2.5 }}
          />
          <PasswordInput
            source="password"
            label="keja.auth.fields.new_password"
            autoComplete="new-password"
            validate={passwordRules}
            helperText="keja.auth.hints.password"
            fullWidth
            autoFocus
          />
          <PasswordInput
            source="password_confirmation"
            label="keja.auth.fields.password_confirmation"
            autoComplete="new-password"
            validate={[required(), matchesPassword]}
            fullWidth
          />
          <Button type="submit" variant="contained" size="large" fullWidth loading={busy} sx={{ mt: 2 }}>
            {translate('keja.auth.reset.submit')}
          </Button>
        </Stack>
      </Form>
    </AuthShell>
  );
}
