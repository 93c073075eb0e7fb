// SMS credits: the balance (top-ups − usage) in large type above the ledger, which is the area's
// generic list. A send beyond the balance is refused by the server, so it is worth seeing first.
import { useEffect, useState } from 'react';
import { Alert, Box, Button, Card, CardContent, Skeleton, Typography } from '@mui/material';
import TollRoundedIcon from '@mui/icons-material/TollRounded';
import SendRoundedIcon from '@mui/icons-material/SendRounded';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { smsCredits } from '../../../../resources/sms-credits';
import { routeOf } from '../../../shared/resource';
import { GenericList } from '../../generic/GenericList';
import { api } from '../../providers/http-client';
import { useCan } from '../common/params';

/** Below this many credits the balance is shown as running low. */
export const LOW_CREDITS = 100;

export function useSmsBalance(): { balance: number | null; error: string | null } {
  const [balance, setBalance] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    api<{ sms_credits?: number }>('/dashboard')
      .then((d) => live && setBalance(typeof d.sms_credits === 'number' ? d.sms_credits : 0))
      .catch((e: unknown) => live && setError(e instanceof Error ? e.message : String(e)));
    return () => {
      live = false;
    };
  }, []);
  return { balance, error };
}

export function SmsBalance() {
  const translate = useTranslate();
  const can = useCan();
  const { balance, error } = useSmsBalance();
  const low = balance != null && balance < LOW_CREDITS;
  return (
    <Card variant="outlined" sx={{ mb: 2, mt: 1.5, borderRadius: 2, borderColor: low ? 'warning.main' : 'primary.main', borderWidth: 2 }}>
      <CardContent sx={{ display: 'flex', gap: 2.5, alignItems: 'center', flexWrap: 'wrap', p: { xs: 2, sm: 2.5 }, '&:last-child': { pb: { xs: 2, sm: 2.5 } } }}>
        <Box sx={{ width: 56, height: 56, borderRadius: '50%', display: 'grid', placeItems: 'center', bgcolor: low ? 'warning.light' : 'primary.light', color: low ? 'warning.contrastText' : 'primary.contrastText' }}>
          <TollRoundedIcon fontSize="large" />
        </Box>
        <Box sx={{ flex: 1, minWidth: 200 }}>
          <Typography variant="overline" color="text.secondary" sx={{ fontWeight: 700, letterSpacing: '0.08em' }}>
            {translate('screens.sms_credits.balance')}
          </Typography>
          {error ? (
            <Alert severity="error">{error}</Alert>
          ) : balance == null ? (
            <Skeleton width={160} height={52} />
          ) : (
            <Typography component="p" sx={{ fontSize: '2.5rem', fontWeight: 800, lineHeight: 1.1, fontVariantNumeric: 'tabular-nums' }} data-testid="sms-balance">
              {new Intl.NumberFormat('en-KE').format(balance)}
              <Typography component="span" color="text.secondary" sx={{ fontSize: '1rem', fontWeight: 500, ml: 1 }}>
                {translate('screens.sms_credits.credits', { smart_count: balance })}
              </Typography>
            </Typography>
          )}
          <Typography variant="body2" color={low ? 'warning.dark' : 'text.secondary'}>
            {translate(low ? 'screens.sms_credits.low' : 'screens.sms_credits.hint')}
          </Typography>
        </Box>
        {can('send.message') ? (
          <Button component={Link} to="/send-message" variant="outlined" startIcon={<SendRoundedIcon />}>
            {translate('screens.sms_credits.compose')}
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}

const listRoute = routeOf(smsCredits, 'list')!;

export function SmsCreditsList() {
  return (
    <GenericList resource={smsCredits} route={listRoute} above={<SmsBalance />} />
  );
}
