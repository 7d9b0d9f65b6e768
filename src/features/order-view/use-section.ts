import { useCallback, useEffect, useRef, useState } from 'react';

export type SectionLoad<T> =
  | { state: 'loading' }
  | { state: 'ready'; data: T }
  | { state: 'failed'; message: string };

/** Loads a section's data when the section is first shown (and again on `retry`). */
export function useSection<T>(load: () => Promise<T>): { section: SectionLoad<T>; retry: () => void } {
  const [section, setSection] = useState<SectionLoad<T>>({ state: 'loading' });
  const request = useRef(0);
  const run = useCallback(() => {
    const mine = ++request.current;
    setSection({ state: 'loading' });
    load().then(
      (data) => mine === request.current && setSection({ state: 'ready', data }),
      (error: unknown) =>
        mine === request.current &&
        setSection({ state: 'failed', message: error instanceof Error ? error.message : '' }),
    );
  }, [load]);
  useEffect(() => {
    run();
    return () => {
      request.current++;
    };
  }, [run]);
  return { section, retry: run };
}
