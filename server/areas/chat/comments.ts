import type * as v from 'valibot';
import { Code } from '../../../src/contract/codes.ts';
import type { AddCommentRequest } from '../../../src/contract/chat/schemas.ts';
import type { DB } from '../../db/database.ts';
import { ApiError, notFound } from '../../core/errors.ts';

export interface CommentAuthor {
  chatSession: string;
  uid: number | null;
  cuId: number | null;
}

const alreadyRated = () =>
  new ApiError(Code.conflict, 'This answer has already been rated in this chat session');

/** PostgreSQL's unique_violation: a concurrent comment on the same answer won the race. */
const isUniqueViolation = (err: unknown) =>
  typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '23505';

/**
 * Stores a solved/unsolved comment on one or more answers. Each answer can be rated once per
 * chat session: a second comment touching any of them answers 409 and stores nothing.
 */
export async function addComment(
  db: DB,
  author: CommentAuthor,
  input: v.InferOutput<typeof AddCommentRequest>,
  now: Date,
): Promise<{ comment_id: number }> {
  try {
    return await db.transaction().execute(async (trx) => {
      const known = await trx
        .selectFrom('chat_answers')
        .select('a_id')
        .where('a_id', 'in', input.a_id)
        .execute();
      if (known.length !== input.a_id.length) throw notFound('Answer not found');
      const rated = await trx
        .selectFrom('chat_comment_answers')
        .select('a_id')
        .where('chat_session', '=', author.chatSession)
        .where('a_id', 'in', input.a_id)
        .executeTakeFirst();
      if (rated) throw alreadyRated();
      const comment = await trx
        .insertInto('chat_comments')
        .values({
          chat_session: author.chatSession,
          uid: author.uid,
          cu_id: author.cuId,
          comment_type: input.comment_type,
          comment_desc: input.comment_desc,
          comment_tag: JSON.stringify(input.comment_tag),
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('chat_comment_answers')
        .values(
          input.a_id.map((a_id) => ({ chat_session: author.chatSession, a_id, comment_id: comment.id })),
        )
        .execute();
      return { comment_id: comment.id };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw alreadyRated();
    throw err;
  }
}
