import { useEffect } from 'react';

/**
 * What the update banner needs to know before it activates a new service worker
 * (docs/sync-engine.md rule 14): whether the outbox is being sent and whether a form holds
 * unsaved input. Kept free of Dexie and the engine so the login bundle stays small.
 */
export interface SendingSource {
  readonly sending: boolean;
  subscribe(listener: () => void): () => void;
}

let source: SendingSource | null = null;
let unsubscribeSource: (() => void) | null = null;
let holds = 0;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

/** The signed-in user's engine, or null after sign-out. */
export function setSendingSource(next: SendingSource | null): void {
  unsubscribeSource?.();
  source = next;
  unsubscribeSource = next ? next.subscribe(notify) : null;
  notify();
}

/** True while the outbox is being sent or a form has unsaved input. */
export function isUpdateHeld(): boolean {
  return holds > 0 || (source?.sending ?? false);
}

/** Resolves as soon as nothing holds an update back. */
export function whenUpdateAllowed(): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (isUpdateHeld()) return;
      listeners.delete(check);
      resolve();
    };
    listeners.add(check);
    check();
  });
}

/** Holds the update back while `active` (a form with unsaved input). */
export function useHoldUpdate(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    holds += 1;
    notify();
    return () => {
      holds -= 1;
      notify();
    };
  }, [active]);
}
