import GppMaybeOutlinedIcon from '@mui/icons-material/GppMaybeOutlined';
import { GuestFrame } from '../../layout/GuestFrame';
import { StatusScreen } from './StatusScreen';

export function AccessDeniedPage() {
  return (
    <GuestFrame>
      <StatusScreen
        icon={<GppMaybeOutlinedIcon />}
        title="keja.access_denied.title"
        message="keja.access_denied.message"
        actions={[
          { to: '/auth/login', label: 'keja.auth.login.submit', primary: true },
          { to: '/', label: 'keja.common.go_home' },
        ]}
      />
    </GuestFrame>
  );
}
