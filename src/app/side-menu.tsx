import { IonContent, IonMenu, useIonRouter } from '@ionic/react';
import { useRef, type MouseEvent } from 'react';
import { useLocation } from 'react-router-dom';
import type { AppRoute } from '../../domain/app-routes';
import { messages } from '../../domain/messages';
import { APP_VERSION } from '../../domain/version';

/**
 * The left drawer: always visible on wide screens, a drawer on phones (spec §2). Its entries
 * are plain links, not Ionic items: five items, labels and toggles are fifteen web components
 * every office start would build.
 */
export function SideMenu({ routes, brand }: { routes: AppRoute[]; brand: string }) {
  const location = useLocation();
  const router = useIonRouter();
  const menu = useRef<HTMLIonMenuElement>(null);
  const open = (path: string) => (event: MouseEvent) => {
    event.preventDefault();
    router.push(path, 'root');
    void menu.current?.close();
  };
  return (
    <IonMenu ref={menu} contentId="main" type="overlay" aria-label={messages.shell.menu}>
      <div className="side-menu__brand">{brand}</div>
      <IonContent>
        <ul className="side-menu__list">
          {routes.map((route) => {
            const current = location.pathname === route.path;
            return (
              <li key={route.path}>
                <a
                  href={route.path}
                  className={`side-menu__link${current ? ' side-menu__link--current' : ''}`}
                  aria-current={current ? 'page' : undefined}
                  onClick={open(route.path)}
                >
                  {route.title}
                </a>
              </li>
            );
          })}
        </ul>
        <p className="side-menu__version">{messages.shell.version(APP_VERSION)}</p>
      </IonContent>
    </IonMenu>
  );
}
