import type { ReactNode } from 'react';
import { useShellNavigate } from './screen-chrome';

/**
 * A link to another screen of the app, followed by the shell (Ionic's page transition, or a
 * light start's hand-over; no reload); with a modifier key or another button it is an
 * ordinary link (a new tab).
 */
export function AppLink({
  href,
  className,
  label,
  title = label,
  children,
}: {
  href: string;
  className?: string;
  /** A name for a link without text (an icon); a link with text is named by it. */
  label?: string;
  title?: string;
  children: ReactNode;
}) {
  const navigate = useShellNavigate();
  return (
    <a
      href={href}
      className={className}
      aria-label={label}
      title={title}
      onClick={(event) => {
        if (!navigate || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        navigate(href);
      }}
    >
      {children}
    </a>
  );
}
