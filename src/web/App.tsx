// The web app: react-admin's context and UI with Keja's providers, session and route table.
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { AdminContext, AdminUI, CustomRoutes, Notification, type Store } from 'react-admin';
import { Route, RouterProvider, createBrowserRouter } from 'react-router-dom';
import { authProvider } from './providers/auth-provider';
import { dataProvider } from './providers/data-provider';
import { i18nProvider } from './providers/i18n-provider';
import { createStore } from './providers/store';
import { fetchSession } from './session/session-actions';
import { appRoutes, NotFoundScreen, usesLayout, type AppRoute } from './routing/routes';
import { RoutesContext } from './routing/routes-context';
import { RouteGuard } from './routing/RouteGuard';
import { AppLayout } from './layout/AppLayout';
import { Splash } from './layout/Splash';
import { ThemeClassSync } from './layout/ThemeClassSync';
import { NavigationBridge } from './layout/NavigationBridge';
import { PageLoader } from './layout/PageLoader';
import { ToastProvider, useToastHost } from './components/toast/ToastProvider';
import { ConfirmProvider } from './components/confirm/ConfirmProvider';
import { lightTheme, darkTheme } from './theme';
import { createPortal } from 'react-dom';
import { useMediaQuery, type Theme } from '@mui/material';

export interface AppProps {
  /** The route table; tests pass their own. */
  routes?: AppRoute[];
  store?: Store;
  /** Resources for react-admin (next issue); rendered inside <AdminUI>. */
  children?: ReactNode;
}

const defaultStore = createStore();

/** Unknown paths (and react-admin's access-denied page) show the 404 page, once the session is known. */
const CATCH_ALL: AppRoute = { path: '*', area: 'public', component: NotFoundScreen };
function NotFoundCatchAll() {
  return <RouteGuard route={CATCH_ALL} />;
}

/**
 * Real browser paths (no `#`): react-admin would create a hash router of its own, so the app runs
 * inside a browser data router (data router: react-admin's unsaved-changes guard needs one).
 */
/**
 * react-admin's own notices (saved, deleted, refused) where the toasts are: over the app bar on a
 * laptop; on a phone in the toasts' own stack at the bottom (see ToastProvider), never over a page's buttons.
 */
function TopNotification() {
  const host = useToastHost();
  const phone = useMediaQuery((t: Theme) => t.breakpoints.down('sm'));
  if (phone && host) {
    return createPortal(
      <Notification
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        sx={{ position: 'static', inset: 'auto', transform: 'none', pointerEvents: 'auto', '& .MuiSnackbarContent-root': { width: 'calc(100vw - 16px)', borderRadius: '12px' } }}
      />,
      host,
    );
  }
  return <Notification anchorOrigin={{ vertical: 'top', horizontal: 'center' }} sx={{ top: { xs: 4, sm: 4 } }} />;
}

export function App(props: AppProps) {
  const [router] = useState(() => createBrowserRouter([{ path: '*', element: <KejaAdmin {...props} /> }]));
  return <RouterProvider router={router} />;
}

function KejaAdmin({ routes = appRoutes, store = defaultStore, children }: AppProps) {
  // The user fetch: the session is "loading" (splash on screen) until it answers.
  useEffect(() => {
    void fetchSession();
  }, []);

  const mounted = useMemo(() => routes.filter((r) => r.component), [routes]);
  const guarded = (r: AppRoute) => <Route key={r.path} path={r.path} element={<RouteGuard route={r} />} />;

  return (
    <RoutesContext.Provider value={routes}>
      <AdminContext
        dataProvider={dataProvider}
        authProvider={authProvider}
        i18nProvider={i18nProvider}
        store={store}
        lightTheme={lightTheme}
        darkTheme={darkTheme}
      >
        <NavigationBridge />
        <ThemeClassSync />
        <ToastProvider position="app-bar">
          <ConfirmProvider>
            <AdminUI
              disableTelemetry
              title="Keja"
              layout={AppLayout}
              catchAll={NotFoundCatchAll}
              accessDenied={NotFoundCatchAll}
              loginPage={false}
              loading={PageLoader}
              notification={TopNotification}
            >
              <CustomRoutes noLayout>{mounted.filter((r) => !usesLayout(r)).map(guarded)}</CustomRoutes>
              <CustomRoutes>{mounted.filter(usesLayout).map(guarded)}</CustomRoutes>
              {children}
            </AdminUI>
            <Splash />
          </ConfirmProvider>
        </ToastProvider>
      </AdminContext>
    </RoutesContext.Provider>
  );
}
