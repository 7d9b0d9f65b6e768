import { useEffect, useRef } from 'react';
import type { LiveChange } from '../contract/live/schemas.ts';
import { followChanges } from '../stores/live-changes.ts';

/**
 * Reads again what a page shows when the live stream tells of a change that concerns it
 * (stores/live-changes.ts): `concerns` picks the changes, `act` reads again (once per burst). Both
 * may change between renders without following anew.
 */
export function useChanges(concerns: (change: LiveChange) => boolean, act: () => void, enabled = true): void {
  const latest = useRef({ concerns, act });
  latest.current = { concerns, act };
  useEffect(() => {
    if (!enabled) return;
    return followChanges(
      (change) => latest.current.concerns(change),
      () => latest.current.act(),
    );
  }, [enabled]);
}
