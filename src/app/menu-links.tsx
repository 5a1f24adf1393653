import type { MouseEvent } from 'react';
import type { AppRoute } from '../../domain/app-routes';
import { shellMessages } from '../../domain/messages/shell';
import { APP_VERSION } from '../../domain/version';

/**
 * The menu's entries and the app's version: plain links (not Ionic items, fifteen web
 * components fewer at every office start), drawn in Ionic's side menu and in the light start's.
 */
export function MenuLinks({ routes, current, open }: { routes: AppRoute[]; current: string; open: (path: string) => void }) {
  const follow = (path: string) => (event: MouseEvent) => {
    event.preventDefault();
    open(path);
  };
  return (
    <>
      <ul className="side-menu__list">
        {routes.map((route) => {
          const isCurrent = current === route.path;
          return (
            <li key={route.path}>
              <a
                href={route.path}
                className={`side-menu__link${isCurrent ? ' side-menu__link--current' : ''}`}
                aria-current={isCurrent ? 'page' : undefined}
                onClick={follow(route.path)}
              >
                {route.title}
              </a>
            </li>
          );
        })}
      </ul>
      <p className="side-menu__version">{shellMessages.version(APP_VERSION)}</p>
    </>
  );
}
