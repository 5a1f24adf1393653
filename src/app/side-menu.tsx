import { IonContent, IonMenu, useIonRouter } from '@ionic/react';
import { useRef } from 'react';
import { useLocation } from 'react-router-dom';
import type { AppRoute } from '../../domain/app-routes';
import { shellMessages } from '../../domain/messages/shell';
import { MenuLinks } from './menu-links';

/** The left drawer: always visible on wide screens, a drawer on phones (spec §2). */
export function SideMenu({ routes, brand }: { routes: AppRoute[]; brand: string }) {
  const location = useLocation();
  const router = useIonRouter();
  const menu = useRef<HTMLIonMenuElement>(null);
  const open = (path: string) => {
    router.push(path, 'root');
    void menu.current?.close();
  };
  return (
    <IonMenu ref={menu} contentId="main" type="overlay" aria-label={shellMessages.menu}>
      <div className="side-menu__brand">{brand}</div>
      <IonContent>
        <MenuLinks routes={routes} current={location.pathname} open={open} />
      </IonContent>
    </IonMenu>
  );
}
