import { useState } from 'react';
import { Alert, Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { Form, PasswordInput, Title, required, useTranslate } from 'react-admin';
import { useFormSubmit } from '../components/useFormSubmit';
import { useToast } from '../components/toast/ToastProvider';
import { api } from '../providers/http-client';
import { matchesPassword, passwordRules } from '../components/password-rules';

const FIELDS = ['current_password', 'password', 'password_confirmation'];

export function ChangePasswordPage() {
  const translate = useTranslate();
  const toast = useToast();
  const [round, setRound] = useState(0); // a new form after each success clears the fields
  const { onSubmit, busy, formError } = useFormSubmit(async (v) => {
    const answer = await api<{ message?: string }>('/user/password', {
      method: 'PUT',
      body: { current_password: v.current_password, password: v.password, password_confirmation: v.password_confirmation },
    });
    toast.add({ severity: 'success', summary: 'keja.auth.change_password.done', detail: answer?.message, life: 5000 });
    setRound((n) => n + 1);
  }, FIELDS);
  return (
    <Box sx={{ maxWidth: 560, mx: 'auto', width: '100%', pb: 6 }}>
      <Title title={translate('keja.auth.change_password.title')} />
      <Typography variant="h5" component="h1" sx={{ mb: 0.5 }}>
        {translate('keja.auth.change_password.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {translate('keja.auth.change_password.subtitle')}
      </Typography>
      <Card>
        <CardContent sx={{ p: { xs: 2.5, sm: 3.5 } }}>
          {formError ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              {formError}
            </Alert>
          ) : null}
          <Form key={round} onSubmit={onSubmit} noValidate defaultValues={{ current_password: '', password: '', password_confirmation: '' }}>
            <Stack spacing={0.5}>
              <PasswordInput
                source="current_password"
                label="keja.auth.fields.current_password"
                autoComplete="current-password"
                validate={required()}
                fullWidth
              />
              <PasswordInput
                source="password"
                label="keja.auth.fields.new_password"
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
              <Box sx={{ display: 'flex', justifyContent: 'flex-end', pt: 1 }}>
                <Button type="submit" variant="contained" size="large" loading={busy}>
                  {translate('keja.auth.change_password.submit')}
                </Button>
              </Box>
            </Stack>
          </Form>
        </CardContent>
      </Card>
    </Box>
  );
}
