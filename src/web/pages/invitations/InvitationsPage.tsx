// /invitations: the logged-in user's pending invitations (reached from the organisation menu).
import { Box, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { Loading } from '../../screens/common/FormPage';
import { PendingInvitations, usePendingInvitations } from './PendingInvitations';

export function InvitationsPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { list, reload } = usePendingInvitations();
  return (
    <Box sx={{ maxWidth: 720, mx: 'auto', width: '100%', pb: 6 }}>
      <Title title={translate('keja.invitations.title')} />
      <Typography variant="h5" component="h1" sx={{ mb: 0.5 }}>
        {translate('keja.invitations.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {translate('keja.invitations.subtitle')}
      </Typography>
      {list === null ? <Loading /> : list.length ? (
        <PendingInvitations list={list} reload={reload} onAccepted={() => navigate('/dashboard')} />
      ) : (
        <Typography color="text.secondary">{translate('keja.invitations.none')}</Typography>
      )}
    </Box>
  );
}
