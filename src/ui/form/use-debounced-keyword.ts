import { useEffect, useRef, useState } from 'react';

/** How long typing in a list's search waits before the list is asked again. */
export const SEARCH_DEBOUNCE_MS = 300;

export interface DebouncedKeyword {
  /** What the search box shows. */
  keyword: string;
  /** The user typed: shown at once, applied once typing pauses. */
  type(value: string): void;
  /** Applies `value` at once (Enter in the box). */
  submit(value: string): void;
  /** Empties the box and applies that at once. */
  clear(): void;
}

/**
 * A list's search box: the typed text shows at once and reaches `apply` once typing has paused
 * for `delay` ms (one request per pause, not per key), or at once on `submit` (Enter). `apply`
 * gets the text trimmed, and only when that differs from what was applied last. A keyword
 * changed from outside (`applied`: the list's filters after a clear, an address) replaces what
 * the box shows; the list's echo of what this box applied does not (the user may have typed on).
 * A pending search is dropped on unmount.
 */
export function useDebouncedKeyword(
  applied: string,
  apply: (keyword: string) => void,
  delay = SEARCH_DEBOUNCE_MS,
): DebouncedKeyword {
  const [keyword, setKeyword] = useState(applied);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const applyRef = useRef(apply);
  applyRef.current = apply;
  const last = useRef(applied.trim());
  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    if (applied.trim() === last.current) return;
    last.current = applied.trim();
    clearTimeout(timer.current);
    setKeyword(applied);
  }, [applied]);

  const submit = (value: string) => {
    clearTimeout(timer.current);
    const trimmed = value.trim();
    if (trimmed === last.current) return;
    last.current = trimmed;
    applyRef.current(trimmed);
  };
  return {
    keyword,
    type(value) {
      setKeyword(value);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => submit(value), delay);
    },
    submit,
    clear() {
      setKeyword('');
      submit('');
    },
  };
}
