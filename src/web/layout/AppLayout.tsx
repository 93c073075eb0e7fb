import type { ReactNode } from 'react';
import { Layout } from 'react-admin';
import { isLoggedIn } from '../session/session-store';
import { useLoadedSession } from '../routing/RouteGuard';
import { PageLoader } from './PageLoader';
import { AppBar } from './AppBar';
import { AppMenu } from './AppMenu';
import { GuestFrame } from './GuestFrame';

/**
 * react-admin sizes its layout to fit its widest content (min-width: fit-content), so one wide
 * table or tab row made the whole page scroll sideways on a phone. Here the page is never wider
 * than the screen: what is wider scrolls inside its own box (tables, tab rows).
 */
const LAYOUT_SX = {
  minWidth: 0,
  '& .RaLayout-appFrame, & .RaLayout-contentWithSidebar': { minWidth: 0 },
  '& .RaLayout-content': { minWidth: 0, px: { xs: 1.5, sm: 3 }, pt: { xs: 2, sm: 3 } },
  // a phone's toasts sit at the bottom: the Save bar and the + button move up above them
  '& .RaToolbar-mobileToolbar, & .RaCreateButton-floating': { transform: 'translateY(calc(-1 * var(--keja-toast-space, 0px)))', transition: 'transform 150ms ease-out' },
} as const;

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
    <Layout appBar={AppBar} menu={AppMenu} sx={LAYOUT_SX}>
      {children}
    </Layout>
  );
}
