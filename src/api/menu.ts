import type { RouteRecord } from '../contract/menu.ts';
import { get } from './client.ts';

/** `GET common/get-route`: the menu tree of the user's group. */
export const getRoutes = (): Promise<RouteRecord[]> => get<RouteRecord[]>('common/get-route');
