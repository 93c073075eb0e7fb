import type { ReactNode } from 'react';
import { Layout } from 'react-admin';
import { isLoggedIn } from '../session/session-store';
import { useLoadedSession } from '../routing/RouteGuard';
import { PageLoader } from './PageLoader';
import { AppBar } from './AppBar';
import { AppMenu } from './AppMenu';
import { GuestFrame } from './GuestFrame';

/**
 * The shared layout of the authenticated area. The same layout also carries the 404 page, which
 * is open to everyone: a visitor sees it in the light guest frame instead of the app shell.
 */
export function AppLayout({ children }: { children: ReactNode }) {
  // Pick the frame from the loaded session, like the route guard, so it is chosen once.
  const session = useLoadedSession();
  if (!session) return <PageLoader />;
  if (!isLoggedIn(session)) return <GuestFrame>{children}</GuestFrame>;
  return (
    <Layout appBar={AppBar} menu={AppMenu} sx={{ '& .RaLayout-content': { px: { xs: 1.5, sm: 3 }, pt: { xs: 2, sm: 3 } } }}>
      {children}
    </Layout>
  );
}
