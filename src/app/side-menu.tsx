import { IonContent, IonHeader, IonItem, IonLabel, IonList, IonMenu, IonMenuToggle, IonNote, IonTitle, IonToolbar } from '@ionic/react';
import { useLocation } from 'react-router-dom';
import type { AppRoute } from '../../domain/app-routes';
import { messages } from '../../domain/messages';
import { APP_VERSION } from '../../domain/version';

/** The left drawer: always visible on wide screens, a drawer on phones (spec §2). */
export function SideMenu({ routes, brand }: { routes: AppRoute[]; brand: string }) {
  const location = useLocation();
  return (
    <IonMenu contentId="main" type="overlay" aria-label={messages.shell.menu}>
      <IonHeader>
        <IonToolbar>
          <IonTitle>{brand}</IonTitle>
        </IonToolbar>
      </IonHeader>
      <IonContent>

          <IonList lines="none">
            {routes.map((route) => (
              <IonMenuToggle key={route.path} autoHide={false}>
                <IonItem
                  routerLink={route.path}
                  routerDirection="root"
                  detail={false}
                  color={location.pathname === route.path ? 'light' : undefined}
                  aria-current={location.pathname === route.path ? 'page' : undefined}
                >
                  <IonLabel>{route.title}</IonLabel>
                </IonItem>
              </IonMenuToggle>
            ))}
          </IonList>

        <IonNote className="side-menu__version">{messages.shell.version(APP_VERSION)}</IonNote>
      </IonContent>
    </IonMenu>
  );
}
