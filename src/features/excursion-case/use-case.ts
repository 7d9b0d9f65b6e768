import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../api/errors.ts';
import { Code } from '../../contract/codes.ts';
import { type CaseView, loadCase } from './api.ts';

/** 404 (none, or another customer's) and an id the server refuses (400/422) read alike. */
const NOT_FOUND: readonly number[] = [Code.notFound, Code.badRequest, Code.invalid];

export type CaseLoad =
  | { state: 'loading' }
  | { state: 'not-found' }
  | { state: 'failed' }
  | { state: 'ready'; view: CaseView };

/**
 * The case of `id` (`excursion/view`). `reload()` asks again and keeps the case shown meanwhile
 * (after a write: the page shows the new state without flashing back to "Loading").
 */
export function useCase(id: number | null): { load: CaseLoad; reload: () => Promise<void> } {
  const [load, setLoad] = useState<CaseLoad>({ state: 'loading' });
  const request = useRef(0);

  const fetchCase = useCallback(
    async (keep: boolean) => {
      const mine = ++request.current;
      if (id === null) {
        setLoad({ state: 'not-found' });
        return;
      }
      if (!keep) setLoad({ state: 'loading' });
      try {
        const view = await loadCase(id);
        if (mine === request.current) setLoad({ state: 'ready', view });
      } catch (error) {
        if (mine !== request.current) return;
        if (isApiError(error) && NOT_FOUND.includes(error.code)) setLoad({ state: 'not-found' });
        else setLoad({ state: 'failed' });
      }
    },
    [id],
  );

  useEffect(() => {
    void fetchCase(false);
    return () => {
      request.current++;
    };
  }, [fetchCase]);

  return { load, reload: useCallback(() => fetchCase(true), [fetchCase]) };
}
