import { isApiError } from '../../api/errors.ts';
import {
  CHAT_PAGE_SIZE,
  type ChatQuestionRef,
  COMMENT_DESC_MAX,
  CommentType,
  KEYWORD_MAX,
} from '../../contract/chat/schemas.ts';
import { Code } from '../../contract/codes.ts';
import { t } from '../../i18n/translate.ts';
import { chatApi } from './chat-api.ts';
import type { QuestionList, Verdict } from './chat-messages.ts';
import { $chat, append, find, patch, update } from './chat-store.ts';
import '../../i18n/areas/chat.ts';

/** The conversation's actions (spec §4): the panel calls these and renders `$chat`. */

/** Top categories shown under the welcome (spec §9). */
export const TOP_CATEGORIES = 5;

async function run(task: () => Promise<void>, retry?: 'start'): Promise<void> {
  update(() => ({ busy: true }));
  try {
    await task();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    append(
      retry
        ? { kind: 'error', text: t('chat.error', { message }), retry }
        : { kind: 'error', text: t('chat.error', { message }) },
    );
  } finally {
    update(() => ({ busy: false }));
  }
}

/** The visitor's chat session (the page's one, asked for once): the help centre comments through it too. */
export async function ensureSession(): Promise<string> {
  const { session } = $chat.get();
  if (session) return session;
  const config = await chatApi.config('');
  update(() => ({ session: config.session, phone: config.phone }));
  return config.session;
}

/** Opens the conversation: welcome, hot questions and the top categories (once per tab). */
export function startChat(): Promise<void> {
  if ($chat.get().messages.some((m) => m.kind === 'welcome')) return Promise.resolve();
  return run(async () => {
    const config = await chatApi.config($chat.get().session);
    update(() => ({ session: config.session, phone: config.phone }));
    const categories = await chatApi.categories(config.session);
    append({
      kind: 'welcome',
      text: config.welcome,
      hot: config.hot,
      categories: categories.slice(0, TOP_CATEGORIES),
    });
  }, 'start');
}

const hasMore = (q: QuestionList): boolean => q.total > q.list.length || q.list.length >= CHAT_PAGE_SIZE;
/** True when "change a batch" can bring other questions. */
export const canChangeBatch = (q: QuestionList): boolean => q.source.kind !== 'fixed' && hasMore(q);

async function answer(qId: number, session: string): Promise<void> {
  const { list, related } = await chatApi.answers(session, qId);
  if (list.length === 0) {
    append({ kind: 'not-found', phone: $chat.get().phone });
    return;
  }
  append({
    kind: 'answer',
    qId,
    answers: list,
    related: { source: { kind: 'related', qId }, page: 1, total: related.length, list: related },
    verdict: null,
  });
}

/** The user picked a question (hot, category, related or similar). */
export function pickQuestion(question: ChatQuestionRef): Promise<void> {
  append({ kind: 'user', text: question.q_name });
  return run(async () => answer(question.q_id, await ensureSession()));
}

/** The user picked a category: its first page of questions, or "no questions yet". */
export function pickCategory(category: { qc_id: number; qc_name: string }): Promise<void> {
  append({ kind: 'user', text: category.qc_name });
  return run(async () => {
    const page = await chatApi.categoryQuestions(await ensureSession(), category.qc_id, 1);
    if (page.list.length === 0) {
      append({ kind: 'empty' });
      return;
    }
    append({
      kind: 'questions',
      title: t('chat.categoryQuestions', { name: category.qc_name }),
      questions: { source: { kind: 'category', cateId: category.qc_id }, ...page },
    });
  });
}

