import { CHAT_SESSION_HEADER } from '../../../src/contract/chat/schemas.ts';
import * as ops from '../../../src/contract/chat/operations.ts';
import { requestHeader } from '../../http/request-header.ts';
import { handle, reply, type Call } from '../../http/route.ts';
import { answersOf } from './answers.ts';
import { addComment } from './comments.ts';
import { qaSettings } from './config.ts';
import { categoryQuestions, listCategories, questionIn, relatedBatch } from './questions.ts';
import { chatSearchOf } from './search-index.ts';
import { chatSessionFor, requireChatSession } from './sessions.ts';

/** `common/get-qa-config` (GET, and POST as the spec's client sends it) and `customer-service/*`. */
async function qaConfig({ session, deps: { db, config }, now, lang, c }: Call<typeof ops.qaConfig>) {
  const chat = await chatSessionFor(
    db,
    requestHeader(c, CHAT_SESSION_HEADER.toLowerCase()),
    session?.uid ?? null,
    now,
  );
  return { ...(await qaSettings(db, config, lang)), session: chat };
}

export const routes = [
  handle(ops.qaConfig, qaConfig),
  handle(ops.qaConfigPost, qaConfig),

  handle(ops.categories, ({ deps, lang }) => listCategories(deps.db, lang)),

  handle(ops.categoryQuestions, ({ input, deps, lang }) =>
    categoryQuestions(deps.db, input.cate_id, input.page, input.limit, lang),
  ),

  handle(ops.answers, async ({ input, deps: { db }, lang }) => {
    const question = await questionIn(db, input.q_id, lang);
    const related = await relatedBatch(db, input.q_id, 1, 5, lang);
    return { list: await answersOf(db, input.q_id, lang), related: related.list, question };
  }),

  handle(ops.relatedBatch, ({ input, deps, lang }) =>
    relatedBatch(deps.db, input.q_id, input.page, input.limit, lang),
  ),

  handle(ops.search, ({ input, deps, lang }) => chatSearchOf(deps).search(input.keyword, input.limit, lang)),

  handle(ops.addComment, async ({ input, session, deps: { db }, now, c }) => {
    const chatSession = await requireChatSession(
      db,
      requestHeader(c, CHAT_SESSION_HEADER.toLowerCase()),
      now,
    );
    const author = { chatSession, uid: session?.uid ?? null, cuId: session?.cuId ?? null };
    return reply(await addComment(db, author, input, now), 'Thank you for your feedback');
  }),
];
