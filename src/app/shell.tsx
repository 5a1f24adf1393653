import { IonRouterOutlet, IonSplitPane } from '@ionic/react';
import { Suspense } from 'react';
import { Route } from 'react-router-dom';
import { APP_ROUTES, canOpen, menuFor } from '../../domain/app-routes';
import NotFoundPage from '../features/not-found/not-found-page';
import { ScreenLoading } from '../ui/screen-loading';
import { SCREENS } from './screens';
import { useShell } from '../ui/shell-context';
import { SideMenu } from './side-menu';

/** IonSplitPane > IonMenu + IonRouterOutlet, with only the routes this person may open. */
export function Shell() {
  const { user, deployment, hasMenu } = useShell();
  const routes = APP_ROUTES.filter((route) => canOpen(user, route, deployment) && SCREENS[route.path]);

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
                <Suspense fallback={<ScreenLoading />}>
                  <Screen />
                </Suspense>
              }
            />
          );
        })}
        <Route path="*" element={<NotFoundPage />} />
      </IonRouterOutlet>
    </IonSplitPane>
  );
}
