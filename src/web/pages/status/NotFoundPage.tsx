import { Title, useTranslate } from 'react-admin';
import { isLoggedIn, useSession } from '../../session/session-store';
import { StatusScreen } from './StatusScreen';

/** /pages/notfound, any unknown path, and any route whose permission is missing (seed 2, 6). */
export function NotFoundPage() {
  const translate = useTranslate();
  const loggedIn = isLoggedIn(useSession());
  return (
    <>
      {loggedIn ? <Title title={translate('keja.not_found.title')} /> : null}
      <StatusScreen
        code="404"
        title="keja.not_found.title"
        message="keja.not_found.message"
        actions={loggedIn ? [{ to: '/dashboard', label: 'keja.common.back_to_dashboard', primary: true }] : [{ to: '/', label: 'keja.common.go_home', primary: true }]}
      />
    </>
  );
}
