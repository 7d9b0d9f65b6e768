import * as ops from '../../../src/contract/menu/operations.ts';
import { say } from '../../core/errors.ts';
import { apiAnswer } from '../../http/answer.ts';
import { handle } from '../../http/route.ts';
import { menuJsonForGroup } from './menu.ts';

/** `common/get-route`: the menu tree of the user's group. */
export const routes = [
  handle(ops.getRoutes, async ({ session, deps, now, lang }) => {
    // The group's tree is serialized once per cache entry, not per call: see menu.ts.
    const data = await menuJsonForGroup(deps.db, session.sgId, now.getTime());
    const message = JSON.stringify(say('ok', lang));
    return apiAnswer(deps.config, `{"code":0,"message":${message},"data":${data}}`, {
      'content-type': 'application/json',
    });
  }),
];
