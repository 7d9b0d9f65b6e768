import { call } from '../../api/transport.ts';
import { type Overview, orderOverview } from '../../contract/orders/overview.ts';

/**
 * `GET customer-order/overview`: the home page's counts, actions, cold chain, weeks and stock.
 * `quiet`: no page notice on a failure (a refresh in the background; the overview says it inline).
 */
export const fetchOverview = (signal: AbortSignal, quiet: boolean): Promise<Overview> =>
  call(orderOverview, {}, { signal, quiet });
