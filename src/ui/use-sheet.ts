import { useCallback, useState } from 'react';

let openings = 0;

/**
 * What an action sheet is open for. Each opening is its own sheet (render it with `key`):
 * a sheet still leaving — its animation pauses while the window is hidden, as when a print
 * window was in front — must not close the next one when it finally reports its dismissal.
 */
export function useSheet<T>(): [T | null, (value: T) => void, { key: number; onDidDismiss: () => void }] {
  const [opening, setOpening] = useState<{ value: T; id: number } | null>(null);
  const open = useCallback((value: T) => setOpening({ value, id: ++openings }), []);
  const id = opening?.id ?? 0;
  const onDidDismiss = useCallback(() => setOpening((current) => (current?.id === id ? null : current)), [id]);
  return [opening?.value ?? null, open, { key: id, onDidDismiss }];
}
