import { useEffect } from 'react';
import { recordPosition } from '../../../sync/positions';
import { useSyncDatabase } from '../../sync/sync-context';
import { browserEnvironment, startRouteTracking } from './route-tracker';
import { setTrackingState } from './tracking-state';

/**
 * Records a started route's positions while it is on screen (issue 47). Draws nothing; its own
 * chunk, loaded after the driver's routes render, so the driver's start does not carry it.
 * Unmounted when the route finishes or the driver leaves their routes: the tracker stops.
 */
export default function RouteTracking({ shippingId, userId }: { shippingId: number; userId: number }) {
  const db = useSyncDatabase();
  useEffect(() => {
    const stop = startRouteTracking(
      browserEnvironment(),
      (position) => recordPosition(db, { ...position, shippingId, userId }),
      (state) => setTrackingState(shippingId, state),
    );
    return () => {
      stop();
      setTrackingState(shippingId, null);
    };
  }, [db, shippingId, userId]);
  return null;
}
