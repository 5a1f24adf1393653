import { IonRouterOutlet, IonSplitPane } from '@ionic/react';
import { Suspense, useMemo, type ReactNode } from 'react';
import { Route, useLocation, useParams } from 'react-router-dom';
import { APP_ROUTES, canOpen, menuFor } from '../../domain/app-routes';
import NotFoundPage from '../features/not-found/not-found-page';
import { ScreenPlaceContext } from '../ui/screen-chrome';
import { ScreenLoading } from '../ui/screen-loading';
import { SCREENS } from './screens';
import { useShell } from '../ui/shell-context';
import { SideMenu } from './side-menu';

/** IonSplitPane > IonMenu + IonRouterOutlet, with only the routes this person may open. */
export function Shell() {
  const { user, deployment, hasMenu } = useShell();
  // Every built screen has its address; one this person may not open says so, rather than
  // letting a wider route take the address ('/sales/calendar' read as the sale 'calendar').
  // A screen this deployment hides stays unknown (not found).
  const routes = APP_ROUTES.filter(
    (route) => SCREENS[route.path] && route.implemented && !deployment.flags.hiddenPaths.includes(route.path),
  );

  return (
    <IonSplitPane contentId="main" when="lg" disabled={!hasMenu}>
      {hasMenu && <SideMenu routes={menuFor(user, deployment)} brand={deployment.identity.brand} />}
      <IonRouterOutlet id="main">
        {routes.map((route) => {
          const Screen = SCREENS[route.path]!;
          return (
            <Route
              key={route.path}
              path={route.path}
              element={
                canOpen(user, route, deployment) ? (
                  <RoutePlace>
                    <Suspense fallback={<ScreenLoading />}>
                      <Screen />
                    </Suspense>
                  </RoutePlace>
                ) : (
                  <NotFoundPage notAllowed />
                )
              }
            />
          );
        })}
        <Route path="*" element={<NotFoundPage />} />
      </IonRouterOutlet>
    </IonSplitPane>
  );
}

/** The route's parameters and query, given to its screen through the screen chrome (screens import no router). */
function RoutePlace({ children }: { children: ReactNode }) {
  const params = useParams();
  const { search } = useLocation();
  const place = useMemo(() => ({ params, search }), [params, search]);
  return <ScreenPlaceContext.Provider value={place}>{children}</ScreenPlaceContext.Provider>;
}
