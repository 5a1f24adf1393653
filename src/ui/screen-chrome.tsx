import { createContext, useContext, type ComponentType, type ReactNode } from 'react';

export interface ScreenPageProps {
  /** The top bar's title. */
  title: string;
  /**
   * 'padded' (the default): the content scrolls as a page, with the page's margin. 'fixed': the
   * screen holds its own scroller (the office lists' virtualized rows) and fills the height.
   */
  layout?: 'padded' | 'fixed';
  /** Sheets, dialogs and the toast, after the content. */
  overlays?: ReactNode;
  children: ReactNode;
}

/**
 * What a screen is drawn in and how it goes elsewhere. The Ionic app gives Ionic's page and
 * router; a light start gives plain elements and hands over to the Ionic app on the first step
 * elsewhere. A screen drawn through this, with no Ionic of its own, can open without Ionic.
 */
/**
 * How a screen goes elsewhere: forward by default; 'back' (to the list or record it came from,
 * with the backward transition) and 'replace' (on to what it made) both leave the screen out of
 * the history, so that the browser's back never returns to a form already saved.
 */
export type NavigateHow = 'forward' | 'back' | 'replace';

export interface ScreenChrome {
  Page: ComponentType<ScreenPageProps>;
  navigate: (path: string, how?: NavigateHow) => void;
}

/** Where a screen is: the parameters of its route ('/sales/:sale_id' → sale_id) and the address's query. */
export interface ScreenPlace {
  params: Readonly<Record<string, string | undefined>>;
  search: string;
}

export const ScreenPlaceContext = createContext<ScreenPlace>({ params: {}, search: '' });

/** The screen's route parameters and query, given by the shell it opened in (the Ionic router's, or a light start's). */
export function useScreenPlace(): ScreenPlace {
  return useContext(ScreenPlaceContext);
}

export const ScreenChromeContext = createContext<ScreenChrome | null>(null);

export function useScreenChrome(): ScreenChrome {
  const chrome = useContext(ScreenChromeContext);
  if (!chrome) throw new Error('useScreenChrome is only available inside the app shell');
  return chrome;
}

/** How the shell goes to another of its screens; null outside a shell, where a link is an ordinary link. */
export function useShellNavigate(): ((path: string, how?: NavigateHow) => void) | null {
  return useContext(ScreenChromeContext)?.navigate ?? null;
}

/** The screen's page, as the shell it opened in draws pages. */
export function ScreenPage(props: ScreenPageProps) {
  const { Page } = useScreenChrome();
  return <Page {...props} />;
}
