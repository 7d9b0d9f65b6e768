import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../api/errors.ts';
import { Code } from '../../contract/codes.ts';
import type { OrderDetail } from '../../contract/orders/schemas.ts';
import { loadOrder } from './order-api.ts';
import { changesOf } from '../../stores/live-changes.ts';
import { useChanges } from '../../ui/use-changes.ts';

const NOT_FOUND: readonly number[] = [Code.notFound, Code.badRequest, Code.invalid];
/** Statuses after which an order no longer changes. */
const FINAL: readonly OrderDetail['status'][] = ['finished', 'cancelled'];
/**
 * How often an order still moving is asked again besides the live stream's changes (a network
 * that drops server-sent events still sees it move, later).
 */
export const FOLLOW_MS = 60_000;

export type OrderLoad =
  | { state: 'loading' }
  | { state: 'ready'; order: OrderDetail; refreshing: boolean }
  | { state: 'not-found' }
  | { state: 'failed'; message: string };

/**
 * The order of `id` (`customer-order/view`): loading, ready, not found (another customer's id
 * answers 404) or failed with the server's message. `reload()` fetches it again and keeps the
 * shown order until the answer comes; `replace()` shows an order the server sent with a 409.
 * The order is read again when the live stream tells of a change to it, its documents or its
 * excursion cases; one that is not finished or cancelled is also asked again every FOLLOW_MS.
 */
export function useOrder(id: number | null): {
  load: OrderLoad;
  reload: () => Promise<void>;
  replace: (order: OrderDetail) => void;
} {
  const [load, setLoad] = useState<OrderLoad>({ state: 'loading' });
  const request = useRef(0);

  const fetchOrder = useCallback(
    async (keep: boolean) => {
      const mine = ++request.current;
      if (id === null) {
        setLoad({ state: 'not-found' });
        return;
      }
      setLoad((now) => (keep && now.state === 'ready' ? { ...now, refreshing: true } : { state: 'loading' }));
      try {
        const order = await loadOrder(id);
        if (mine === request.current) setLoad({ state: 'ready', order, refreshing: false });
      } catch (error) {
        if (mine !== request.current) return;
        // 404 (none, or another customer's) and an id the server refuses (400/422) read alike.
        if (isApiError(error) && NOT_FOUND.includes(error.code)) setLoad({ state: 'not-found' });
        else setLoad({ state: 'failed', message: error instanceof Error ? error.message : '' });
      }
    },
    [id],
  );

  useEffect(() => {
    void fetchOrder(false);
    return () => {
      request.current++;
    };
  }, [fetchOrder]);

  const reload = useCallback(() => fetchOrder(true), [fetchOrder]);

  // A change told live reads the order again at once (a confirmation, a milestone, a document
  // audited); a failed background read keeps what is shown.
  const follow = useCallback(async () => {
    if (id === null || document.visibilityState !== 'visible') return;
    const mine = ++request.current;
    try {
      const order = await loadOrder(id);
      if (mine === request.current) setLoad({ state: 'ready', order, refreshing: false });
    } catch {
      // the next change or tick tries again; the shown order stays
    }
  }, [id]);
  useChanges(changesOf(['order', 'attachment', 'excursion'], id), () => void follow(), id !== null);
  // An order still moving is also asked again every FOLLOW_MS while the page is seen, and at once
  // when the user comes back to it.
  const moving = load.state === 'ready' && !FINAL.includes(load.order.status);
  useEffect(() => {
    if (!moving || id === null) return;
    const timer = setInterval(() => void follow(), FOLLOW_MS);
    const seen = () => void follow();
    document.addEventListener('visibilitychange', seen);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', seen);
    };
  }, [moving, id, follow]);
  const replace = useCallback((order: OrderDetail) => {
    request.current++;
    setLoad({ state: 'ready', order, refreshing: false });
  }, []);
  return { load, reload, replace };
}
