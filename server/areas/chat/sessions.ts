import { randomBytes } from 'node:crypto';
import { CHAT_SESSION_PATTERN } from '../../../src/contract/chat/schemas.ts';
import type { DB } from '../../db/database.ts';
import { badRequest } from '../../core/errors.ts';

/** A chat session lasts a day: long enough for one conversation, short enough to mean "this visit". */
export const CHAT_SESSION_TTL_MS = 24 * 60 * 60 * 1000;

const wellFormed = (id: string | undefined): id is string =>
  id !== undefined && CHAT_SESSION_PATTERN.test(id);

async function live(db: DB, id: string, now: Date): Promise<boolean> {
  const row = await db
    .selectFrom('chat_sessions')
    .select('id')
    .where('id', '=', id)
    .where('created_at', '>', new Date(now.getTime() - CHAT_SESSION_TTL_MS))
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The chat session of a visitor: the one they sent when it is still live, otherwise a new one
 * (16 random bytes, base64url). Issued by `common/get-qa-config`.
 */
export async function chatSessionFor(
  db: DB,
  sent: string | undefined,
  uid: number | null,
  now: Date,
): Promise<string> {
  if (wellFormed(sent) && (await live(db, sent, now))) return sent;
  await purgeExpired(db, now);
  const id = randomBytes(16).toString('base64url');
  await db.insertInto('chat_sessions').values({ id, uid, created_at: now }).execute();
  return id;
}

/** Expired sessions that never commented are of no use: a few go each time a session is issued. */
async function purgeExpired(db: DB, now: Date): Promise<void> {
  const cutoff = new Date(now.getTime() - CHAT_SESSION_TTL_MS);
  await db
    .deleteFrom('chat_sessions')
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('chat_sessions as s')
        .select('s.id')
        .where('s.created_at', '<=', cutoff)
        .where((w) =>
          w.not(
            w.exists(
              w.selectFrom('chat_comments as c').select('c.id').whereRef('c.chat_session', '=', 's.id'),
            ),
          ),
        )
        .orderBy('s.created_at')
        .limit(20),
    )
    .execute();
}

/** The live chat session a call must carry (400 when it is missing, malformed, unknown or expired). */
export async function requireChatSession(db: DB, sent: string | undefined, now: Date): Promise<string> {
  if (sent === undefined || sent === '') {
    throw badRequest('X-Chat-Session header is required: call common/get-qa-config first');
  }
  if (!wellFormed(sent) || !(await live(db, sent, now))) {
    throw badRequest('Chat session is unknown or expired: call common/get-qa-config again');
  }
  return sent;
}
