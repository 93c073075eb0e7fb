// Under an M-Pesa channel's form, for those who may edit it: the two Daraja C2B URLs with their
// secret (to register with Safaricom), a way to make a new secret when one has leaked, and which
// Daraja keys are stored (never the keys: they are encrypted on the server and write-only).
import { useEffect, useState } from 'react';
import {
  Alert, Box, Button, Card, CardContent, CardHeader, Chip, Skeleton, Stack, Typography,
} from '@mui/material';
import AutorenewRoundedIcon from '@mui/icons-material/AutorenewRounded';
import PhonelinkRingRoundedIcon from '@mui/icons-material/PhonelinkRingRounded';
import { useTranslate, type RaRecord } from 'react-admin';
import { paymentChannels } from '../../../../resources/payment-channels';
import { useConfirm } from '../../components/confirm/ConfirmProvider';
import { failureText } from '../../components/server-errors';
import { useToast } from '../../components/toast/ToastProvider';
import { useLabels } from '../../generic/labels';
import { api } from '../../providers/http-client';
import { postAction } from '../common/api';
import { useCan } from '../common/params';
import { DarajaActions } from './DarajaActions';
import { UrlField } from '../../components/UrlField';

interface CallbackUrls {
  confirmation_url: string;
  validation_url: string;
  keys_set?: Record<string, boolean>;
  can_simulate?: boolean;
}

const MPESA_KINDS = ['mpesa_paybill', 'mpesa_till'];
const KEYS = ['daraja_consumer_key', 'daraja_consumer_secret', 'daraja_passkey'];

export function DarajaPanel({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  const can = useCan();
  const confirm = useConfirm();
  const toast = useToast();
  const labels = useLabels(paymentChannels);
  const [urls, setUrls] = useState<CallbackUrls | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [rotating, setRotating] = useState(false);
  const shown = MPESA_KINDS.includes(String(record.kind)) && can('edit.payment_channel');
  const id = encodeURIComponent(String(record.id));

  useEffect(() => {
    if (!shown) return;
    let live = true;
    api<CallbackUrls>(`/payment-channels/${id}/callback-urls`)
      .then((u) => live && setUrls(u))
      .catch((e: unknown) => live && setError(failureText(e, 'screens.payment_channels.load_failed')));
    return () => {
      live = false;
    };
  }, [shown, id, translate]);

  if (!shown) return null;

  const rotate = async () => {
    const ok = await confirm({
      title: translate('screens.payment_channels.rotate_title'),
      message: translate('screens.payment_channels.rotate_message'),
      acceptLabel: 'screens.payment_channels.rotate',
    });
    if (!ok) return;
    setRotating(true);
    try {
      const fresh = await postAction<CallbackUrls>(`/payment-channels/${id}/rotate-secret`);
      setUrls((old) => ({ ...fresh, keys_set: old?.keys_set, can_simulate: old?.can_simulate }));
      toast.add({ severity: 'success', summary: 'screens.payment_channels.rotated', life: 6000 });
    } catch (e) {
      setError(failureText(e, 'screens.payment_channels.load_failed'));
    } finally {
      setRotating(false);
    }
  };

  return (
    <Card component="section" aria-label={translate('screens.payment_channels.daraja_title')}>
      <CardHeader
        avatar={<PhonelinkRingRoundedIcon fontSize="small" color="primary" />}
        title={<Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>{translate('screens.payment_channels.daraja_title')}</Typography>}
        action={
          <Button size="small" color="warning" variant="outlined" startIcon={<AutorenewRoundedIcon />} onClick={() => void rotate()} loading={rotating} disabled={!urls}>
            {translate('screens.payment_channels.rotate')}
          </Button>
        }
        sx={{
          py: 1.25, flexWrap: 'wrap', rowGap: 1,
          '& .MuiCardHeader-avatar': { mr: 1.25 },
          '& .MuiCardHeader-action': { alignSelf: 'center', m: 0 },
        }}
      />
      <CardContent sx={{ pt: 0 }}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>{translate('screens.payment_channels.daraja_hint')}</Typography>
        {error ? <Alert severity="error" sx={{ mb: 2 }}>{translate(error, { _: error })}</Alert> : null}
        {urls ? (
          <Stack spacing={2}>
            <UrlField label={translate('screens.payment_channels.confirmation_url')} value={urls.confirmation_url} />
            <UrlField label={translate('screens.payment_channels.validation_url')} value={urls.validation_url} />
          </Stack>
        ) : !error ? (
          <Stack spacing={2}>
            <Skeleton variant="rounded" height={40} />
            <Skeleton variant="rounded" height={40} />
          </Stack>
        ) : null}
        {urls?.keys_set ? (
          <Box sx={{ mt: 2.5 }}>
            <Typography variant="subtitle2" component="h3" sx={{ fontWeight: 700, mb: 0.75 }}>{translate('screens.payment_channels.keys')}</Typography>
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }} data-testid="daraja-keys">
              {KEYS.map((k) => {
                const set = !!urls.keys_set?.[k];
                return (
                  <Chip
                    key={k}
                    size="small"
                    color={set ? 'success' : 'default'}
                    variant={set ? 'filled' : 'outlined'}
                    label={`${labels.field(k)}: ${translate(set ? 'screens.payment_channels.key_stored' : 'screens.payment_channels.key_missing')}`}
                  />
                );
              })}
            </Stack>
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.75 }}>{translate('screens.payment_channels.keys_hint')}</Typography>
          </Box>
        ) : null}
        {urls ? <DarajaActions channelId={id} canSimulate={!!urls.can_simulate} /> : null}
      </CardContent>
    </Card>
  );
}
