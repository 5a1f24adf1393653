import { lazy, startTransition, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { APP_ROUTES, canOpen, matchRoute, menuFor } from '../../domain/app-routes';
import type { Deployment } from '../../domain/deployment';
import { commonMessages } from '../../domain/messages/shell';
import type { CurrentUser } from '../../domain/schemas/auth';
import { useCurrentUser } from '../features/auth/queries';
import { SyncProvider } from '../sync/sync-provider';
import { ConnectivityToast } from './connectivity-toast';
import { useDeployment } from '../ui/deployment';
import { Providers } from './providers';
import { QueryStatus } from '../ui/query-status';
import { ScreenFailure } from '../ui/screen-failure';
import { SCREENS } from './screens';
import { ShellContext } from '../ui/shell-context';
import { LastingToastHost } from '../ui/toast';
import type { NavigateHow } from '../ui/screen-chrome';
import type { LeaveLightStart } from './light-frame';

// Ionic (router, split pane, every component any screen uses) is one large chunk. A driver's
// phone opens on their routes without it, and loads it with the first step elsewhere.
const IonicShell = lazy(() => import('./ionic-shell'));
const LightScreenStart = lazy(() => import('./light-screen-start'));
// Seen only by someone signed in with a temporary password.
const TemporaryPasswordPage = lazy(() => import('./temporary-password-page'));

const loading = (
  <p className="print-message" role="status">
    {commonMessages.loading}
  </p>
);

/** With a token: the shell for the current user, known from the server or from the cache. */
export default function SignedIn() {
  return (
    <Providers>
      <CurrentUserGate />
    </Providers>
  );
}

function CurrentUserGate() {
  const deployment = useDeployment();
  const user = useCurrentUser();
  if (user.data?.temporary_credentials)
    return (
      <Suspense fallback={loading}>
        <TemporaryPasswordPage />
      </Suspense>
    );
  if (user.data) return <SignedInShell user={user.data} deployment={deployment} />;
  // An error here is not a 401 (that signs out): the server could not be reached and nothing is cached yet.
  return <QueryStatus query={user} />;
}

/** The person's context and sync, shared by both shells so that changing shell never restarts the sync. */
function SignedInShell({ user, deployment }: { user: CurrentUser; deployment: Deployment }) {
  const hasMenu = menuFor(user, deployment).length > 0;
  const shell = useMemo(() => ({ user, deployment, hasMenu }), [user, deployment, hasMenu]);
  // Decided once (lightStartFor), and leaving the light start for the full app is one way (a
  // refetched user never swaps the shell under the person).
  const [lightStart, setLightStart] = useState(() => lightStartFor(window.location.pathname, user, deployment));
  const [openAfterStart, setOpenAfterStart] = useState<{ path?: string; openMenu?: boolean; how?: NavigateHow }>({});
  const leave: LeaveLightStart = useCallback((path, options = {}) => {
    if (path === window.location.pathname && !options.openMenu) return;
    // A transition: the light start stays on screen until the full app is ready to replace it.
    startTransition(() => {
      setOpenAfterStart({ path: path === window.location.pathname ? undefined : path, openMenu: options.openMenu, how: options.how });
      setLightStart(null);
    });
  }, []);
  // A device that allowed notices is this session's again (the server forgets it at each sign-out);
  // loaded after the start, so it weighs nothing on it.
  useEffect(() => {
    const renew = window.setTimeout(() => {
      void import('../lib/push-subscription').then((push) => push.renewPushSubscription()).catch(() => undefined);
    }, 3_000);
    return () => window.clearTimeout(renew);
  }, [user.id]);
  // Back or forward from the light start (a tab reloaded at the root keeps its history): the
  // full app takes over at the address the browser now shows.
  useEffect(() => {
    if (!lightStart) return;
    const handOver = () => startTransition(() => setLightStart(null));
    window.addEventListener('popstate', handOver);
    return () => window.removeEventListener('popstate', handOver);
  }, [lightStart]);
  return (
    <ShellContext.Provider value={shell}>
      <SyncProvider key={user.id} userId={user.id}>
        <LastingToastHost>
          <ScreenFailure>
            <Suspense fallback={loading}>
              {lightStart ? (
                <LightScreenStart path={lightStart.screen} onLeave={leave} />
              ) : (
                <IonicShell openAfterStart={openAfterStart.path} how={openAfterStart.how} openMenu={openAfterStart.openMenu} />
              )}
            </Suspense>
          </ScreenFailure>
        </LastingToastHost>
        <ConnectivityToast />
      </SyncProvider>
    </ShellContext.Provider>
  );
}

/**
 * How the app opens at `pathname`: every screen the person may open starts light at its address,
 * Inicio included, in the same frame; an unknown address and a screen the person may not open
 * start in the Ionic app (which says so).
 */
function lightStartFor(pathname: string, user: CurrentUser, deployment: Deployment): { screen: string } | null {
  const route = routeAt(pathname);
  return route && canOpen(user, route, deployment) ? { screen: route.path } : null;
}

/** The built route an address opens: '/sales/calendar' before '/sales/:sale_id', as the router ranks them. */
function routeAt(pathname: string) {
  const parameters = (path: string) => path.split('/').filter((part) => part.startsWith(':')).length;
  return APP_ROUTES.filter((route) => SCREENS[route.path] && matchRoute(route.path, pathname))
    .sort((a, b) => parameters(a.path) - parameters(b.path))
    .at(0);
}
