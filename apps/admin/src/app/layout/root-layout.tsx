// The root route: app state, the routing rules (one guard for every path) and the choice of
// frame by route group. Pages load lazily inside it.
import { Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Loading } from '@shopify/polaris';
import { AppStateProvider, useAppState } from '../../lib/app-state.js';
import { decideRedirect } from '../decide-redirect.js';
import { inRouteGroup } from '../route-groups.js';
import { AppFrame } from './app-frame.js';
import { FullScreenLayout } from './full-screen-layout.js';

export function RootLayout() {
  const { pathname } = useLocation();
  return (
    <AppStateProvider path={pathname}>
      <GuardedScreen path={pathname} />
    </AppStateProvider>
  );
}

function GuardedScreen({ path }: { path: string }) {
  const { loggedIn, account, accountLoading } = useAppState();
  const target = decideRedirect({ path, loggedIn, account });
  if (target) return <Navigate to={target} replace />;

  const page = (
    <Suspense fallback={<Loading />}>
      <Outlet />
    </Suspense>
  );
  if (inRouteGroup('fullScreen', path)) return <FullScreenLayout>{page}</FullScreenLayout>;
  // Until the account is known, a new account's pages must not flash before the redirect.
  return <AppFrame path={path}>{accountLoading ? <Loading /> : page}</AppFrame>;
}
