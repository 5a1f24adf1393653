import type { ReactElement } from 'react';

/** What every print view is given by the print root (print-root.tsx), which loads it. */
export interface PrintViewProps {
  data: unknown;
  onDone: () => void;
  /** What to show when the stored data is not what the view prints. */
  onUnreadable: () => ReactElement;
}
