import { call } from '../../api/transport.ts';
import { orderOverview } from '../../contract/orders/operations.ts';
import type { Overview } from '../../contract/orders/overview.ts';

/**
 * `GET customer-order/overview`: the home page's counts, actions, cold chain, weeks and stock.
 * `quiet`: no page notice on a failure (a refresh in the background; the overview says it inline).
 */
export const fetchOverview = (signal: AbortSignal, quiet: boolean): Promise<Overview> =>
  call(orderOverview, {}, { signal, quiet });
