import { useCallback, useEffect, useState } from 'react';
import { isApiError } from '../../api/errors.ts';
import type { EditorMode, EditorStart, EditorStartQuery } from '../../contract/order-editor/schemas.ts';
import { loadStart } from './editor-api.ts';

export type StartState =
  | { state: 'loading' }
  | { state: 'failed'; code: number }
  | { state: 'ready'; start: EditorStart };

/** What the route asks for: a new order, an order to edit or copy, or a draft of the draft box. */
export interface EditorTarget {
  mode: EditorMode;
  orderId: number | null;
  draftId: number | null;
}

export function startQuery(target: EditorTarget): EditorStartQuery {
  if (target.draftId !== null) return { draft_id: target.draftId };
  if (target.orderId !== null && target.mode !== 'new') return { id: target.orderId, mode: target.mode };
  return {};
}

/** The form's start (`GET customer-order/create`) for the target, with a retry. */
export function useEditorStart(target: EditorTarget): { load: StartState; retry: () => void } {
  const [load, setLoad] = useState<StartState>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const { mode, orderId, draftId } = target;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` asks for the same start again
  useEffect(() => {
    const abort = new AbortController();
    setLoad({ state: 'loading' });
    loadStart(startQuery({ mode, orderId, draftId }), abort.signal).then(
      (start) => setLoad({ state: 'ready', start }),
      (error: unknown) => {
        if (!abort.signal.aborted) setLoad({ state: 'failed', code: isApiError(error) ? error.code : 0 });
      },
    );
    return () => abort.abort();
  }, [mode, orderId, draftId, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { load, retry };
}
