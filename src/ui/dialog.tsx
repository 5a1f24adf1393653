import { lazy, Suspense } from 'react';
import type { DialogProps } from './ionic-dialog';

export type { DialogProps };

// Ionic's modal loads with the first dialog opened: a screen opened at its address draws
// without Ionic until then.
const IonicDialog = lazy(() => import('./ionic-dialog'));

/**
 * A dialog of the app's screens: a modal named for screen readers, its title and a 'Cerrar'
 * button in the top bar, and its content (ionic-dialog.tsx). Content that closes it (after
 * saving) gets `close` by being a function.
 */
export function Dialog(props: DialogProps) {
  return (
    <Suspense fallback={null}>
      <IonicDialog {...props} />
    </Suspense>
  );
}
