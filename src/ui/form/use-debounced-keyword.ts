import { useEffect, useRef, useState } from 'react';

/** How long typing in a list's search waits before the list is asked again. */
export const SEARCH_DEBOUNCE_MS = 300;

export interface DebouncedKeyword {
  /** What the search box shows. */
  keyword: string;
  /** The user typed: shown at once, applied once typing pauses. */
  type(value: string): void;
  /** Empties the box and applies that at once. */
  clear(): void;
}

/**
 * A list's search box: the typed text shows at once and reaches `apply` once typing has paused
 * for `delay` ms (one request per pause, not per key); a pending search is dropped on unmount.
 */
export function useDebouncedKeyword(
  initial: string,
  apply: (keyword: string) => void,
  delay = SEARCH_DEBOUNCE_MS,
): DebouncedKeyword {
  const [keyword, setKeyword] = useState(initial);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const applyRef = useRef(apply);
  applyRef.current = apply;
  useEffect(() => () => clearTimeout(timer.current), []);
  return {
    keyword,
    type(value) {
      setKeyword(value);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => applyRef.current(value), delay);
    },
    clear() {
      clearTimeout(timer.current);
      setKeyword('');
      applyRef.current('');
    },
  };
}
