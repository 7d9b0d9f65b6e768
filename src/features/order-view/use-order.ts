import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../api/errors.ts';
import { Code } from '../../contract/codes.ts';
import type { OrderDetail } from '../../contract/orders/schemas.ts';
import { loadOrder } from './order-api.ts';

const NOT_FOUND: readonly number[] = [Code.notFound, Code.badRequest, Code.invalid];

export type OrderLoad =
  | { state: 'loading' }
  | { state: 'ready'; order: OrderDetail; refreshing: boolean }
  | { state: 'not-found' }
  | { state: 'failed'; message: string };

/**
 * The order of `id` (`customer-order/view`): loading, ready, not found (another customer's id
 * answers 404) or failed with the server's message. `reload()` fetches it again and keeps the
 * shown order until the answer comes; `replace()` shows an order the server sent with a 409.
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
  const replace = useCallback((order: OrderDetail) => {
    request.current++;
    setLoad({ state: 'ready', order, refreshing: false });
  }, []);
  return { load, reload, replace };
}
