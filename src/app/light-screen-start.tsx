import { Suspense, useMemo, useState } from 'react';
import { LightFrame, type LeaveLightStart } from './light-frame';
import { matchRoute } from '../../domain/app-routes';
import { ScreenChromeContext, ScreenPlaceContext, type ScreenChrome, type ScreenPageProps } from '../ui/screen-chrome';
import { ScreenLoading } from '../ui/screen-loading';
import { SCREENS } from './screens';

/**
 * An office screen opened at its address (a bookmark, a reload), drawn without Ionic: the
 * screen itself, in the light frame. Its first step elsewhere hands over to the Ionic app.
 * Every screen is started so.
 */
export default function LightScreenStart({ path, onLeave }: { path: string; onLeave: LeaveLightStart }) {
  const Screen = SCREENS[path]!;
  const chrome = useMemo<ScreenChrome>(
    () => ({
      Page: (props: ScreenPageProps) => <LightFrame {...props} current={path} onLeave={onLeave} />,
      navigate: (to, how) => onLeave(to, { how }),
    }),
    [path, onLeave],
  );
  // A light start never moves: its first step elsewhere is the Ionic app's.
  const [place] = useState(() => ({ params: matchRoute(path, window.location.pathname) ?? {}, search: window.location.search }));
  return (
    <ScreenChromeContext.Provider value={chrome}>
      <ScreenPlaceContext.Provider value={place}>
        <Suspense fallback={<ScreenLoading />}>
          <Screen />
        </Suspense>
      </ScreenPlaceContext.Provider>
    </ScreenChromeContext.Provider>
  );
}
