import type { ToastButton } from '@ionic/react';
import { createContext, lazy, Suspense, useCallback, useContext, useState, type ReactNode } from 'react';
import type { Tone } from './ionic-overlays';

export type { Tone };
export type Notify = (message: string, tone: Tone, button?: ToastButton) => void;

// Ionic's toast loads when first shown: a screen opened at its address draws without Ionic.
const Toast = lazy(() => import('./ionic-overlays').then((module) => ({ default: module.Toast })));

let toasts = 0;

/** The screen's one toast (every screen's, list or not): mounted only while there is something to say, one web component less at every start. */
export function useToast(): [Notify, ReactNode] {
  const [toast, setToast] = useState<{ message: string; tone: Tone; button?: ToastButton; id: number } | null>(null);
  const notify: Notify = useCallback((message, tone, button) => setToast({ message, tone, button, id: ++toasts }), []);
  // Each message is its own toast: one still showing when the next comes must not take the next away as it leaves.
  const element = toast && (
    <Suspense key={toast.id} fallback={null}>
      <Toast
        message={toast.message}
        tone={toast.tone}
        button={toast.button}
        onDismissed={() => setToast((current) => (current?.id === toast.id ? null : current))}
      />
    </Suspense>
  );
  return [notify, element];
}

const LastingToastContext = createContext<Notify | null>(null);

/**
 * The shell's toast, for what a screen says as it leaves ('Cliente … guardado.' from a form that
 * goes on to the customer): it stays up while the next screen opens, in the light start or the Ionic app.
 */
export function LastingToastHost({ children }: { children: ReactNode }) {
  const [notify, toast] = useToast();
  return (
    <LastingToastContext.Provider value={notify}>
      {children}
      {toast}
    </LastingToastContext.Provider>
  );
}

/** Says something that outlives the screen saying it, through the shell's toast. */
export function useLastingToast(): Notify {
  const notify = useContext(LastingToastContext);
  if (!notify) throw new Error('useLastingToast is only available inside the app shell');
  return notify;
}
