import * as ops from '../../../src/contract/links/operations.ts';
import { notFound } from '../../core/errors.ts';
import { handle } from '../../http/route.ts';
import { issueOneTimeCode, ONE_TIME_TTL_MS } from '../accounts/one-time-codes.ts';
import { linkWithCode } from './linked-systems.ts';

/**
 * The link-opening helper (spec §7): the configured other systems, and the address that opens one
 * signed in. The address carries a one-time code (60 s, one use), never the session's token: the
 * other system redeems the code server to server (`integration/redeem-link`).
 */
export const routes = [
  handle(ops.linkedSystems, ({ deps, lang }) => ({
    list: deps.config.linkedSystems.map((s) => ({ key: s.key, name: lang === 'en' ? s.name_en : s.name })),
  })),
  handle(ops.openLink, async ({ input, session, deps, now }) => {
    const system = deps.config.linkedSystems.find((s) => s.key === input.system);
    if (!system) throw notFound('No such linked system');
    const issued = await issueOneTimeCode(
      deps.db,
      { username: session.username, identifier: session.customer?.identifier, kind: 'link' },
      now,
    );
    // The session's own user and customer: issuing cannot fail short of the user being deleted now.
    if (!issued.ok) throw notFound('No such user');
    return { url: linkWithCode(system, issued.code), expires_in: ONE_TIME_TTL_MS / 1000 };
  }),
];
