import LinkOffRoundedIcon from '@mui/icons-material/LinkOffRounded';
import { useLocation } from 'react-router-dom';
import { GuestFrame } from '../../layout/GuestFrame';
import { StatusScreen } from './StatusScreen';

/** Where a broken or expired emailed link lands (/auth/callback sends it here). */
export function AuthErrorPage() {
  const reason = (useLocation().state as { reason?: string } | null)?.reason;
  return (
    <GuestFrame>
      <StatusScreen
        icon={<LinkOffRoundedIcon />}
        title="keja.auth_error.title"
        message={reason || 'keja.auth_error.message'}
        actions={[
          { to: '/auth/forgot-password', label: 'keja.auth.reset.request_new', primary: true },
          { to: '/auth/login', label: 'keja.auth.back_to_login' },
        ]}
      />
    </GuestFrame>
  );
}
