import { atom, type ReadableAtom } from 'nanostores';
import { isApiError } from '../../api/errors.ts';
import type {
  AnswerList,
  ChatCategory,
  ChatQuestionPage,
  ChatQuestionRef,
} from '../../contract/chat/schemas.ts';
import { CHAT_PAGE_MAX, CommentType, KEYWORD_MAX } from '../../contract/chat/schemas.ts';
import { Code } from '../../contract/codes.ts';
import { $locale } from '../../i18n/locale.ts';
import { local, readJson, writeJson } from '../../stores/storage.ts';
import { ensureSession } from '../chat/chat-actions.ts';
import { chatApi } from '../chat/chat-api.ts';
import type { HelpPlace } from './help-address.ts';

/** How long typing must pause before the search is sent. */
export const SEARCH_DEBOUNCE_MS = 300;
/** localStorage key of the answers this browser rated (a_id → verdict): the thanks survive a reload. */
export const RATED_KEY = 'lp-help-rated-v1';

export type Loadable<T> =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'loaded'; data: T }
  | { status: 'failed'; error: string };

/** yes/no: rated here; already: rated before (another tab, the chat); failed: not sent, may be retried. */
export type Verdict = 'sending' | 'yes' | 'no' | 'already' | { failed: string };

export interface HelpState {
  place: HelpPlace;
  categories: Loadable<ChatCategory[]>;
  /** The questions of the topic shown (or of the answer's topic). */
  questions: Loadable<ChatQuestionPage> & { qcId?: number };
  answer: Loadable<AnswerList> & { qId?: number };
  /** What the user typed in the search box. */
  keyword: string;
  /** The last search sent: its keyword and its matches. */
  search: Loadable<ChatQuestionRef[]> & { keyword?: string };
  /** Verdicts by answer id. */
  verdicts: Readonly<Record<number, Verdict>>;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export interface HelpCenter {
  readonly $state: ReadableAtom<HelpState>;
  /** Shows a place (the address's, or the user's choice) and loads what it needs. */
  go(place: HelpPlace): void;
  /** Loads the topics again (after a failure or a language switch). */
  loadCategories(): Promise<void>;
  /** The user typed in the search box: the search runs once typing pauses. */
  type(keyword: string): void;
  /** Sends the search now (Enter). */
  searchNow(): Promise<void>;
  clearSearch(): void;
  /** "Was this helpful": once per answer; a second verdict is not sent. */
  rate(aIds: number[], helpful: boolean): Promise<void>;
  /** Stops timers and listeners. */
  dispose(): void;
}

export function createHelpCenter(): HelpCenter {
  const $state = atom<HelpState>({
    place: { kind: 'home' },
    categories: { status: 'idle' },
    questions: { status: 'idle' },
    answer: { status: 'idle' },
    keyword: '',
    search: { status: 'idle' },
    verdicts: readJson<Record<number, Verdict>>(local, RATED_KEY, {}),
  });
  const set = (change: Partial<HelpState>) => $state.set({ ...$state.get(), ...change });
  let timer: ReturnType<typeof setTimeout> | undefined;

  async function loadCategories(): Promise<void> {
    set({ categories: { status: 'loading' } });
    try {
      set({ categories: { status: 'loaded', data: await chatApi.categories('') } });
    } catch (error) {
      set({ categories: { status: 'failed', error: messageOf(error) } });
    }
  }

  async function loadQuestions(qcId: number): Promise<void> {
    const current = $state.get().questions;
    if (current.qcId === qcId && current.status === 'loaded') return;
    set({ questions: { status: 'loading', qcId } });
    try {
      const page = await chatApi.categoryQuestions('', qcId, 1, CHAT_PAGE_MAX);
      if ($state.get().questions.qcId === qcId) set({ questions: { status: 'loaded', data: page, qcId } });
    } catch (error) {
      if ($state.get().questions.qcId === qcId)
        set({ questions: { status: 'failed', error: messageOf(error), qcId } });
    }
  }

  async function loadAnswer(qId: number): Promise<void> {
    set({ answer: { status: 'loading', qId } });
    try {
      const data = await chatApi.answers('', qId);
      if ($state.get().answer.qId !== qId) return;
      set({ answer: { status: 'loaded', data, qId } });
      void loadQuestions(data.question.qc_id);
    } catch (error) {
      if ($state.get().answer.qId === qId)
        set({ answer: { status: 'failed', error: messageOf(error), qId } });
    }
  }

  function go(place: HelpPlace): void {
    set({ place });
    if (place.kind === 'category') void loadQuestions(place.qcId);
    if (place.kind === 'answer') {
      const answer = $state.get().answer;
      if (answer.qId !== place.qId || answer.status === 'failed') void loadAnswer(place.qId);
    }
  }

  async function runSearch(keyword: string): Promise<void> {
    if (keyword === '') {
      set({ search: { status: 'idle' } });
      return;
    }
    set({ search: { status: 'loading', keyword } });
    try {
      const found = await chatApi.search('', keyword);
      if ($state.get().search.keyword === keyword)
        set({ search: { status: 'loaded', data: found, keyword } });
    } catch (error) {
      if ($state.get().search.keyword === keyword)
        set({ search: { status: 'failed', error: messageOf(error), keyword } });
    }
  }

  const typed = () => $state.get().keyword.trim().slice(0, KEYWORD_MAX);

  function type(keyword: string): void {
    set({ keyword: keyword.slice(0, KEYWORD_MAX) });
    clearTimeout(timer);
    if (typed() === '') {
      set({ search: { status: 'idle' } });
      return;
    }
    timer = setTimeout(() => void runSearch(typed()), SEARCH_DEBOUNCE_MS);
  }

  function searchNow(): Promise<void> {
    clearTimeout(timer);
    return runSearch(typed());
  }

  function clearSearch(): void {
    clearTimeout(timer);
    set({ keyword: '', search: { status: 'idle' } });
  }

  function verdictOf(aIds: number[], verdict: Verdict): void {
    const verdicts = { ...$state.get().verdicts };
    for (const a of aIds) verdicts[a] = verdict;
    set({ verdicts });
    const kept = Object.fromEntries(
      Object.entries(verdicts).filter(([, v]) => v === 'yes' || v === 'no' || v === 'already'),
    );
    writeJson(local, RATED_KEY, kept);
  }

  async function rate(aIds: number[], helpful: boolean): Promise<void> {
    const now = aIds.map((a) => $state.get().verdicts[a]);
    if (aIds.length === 0 || now.some((v) => v !== undefined && typeof v !== 'object')) return;
    verdictOf(aIds, 'sending');
    try {
      await chatApi.comment(await ensureSession(), aIds, helpful ? CommentType.solved : CommentType.unsolved);
      verdictOf(aIds, helpful ? 'yes' : 'no');
    } catch (error) {
      if (isApiError(error) && error.code === Code.conflict) verdictOf(aIds, 'already');
      else verdictOf(aIds, { failed: messageOf(error) });
    }
  }

  // The knowledge base answers in the page's language: a switch loads what is shown again.
  const unlisten = $locale.listen(() => {
    const { place, categories } = $state.get();
    if (categories.status !== 'idle') void loadCategories();
    set({ questions: { status: 'idle' }, answer: { status: 'idle' }, search: { status: 'idle' } });
    go(place);
    if (typed() !== '') void runSearch(typed());
  });

  return {
    $state,
    go,
    loadCategories,
    type,
    searchNow,
    clearSearch,
    rate,
    dispose() {
      clearTimeout(timer);
      unlisten();
    },
  };
}
