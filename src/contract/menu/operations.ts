import { NoInput } from '../fields.ts';
import { operation } from '../operation.ts';
import { RouteListSchema } from './schemas.ts';

/** The menu of spec §2: the server's route tree, turned into the portal's routes. */
export const getRoutes = operation({
  area: 'menu',
  method: 'GET',
  path: 'common/get-route',
  summary: 'The menu tree of the user’s group',
  auth: 'account',
  input: NoInput,
  output: RouteListSchema,
});
