import { type RefObject, useEffect, useRef } from 'react';

/**
 * Calls `onShown` each time the element under `root` is shown again after it was hidden (a tab of
 * the portal's shell brought back to front, which keeps its pages mounted behind the others); not
 * when it first appears.
 */
export function useShownAgain(root: RefObject<HTMLElement | null> | undefined, onShown: () => void): void {
  const latest = useRef(onShown);
  latest.current = onShown;
  useEffect(() => {
    const el = root?.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    let shown: boolean | null = null;
    // Read in the observer's callbacks, after layout; its first call comes once the element is laid out.
    const observer = new ResizeObserver(() => {
      const now = el.getClientRects().length > 0;
      if (now && shown === false) latest.current();
      shown = now;
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [root]);
}
