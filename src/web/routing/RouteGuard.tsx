// Wraps every route (seed sections 2, 4, 6, 8): waits, checking every 200 ms, until the session is
// loaded, then renders the screen, redirects, or shows the 404 page.
import { Suspense, useEffect, useState } from 'react';
import { Navigate, useLocation, useParams } from 'react-router-dom';
import { sessionStore } from '../session/session-store';
import type { Session } from '../session/types';
import { whenSessionLoaded } from '../session/wait-for-session';
import { PageLoader } from '../layout/PageLoader';
import { decideRoute } from './access';
import { NotFoundScreen, type AppRoute } from './routes';

/**
 * The session as last seen loaded. While the session (re)loads, the last loaded state is kept,
 * so a screen stays put, and the change is picked up by the next 200 ms check.
 */
export function useLoadedSession(): Session | null {
  const [seen, setSeen] = useState<Session | null>(() => (sessionStore.get().loading ? null : sessionStore.get()));
  const [waiting, setWaiting] = useState(() => sessionStore.get().loading);

  useEffect(() => {
    if (waiting) {
      return whenSessionLoaded(() => {
        setSeen(sessionStore.get());
        setWaiting(false);
      });
    }
    const follow = () => {
      const s = sessionStore.get();
      if (s.loading) setWaiting(true);
      else setSeen(s);
    };
    follow(); // catch a change made between the first render and this effect
    return sessionStore.subscribe(follow);
  }, [waiting]);

  return seen;
}

export function RouteGuard({ route }: { route: AppRoute }) {
  const session = useLoadedSession();
  const params = useParams();
  const location = useLocation();
  if (!session) return <PageLoader />;
  const from = (location.state as { from?: string } | null)?.from;
  const decision = decideRoute(route, session, params, from);
  if (decision.type === 'redirect') {
    const state = decision.to === '/auth/login' ? { from: location.pathname + location.search } : undefined;
    return <Navigate to={decision.to} replace state={state} />;
  }
  const Screen = decision.type === 'not-found' || !route.component ? NotFoundScreen : route.component;
  return (
    <Suspense fallback={<PageLoader />}>
      <Screen />
    </Suspense>
  );
}
