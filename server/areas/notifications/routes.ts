import * as ops from '../../../src/contract/notifications/operations.ts';
import {
  type KindChannels,
  type NotificationSettings,
  UnsubscribeQuery,
} from '../../../src/contract/notifications/schemas.ts';
import { forbidden } from '../../core/errors.ts';
import type { DB } from '../../db/database.ts';
import { readQuery, validateInput } from '../../http/input.ts';
import { handle } from '../../http/route.ts';
import { ALL_KINDS } from './kinds.ts';
import { customerDefaults, userChannels } from './channels.ts';
import { inbox, markRead } from './inbox.ts';
import { unsubscribe, unsubscribePage } from './unsubscribe.ts';

async function settingsOf(
  db: DB,
  uid: number,
  cuId: number,
  isAdmin: boolean,
): Promise<NotificationSettings> {
  const [kinds, settings] = await Promise.all([
    userChannels(db, uid, cuId),
    db.selectFrom('notification_settings').selectAll().where('uid', '=', uid).executeTakeFirst(),
  ]);
  return {
    email: settings?.email ?? '',
    lang: settings?.lang === 'en' ? 'en' : 'zh-CN',
    kinds,
    can_set_defaults: isAdmin,
  };
}

const defaultsOf = async (db: DB, cuId: number) => {
  const defaults = await customerDefaults(db, cuId);
  return { kinds: ALL_KINDS.map((kind): KindChannels => ({ kind, ...defaults[kind] })) };
};

const NOT_ADMIN = 'Only an administrator of this customer account may set its notification defaults';

/** The notification centre and the preferences (per user and the session's customer). */
export const routes = [
  handle(ops.notificationList, ({ input, session, deps }) =>
    inbox(deps.db, { uid: session.uid, cuId: session.cuId ?? 0 }, input),
  ),
  handle(ops.notificationRead, async ({ input, session, deps, now }) => {
    await markRead(deps.db, { uid: session.uid, cuId: session.cuId ?? 0 }, input.ids, now);
    return null;
  }),
  handle(ops.notificationSettings, ({ session, deps }) =>
    settingsOf(deps.db, session.uid, session.cuId ?? 0, session.isAdmin),
  ),
  handle(ops.notificationSettingsSave, async ({ input, session, deps, now }) => {
    const cuId = session.cuId ?? 0;
    await deps.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('notification_settings')
        .values({ uid: session.uid, email: input.email || null, lang: input.lang, updated_at: now })
        .onConflict((oc) =>
          oc.column('uid').doUpdateSet({ email: input.email || null, lang: input.lang, updated_at: now }),
        )
        .execute();
      for (const k of input.kinds)
        await trx
          .insertInto('notification_prefs')
          .values({
            uid: session.uid,
            cu_id: cuId,
            kind: k.kind,
            portal: k.portal,
            email: k.email,
            digest: k.digest,
          })
          .onConflict((oc) =>
            oc
              .columns(['uid', 'cu_id', 'kind'])
              .doUpdateSet({ portal: k.portal, email: k.email, digest: k.digest }),
          )
          .execute();
    });
    return settingsOf(deps.db, session.uid, cuId, session.isAdmin);
  }),
  handle(ops.notificationDefaults, async ({ session, deps }) => {
    if (!session.isAdmin) throw forbidden(NOT_ADMIN);
    return defaultsOf(deps.db, session.cuId ?? 0);
  }),
  handle(ops.notificationDefaultsSave, async ({ input, session, deps }) => {
    if (!session.isAdmin || session.cuId === null) throw forbidden(NOT_ADMIN);
    const cuId = session.cuId;
    await deps.db.transaction().execute(async (trx) => {
      for (const k of input.kinds)
        await trx
          .insertInto('notification_defaults')
          .values({ cu_id: cuId, kind: k.kind, portal: k.portal, email: k.email, digest: k.digest })
          .onConflict((oc) =>
            oc.columns(['cu_id', 'kind']).doUpdateSet({ portal: k.portal, email: k.email, digest: k.digest }),
          )
          .execute();
    });
    return defaultsOf(deps.db, cuId);
  }),
  // a mail's unsubscribe link, public: the link is its own permission (unsubscribe.ts)
  handle(ops.notificationUnsubscribe, ({ input, deps, lang, now }) =>
    unsubscribePage(deps, input, lang, now),
  ),
  handle(ops.notificationUnsubscribeConfirm, ({ c, deps, lang, now }) =>
    // the link's query, as the GET checks it (the body only says One-Click)
    unsubscribe(deps, validateInput(UnsubscribeQuery, readQuery(c), lang), lang, now),
  ),
];
