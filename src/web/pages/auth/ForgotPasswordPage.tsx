import { useState } from 'react';
import { Alert, Button, Stack } from '@mui/material';
import MarkEmailReadOutlinedIcon from '@mui/icons-material/MarkEmailReadOutlined';
import { Form, TextInput, email, required, useTranslate } from 'react-admin';
import { AuthLink, AuthShell } from '../../components/AuthShell';
import { useFormSubmit } from '../../components/useFormSubmit';
import { api } from '../../providers/http-client';

export function ForgotPasswordPage() {
  const translate = useTranslate();
  const [sent, setSent] = useState<string | null>(null);
  const { onSubmit, busy, formError } = useFormSubmit(async (v) => {
    const answer = await api<{ message?: string }>('/forgot-password', { method: 'POST', body: { email: v.email } });
    setSent(answer?.message || translate('keja.auth.forgot.sent'));
  }, ['email']);
  return (
    <AuthShell
      title="keja.auth.forgot.title"
      subtitle="keja.auth.forgot.subtitle"
      footer={<AuthLink to="/auth/login">{translate('keja.auth.back_to_login')}</AuthLink>}
    >
      {sent ? (
        <Alert icon={<MarkEmailReadOutlinedIcon />} severity="success" role="status">
          {sent}
        </Alert>
      ) : (
        <>
          {formError ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              {formError}
            </Alert>
          ) : null}
          <Form onSubmit={onSubmit} noValidate defaultValues={{ email: '' }}>
            <Stack spacing={0.5}>
              <TextInput source="email" type="email" label="keja.auth.fields.email" autoComplete="email" validate={[required(), email()]} fullWidth autoFocus />
              <Button type="submit" variant="contained" size="large" fullWidth loading={busy} sx={{ mt: 2 }}>
                {translate('keja.auth.forgot.submit')}
              </Button>
            </Stack>
          </Form>
        </>
      )}
    </AuthShell>
  );
}
