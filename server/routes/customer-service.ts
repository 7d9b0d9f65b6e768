import { Hono } from 'hono';
import {
  AddCommentRequest,
  AnswerListQuery,
  CHAT_SESSION_HEADER,
  CateListQuery,
  CateQuestionListQuery,
  ChangeQuestionListQuery,
  SearchQuery,
} from '../../src/contract/chat.ts';
import { optionalSession } from '../http/auth.ts';
import type { AppEnv, SessionContext } from '../http/env.ts';
import { parseInput, readJson, readQuery } from '../http/input.ts';
import { answersOf } from '../services/chat-answers.ts';
import { addComment } from '../services/chat-comments.ts';
import {
  activeQuestion,
  categoryQuestions,
  listCategories,
  relatedBatch,
} from '../services/chat-questions.ts';
import { chatSearchOf } from '../services/chat-search-index.ts';
import { requireChatSession } from '../services/chat-sessions.ts';
import { chatCors, chatLimit, limitChat } from './chat-http.ts';
import { ok } from './reply.ts';

/** `customer-service/*`: the online customer-service chat (works without a token, CORS-open). */
export function customerServiceRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use('*', chatCors());

  app.get('/cate-list.html', async (c) => {
    await limitChat(c, 'read');
    parseInput(CateListQuery, readQuery(c));
    return ok(c, await listCategories(c.var.deps.db));
  });

  app.get('/cate-question-list.html', async (c) => {
    await limitChat(c, 'read');
    const q = parseInput(CateQuestionListQuery, readQuery(c));
    return ok(c, await categoryQuestions(c.var.deps.db, q.cate_id, q.page, q.limit));
  });

  app.get('/answer-list.html', async (c) => {
    await limitChat(c, 'read');
    const { q_id } = parseInput(AnswerListQuery, readQuery(c));
    const { db } = c.var.deps;
    await activeQuestion(db, q_id);
    const related = await relatedBatch(db, q_id, 1, 5);
    return ok(c, { list: await answersOf(db, q_id), related: related.list });
  });

  app.get('/change-question-list.html', async (c) => {
    await limitChat(c, 'read');
    const q = parseInput(ChangeQuestionListQuery, readQuery(c));
    return ok(c, await relatedBatch(c.var.deps.db, q.q_id, q.page, q.limit));
  });

  app.get('/search.html', async (c) => {
    await limitChat(c, 'read');
    const q = parseInput(SearchQuery, readQuery(c));
    return ok(c, await chatSearchOf(c.var.deps).search(q.keyword, q.limit));
  });

  app.post('/add-comment.html', chatLimit('comment'), optionalSession(), async (c) => {
    const { db, now } = c.var.deps;
    const input = parseInput(AddCommentRequest, await readJson(c));
    const chatSession = await requireChatSession(db, c.req.header(CHAT_SESSION_HEADER), now());
    const session = c.get('session') as SessionContext | undefined;
    const author = { chatSession, uid: session?.uid ?? null, cuId: session?.cuId ?? null };
    return ok(c, await addComment(db, author, input, now()), 'thank you for your feedback');
  });

  return app;
}
