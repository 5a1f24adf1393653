import { useSyncExternalStore } from 'react';

const WIDE_QUERY = '(min-width: 992px)';

/** Table on wide screens, cards on small ones (spec §2), following the window as it resizes. */
export function useWideScreen(): boolean {
  return useSyncExternalStore(
    (notify) => {
      const query = window.matchMedia(WIDE_QUERY);
      query.addEventListener('change', notify);
      return () => query.removeEventListener('change', notify);
    },
    () => window.matchMedia(WIDE_QUERY).matches,
  );
}