/** The user typed a question: the best match is answered, the other matches are offered. */
export function ask(text: string): Promise<void> {
  const keyword = text.trim().slice(0, KEYWORD_MAX);
  if (!keyword) return Promise.resolve();
  append({ kind: 'user', text: keyword });
  update(() => ({ draft: '' }));
  return run(async () => {
    const session = await ensureSession();
    const found = await chatApi.search(session, keyword);
    const [best, ...others] = found;
    if (!best) {
      append({ kind: 'not-found', phone: $chat.get().phone });
      return;
    }
    await answer(best.q_id, session);
    if (others.length > 0)
      append({
        kind: 'questions',
        title: t('chat.similar'),
        questions: {
          source: { kind: 'fixed' },
          page: 1,
          total: others.length,
          list: others.slice(0, CHAT_PAGE_SIZE),
        },
      });
  });
}

export function setDraft(draft: string): void {
  update(() => ({ draft: draft.slice(0, KEYWORD_MAX) }));
}

/** "Change a batch" on a category list or on an answer's related questions (wraps around). */
export function changeBatch(messageId: number): Promise<void> {
  return run(async () => {
    const session = await ensureSession();
    const message = $chat.get().messages.find((m) => m.id === messageId);
    const current =
      message?.kind === 'questions' ? message.questions : message?.kind === 'answer' ? message.related : null;
    if (!message || !current || current.source.kind === 'fixed') return;
    const next =
      current.source.kind === 'category'
        ? await chatApi.categoryQuestions(session, current.source.cateId, current.page + 1)
        : await chatApi.relatedBatch(session, current.source.qId, current.page + 1);
    const questions: QuestionList = { source: current.source, ...next };
    if (message.kind === 'questions') patch(messageId, 'questions', () => ({ questions }));
    else patch(messageId, 'answer', () => ({ related: questions }));
  });
}

function commentFailed(error: unknown, answerMessage: number): void {
  if (isApiError(error) && error.code === Code.conflict) {
    append({ kind: 'thanks', text: t('chat.alreadyCommented') });
    return;
  }
  patch(answerMessage, 'answer', () => ({ verdict: null }));
  throw error;
}

/** Solved or unsolved, once per answer: solved is sent at once, unsolved opens the feedback form. */
export function judge(answerMessage: number, verdict: Verdict): Promise<void> {
  const message = find(answerMessage, 'answer');
  if (!message || message.verdict) return Promise.resolve();
  patch(answerMessage, 'answer', () => ({ verdict }));
  const aIds = message.answers.map((a) => a.a_id);
  if (verdict === 'unsolved') {
    append({ kind: 'feedback', answerMessage, aIds, tags: [], desc: '', sent: false });
    return Promise.resolve();
  }
  return run(async () => {
    try {
      await chatApi.comment(await ensureSession(), aIds, CommentType.solved);
      append({ kind: 'thanks', text: t('chat.thanks') });
    } catch (error) {
      commentFailed(error, answerMessage);
    }
  });
}

export function toggleReason(feedback: number, reason: number): void {
  patch(feedback, 'feedback', (f) => ({
    tags: f.tags.includes(reason) ? f.tags.filter((r) => r !== reason) : [...f.tags, reason].sort(),
  }));
}

export function setDescription(feedback: number, desc: string): void {
  patch(feedback, 'feedback', () => ({ desc: desc.slice(0, COMMENT_DESC_MAX) }));
}

/** Sends the unsolved feedback (once). */
export function submitFeedback(feedback: number): Promise<void> {
  const form = find(feedback, 'feedback');
  if (!form || form.sent) return Promise.resolve();
  patch(feedback, 'feedback', () => ({ sent: true }));
  return run(async () => {
    try {
      await chatApi.comment(
        await ensureSession(),
        form.aIds,
        CommentType.unsolved,
        form.tags,
        form.desc.trim(),
      );
      append({ kind: 'thanks', text: t('chat.thanks') });
    } catch (error) {
      if (isApiError(error) && error.code === Code.conflict) {
        append({ kind: 'thanks', text: t('chat.alreadyCommented') });
        return;
      }
      patch(feedback, 'feedback', () => ({ sent: false }));
      throw error;
    }
  });
}
