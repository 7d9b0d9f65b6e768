import { apiBase, apiFetch } from '../../api/config.ts';
import { ApiError, TransportCode } from '../../api/errors.ts';
import {
  type AddCommentResponse,
  type AnswerList,
  CHAT_PAGE_SIZE,
  CHAT_SESSION_HEADER,
  type ChatCategory,
  type ChatQuestionPage,
  type ChatQuestionRef,
  type QaConfig,
} from '../../contract/chat.ts';
import { t } from '../../i18n/index.ts';
import { $token } from '../../stores/auth.ts';

/**
 * The chat's calls (contract.md "Customer service (chat)"). They go through the page's API base
 * and fetch (`setApiBase`, the element's `api-base`) and send the portal token when the page has
 * one, like the shared client; they add the chat session header, which the shared client has no
 * option for, and leave failures to the conversation (shown inline, not as page toasts: a partner
 * page has no notices element).
 */
type Query = Record<string, string | number>;

/** Spec §7: every call gives up after 50 s (the shared client's value; its module carries ky). */
const REQUEST_TIMEOUT_MS = 50_000;

const tracking = (): Query => ({
  action_id: 0,
  action_page: (globalThis.location?.pathname ?? '/').slice(0, 512),
});

async function request<T>(
  method: 'GET' | 'POST',
  path: string,
  session: string,
  query: Query = {},
  body?: unknown,
): Promise<T> {
  const url = new URL(`${apiBase()}/${path}.html`, globalThis.location?.href);
  const params = method === 'GET' ? { ...tracking(), ...query } : query;
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, String(value));
  const headers = new Headers({ Accept: 'application/json' });
  const token = $token.get();
  if (token) headers.set('X-Token', token);
  if (session) headers.set(CHAT_SESSION_HEADER, session);
  const init: RequestInit = { method, headers, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) };
  if (body !== undefined) {
    headers.set('Content-Type', 'application/json');
    init.body = JSON.stringify({ ...tracking(), ...(body as object) });
  }
  let response: Response;
  try {
    response = await apiFetch(url, init);
  } catch (error) {
    const timeout = error instanceof Error && error.name === 'TimeoutError';
    throw new ApiError(timeout ? TransportCode.timeout : TransportCode.network, t('api.network'));
  }
  let envelope: { code?: unknown; message?: unknown; data?: unknown };
  try {
    envelope = (await response.json()) as typeof envelope;
  } catch {
    throw new ApiError(response.status >= 400 ? response.status : 500, t('api.badResponse'));
  }
  if (envelope.code === 0) return envelope.data as T;
  const code = typeof envelope.code === 'number' ? envelope.code : 500;
  const message =
    typeof envelope.message === 'string' && envelope.message ? envelope.message : t('api.unknownError');
  throw new ApiError(code, message, envelope.data ?? null);
}

export const chatApi = {
  config: (session: string) => request<QaConfig>('GET', 'common/get-qa-config', session),
  categories: (session: string) => request<ChatCategory[]>('GET', 'customer-service/cate-list', session),
  categoryQuestions: (session: string, cateId: number, page: number) =>
    request<ChatQuestionPage>('GET', 'customer-service/cate-question-list', session, {
      cate_id: cateId,
      page,
      limit: CHAT_PAGE_SIZE,
      app_source: 2,
    }),
  answers: (session: string, qId: number) =>
    request<AnswerList>('GET', 'customer-service/answer-list', session, { q_id: qId, app_source: 2 }),
  relatedBatch: (session: string, qId: number, page: number) =>
    request<ChatQuestionPage>('GET', 'customer-service/change-question-list', session, {
      q_id: qId,
      page,
      limit: CHAT_PAGE_SIZE,
    }),
  search: (session: string, keyword: string) =>
    request<ChatQuestionRef[]>('GET', 'customer-service/search', session, { keyword }),
  comment: (session: string, aIds: number[], type: 1 | 2, tags: number[] = [], desc = '') =>
    request<AddCommentResponse>(
      'POST',
      'customer-service/add-comment',
      session,
      {},
      {
        a_id: aIds,
        comment_type: type,
        comment_desc: desc,
        comment_tag: tags,
      },
    ),
};
