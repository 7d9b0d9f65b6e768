import * as ops from '../contract/menu/operations.ts';
import type { RouteRecord } from '../contract/menu/schemas.ts';
import { type CallOptions, call } from './transport.ts';

/** `GET common/get-route`: the menu tree of the user's group. */
export const getRoutes = (options?: CallOptions): Promise<RouteRecord[]> => call(ops.getRoutes, {}, options);
