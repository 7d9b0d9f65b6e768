import { type CallOptions, call } from '../../api/transport.ts';
import * as ops from '../../contract/chat/operations.ts';
import { CHAT_PAGE_SIZE, CHAT_SESSION_HEADER } from '../../contract/chat/schemas.ts';

/**
 * The chat's calls (docs/api.md "Customer-service chat") through the one transport: the page's
 * API base and token, the chat session header, and every call `quiet`: a failure is said inside
 * the conversation, never as a page toast (a partner page has no notices element).
 */
const tracking = () => ({ action_id: 0, action_page: (globalThis.location?.pathname ?? '/').slice(0, 512) });

const options = (session: string): CallOptions => ({
  quiet: true,
  headers: session ? { [CHAT_SESSION_HEADER]: session } : {},
});

export const chatApi = {
  config: (session: string) => call(ops.qaConfig, tracking(), options(session)),
  categories: (session: string) => call(ops.categories, tracking(), options(session)),
  categoryQuestions: (session: string, cateId: number, page: number, limit = CHAT_PAGE_SIZE) =>
    call(
      ops.categoryQuestions,
      { ...tracking(), cate_id: cateId, page, limit, app_source: 2 },
      options(session),
    ),
  answers: (session: string, qId: number) =>
    call(ops.answers, { ...tracking(), q_id: qId, app_source: 2 }, options(session)),
  relatedBatch: (session: string, qId: number, page: number) =>
    call(ops.relatedBatch, { ...tracking(), q_id: qId, page, limit: CHAT_PAGE_SIZE }, options(session)),
  search: (session: string, keyword: string) =>
    call(ops.search, { ...tracking(), keyword }, options(session)),
  comment: (session: string, aIds: number[], type: 1 | 2, tags: number[] = [], desc = '') =>
    call(
      ops.addComment,
      { ...tracking(), a_id: aIds, comment_type: type, comment_desc: desc, comment_tag: tags },
      options(session),
    ),
};
