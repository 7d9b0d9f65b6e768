import type { KindChannels, NotificationKind } from '../../../src/contract/notifications/schemas.ts';
import type { DB } from '../../db/database.ts';
import { ALL_KINDS, PORTAL_DEFAULTS } from './kinds.ts';

type Channels = Omit<KindChannels, 'kind'>;

/** The customer's defaults per kind: its administrators' choice, else the portal's. */
export async function customerDefaults(db: DB, cuId: number): Promise<Record<NotificationKind, Channels>> {
  const rows = await db.selectFrom('notification_defaults').selectAll().where('cu_id', '=', cuId).execute();
  const out = { ...PORTAL_DEFAULTS };
  for (const r of rows) out[r.kind] = { portal: r.portal, email: r.email, digest: r.digest };
  return out;
}

/** Each kind's channels for a user on a customer: their own choice, else the customer's default. */
export async function userChannels(db: DB, uid: number, cuId: number): Promise<KindChannels[]> {
  const [defaults, own] = await Promise.all([
    customerDefaults(db, cuId),
    db
      .selectFrom('notification_prefs')
      .selectAll()
      .where('uid', '=', uid)
      .where('cu_id', '=', cuId)
      .execute(),
  ]);
  const mine = new Map(own.map((r) => [r.kind, r]));
  return ALL_KINDS.map((kind) => {
    const r = mine.get(kind);
    return { kind, ...(r ? { portal: r.portal, email: r.email, digest: r.digest } : defaults[kind]) };
  });
}

/** The channels of one kind for several users of a customer (the notifier's read). */
export async function channelsFor(
  db: DB,
  cuId: number,
  kind: NotificationKind,
  uids: readonly number[],
): Promise<Map<number, Channels & { address: string | null; lang: string }>> {
  const out = new Map<number, Channels & { address: string | null; lang: string }>();
  if (uids.length === 0) return out;
  const [defaults, own, settings] = await Promise.all([
    customerDefaults(db, cuId),
    db
      .selectFrom('notification_prefs')
      .selectAll()
      .where('cu_id', '=', cuId)
      .where('kind', '=', kind)
      .where('uid', 'in', [...uids])
      .execute(),
    db
      .selectFrom('notification_settings')
      .selectAll()
      .where('uid', 'in', [...uids])
      .execute(),
  ]);
  const mine = new Map(own.map((r) => [r.uid, r]));
  const where = new Map(settings.map((s) => [s.uid, s]));
  for (const uid of uids) {
    const r = mine.get(uid);
    const s = where.get(uid);
    out.set(uid, {
      ...(r ? { portal: r.portal, email: r.email, digest: r.digest } : defaults[kind]),
      address: s?.email || null,
      lang: s?.lang ?? 'zh-CN',
    });
  }
  return out;
}
