import { useSyncExternalStore } from 'react';

const WIDE_QUERY = '(min-width: 992px)';

/**
 * Whether a CSS media query matches, following the window as it resizes; drawn without a window
 * (a static rendering), it is taken to match.
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (notify) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', notify);
      return () => list.removeEventListener('change', notify);
    },
    () => window.matchMedia(query).matches,
    () => true,
  );
}

/** Table on wide screens, cards on small ones (spec §2), following the window as it resizes. */
export function useWideScreen(): boolean {
  return useMediaQuery(WIDE_QUERY);
}
