import { useEffect, useRef, useState } from 'react';

/**
 * The result of `load` for `key` (null while it runs, when it failed, or when `key` is null); a
 * new key loads again and drops the previous result.
 */
export function useLoaded<T>(key: string | null, load: () => Promise<T>): T | null {
  const [state, setState] = useState<{ key: string; value: T } | null>(null);
  const latest = useRef(load);
  latest.current = load;
  useEffect(() => {
    if (key === null) return;
    let live = true;
    latest.current().then(
      (value) => {
        if (live) setState({ key, value });
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [key]);
  return state && state.key === key ? state.value : null;
}
