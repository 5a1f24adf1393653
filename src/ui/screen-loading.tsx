import { commonMessages } from '../../domain/messages/shell';

/**
 * What shows while a screen's chunk loads. Never an Ionic page: the router outlet animates in
 * the first page a route registers, so a placeholder page would take that transition and leave
 * the real screen, registered after it, transparent (ion-page-invisible) — a blank screen.
 */
export function ScreenLoading() {
  return (
    <p className="loading-note" role="status">
      {commonMessages.loading}
    </p>
  );
}
