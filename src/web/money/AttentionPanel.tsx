// What needs attention today, at the top of the dashboard: urgent tickets, draft leases waiting to
// be activated, messages that failed, messages waiting for SMS credits (only when there are some),
// payments to match. Each is a count linking to its list,
// filtered; the API sends a count only to a member who may list that area, and the panel draws
// only those (nothing at all for a member who may list none of them).
import type { ReactNode } from 'react';
import { Box, Card, CardActionArea, Stack, Typography } from '@mui/material';
import PriorityHighRoundedIcon from '@mui/icons-material/PriorityHighRounded';
import DescriptionRoundedIcon from '@mui/icons-material/DescriptionRounded';
import SmsFailedRoundedIcon from '@mui/icons-material/SmsFailedRounded';
import HelpOutlineRoundedIcon from '@mui/icons-material/HelpOutlineRounded';
import MoneyOffRoundedIcon from '@mui/icons-material/MoneyOffRounded';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { useSession } from '../session/session-store';
import { hasPermission } from '../routing/access';
import { listLink, OPEN_TICKET } from './list-links';
import type { Dashboard } from './types';

type Key = keyof NonNullable<Dashboard['attention']>;

const ITEMS: Array<{ key: Key; module: string; icon: ReactNode; to: string; onlyWhenSome?: boolean }> = [
  { key: 'urgent_tickets', module: 'ticket', icon: <PriorityHighRoundedIcon />, to: listLink('tickets', { priority: ['urgent'], status: OPEN_TICKET }) },
  { key: 'draft_leases', module: 'lease', icon: <DescriptionRoundedIcon />, to: listLink('leases', { status: ['draft'] }) },
  { key: 'failed_messages', module: 'message', icon: <SmsFailedRoundedIcon />, to: listLink('messages', { status: ['failed'] }) },
  { key: 'waiting_for_credits', module: 'message', icon: <MoneyOffRoundedIcon />, to: listLink('messages', { status: ['insufficient_credits'] }), onlyWhenSome: true },
  { key: 'unmatched_payments', module: 'payment', icon: <HelpOutlineRoundedIcon />, to: listLink('payments', { status: ['unmatched'] }) },
];

export function AttentionPanel({ data }: { data: Dashboard }) {
  const translate = useTranslate();
  const { permissions } = useSession();
  const shown = ITEMS.filter((i) => data.attention?.[i.key] !== undefined && hasPermission(permissions, `list.${i.module}`)
    && (!i.onlyWhenSome || (data.attention[i.key] ?? 0) > 0));
  if (!shown.length) return null;
  const waiting = shown.some((i) => (data.attention?.[i.key] ?? 0) > 0);
  return (
    <Box component="section" aria-labelledby="attention-title" sx={{ mb: 2 }} data-testid="attention">
      <Typography id="attention-title" variant="h6" component="h2" sx={{ mb: 0.25 }}>
        {translate('money.dashboard.attention.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.25 }}>
        {translate(waiting ? 'money.dashboard.attention.text' : 'money.dashboard.attention.none')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr 1fr', md: `repeat(${shown.length}, 1fr)` } }}>
        {shown.map((i) => {
          const n = data.attention?.[i.key] ?? 0;
          const label = translate(`money.dashboard.attention.${i.key}`, { smart_count: n });
          return (
            <Card key={i.key} sx={{ borderRadius: 3, borderColor: n ? 'warning.main' : undefined }} data-testid={`attention-${i.key}`}>
              <CardActionArea component={Link} to={i.to} sx={{ p: 1.5, height: '100%' }}>
                <Stack direction="row" spacing={1.25} sx={{ alignItems: 'center' }}>
                  <Box sx={{ color: n ? 'warning.dark' : 'text.secondary', display: 'flex', '& svg': { fontSize: 22 } }}>{i.icon}</Box>
                  <Typography sx={{ fontSize: '1.35rem', fontWeight: 800, fontVariantNumeric: 'tabular-nums', color: n ? 'warning.dark' : 'text.secondary' }}>
                    {n}
                  </Typography>
                  <Typography variant="body2" sx={{ fontWeight: 600, lineHeight: 1.25, minWidth: 0 }}>
                    {label}
                  </Typography>
                </Stack>
              </CardActionArea>
            </Card>
          );
        })}
      </Box>
    </Box>
  );
}
