import { useIonRouter } from '@ionic/react';
import type { MouseEvent, ReactNode } from 'react';

/**
 * A link to a screen of the app: a real `<a href>` (keyboard, screen readers, open in a new
 * tab with a modifier) that moves through Ionic's router on a plain click instead of
 * reloading the app.
 */
export function AppLink({ to, className, children, label }: { to: string; className?: string; children: ReactNode; label?: string }) {
  const router = useIonRouter();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    router.push(to);
  };
  return (
    <a href={to} className={className} aria-label={label} onClick={onClick}>
      {children}
    </a>
  );
}
