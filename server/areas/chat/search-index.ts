import { setImmediate as nextTurn } from 'node:timers/promises';
import { CHAT_PAGE_MAX, type ChatQuestionRef } from '../../../src/contract/chat/schemas.ts';
import type { Lang } from '../../../src/contract/messages.ts';
import type { AppDeps } from '../../http/env.ts';
import {
  buildSearchIndex,
  loadSearchableQuestions,
  normalizeKeyword,
  rankQuestions,
  type SearchableQuestion,
  type SearchIndex,
} from './search.ts';
import { LruCache } from './search-cache.ts';
import { ConcurrencyGate } from './search-gate.ts';

/**
 * The chat search off the database: `customer-service/search` needs no login, so it must not be
 * able to keep the database (PGlite runs in the server's own thread) busy for signed-in users.
 *
 * - Index: the active questions are loaded with one plain select and kept in memory; a search
 *   scores them there (rankQuestions, microseconds). The index is loaded at the first search (or
 *   by warm()) and loaded again when it is older than `maxAgeMs` or when this process announced a
 *   change (chatKnowledgeChanged). The load is shared: searches arriving meanwhile wait for it.
 * - Cache: answers by normalized keyword (so `ＤＴＰ是什么？` and `dtp是什么` are one entry), a
 *   bounded LRU whose entries live `maxAgeMs` at most; each index has its own, so a new index
 *   starts with an empty one.
 * - Gate: at most `permits` searches run at once and `queue` more wait; past that the answer is
 *   429 at once. A search holding a permit first lets the event loop turn once (setImmediate), so
 *   a flood of searches queues here, in the gate, and not in front of other requests: the server
 *   answers at most `permits` searches per turn of its loop, and a signed-in call that arrives
 *   meanwhile waits for those few, not for the whole flood.
 *
 * Staleness bound: nothing here is needed for correctness across processes. A change written in
 * this process by a writer that calls chatKnowledgeChanged() is seen by the next search; a change
 * made elsewhere (another server process, plain SQL, a migration) is seen within `maxAgeMs`
 * (30 s by default) plus the time one load takes.
 */

export interface ChatSearchOptions {
  /** Loads the active questions (the database, in the app). */
  load: () => Promise<SearchableQuestion[]>;
  /** Clock in milliseconds. */
  now: () => number;
  /** Age after which the index and the cached answers are loaded again (default 30 s). */
  maxAgeMs?: number;
  /** Distinct normalized keywords whose answers are kept (default 500). */
  cacheEntries?: number;
  /** Searches running at once (default 4). */
  permits?: number;
  /** Searches waiting for a permit before the next one gets 429 (default 64). */
  queue?: number;
}

export const CHAT_SEARCH_DEFAULTS = { maxAgeMs: 30_000, cacheEntries: 500, permits: 4, queue: 64 } as const;

/**
 * Bumped by every writer of chat questions in this process; indexes built before the bump are
 * loaded again at their next search.
 */
let knowledgeVersion = 0;

/**
 * Announces that the chat knowledge base (categories, questions, their keywords or state) was
 * changed by this process: every chat search of the process loads its index again before it
 * answers next. Writers of chat content call it after their write is committed.
 */
export function chatKnowledgeChanged(): void {
  knowledgeVersion += 1;
}

interface Index {
  search: SearchIndex;
  /** Answers computed from this index, by language and normalized keyword. */
  answers: LruCache<ChatQuestionRef[]>;
  /** When the load started (the data is at least this fresh). */
  loadedAt: number;
  version: number;
}

export interface ChatSearchStats {
  /** Answers served from the cache. */
  hits: number;
  /** Answers computed from the index. */
  misses: number;
  /** Loads of the index (the first one included). */
  loads: number;
  /** Searches refused with 429 by the gate. */
  refused: number;
}

export class ChatSearch {
  private readonly maxAgeMs: number;
  private readonly cacheEntries: number;
  private readonly gate: ConcurrencyGate;
  private index: Index | null = null;
  private loading: { version: number; promise: Promise<Index> } | null = null;
  private readonly counts = { hits: 0, misses: 0, loads: 0 };

  constructor(private readonly options: ChatSearchOptions) {
    this.maxAgeMs = options.maxAgeMs ?? CHAT_SEARCH_DEFAULTS.maxAgeMs;
    this.cacheEntries = options.cacheEntries ?? CHAT_SEARCH_DEFAULTS.cacheEntries;
    this.gate = new ConcurrencyGate(
      options.permits ?? CHAT_SEARCH_DEFAULTS.permits,
      options.queue ?? CHAT_SEARCH_DEFAULTS.queue,
    );
  }

  /** Counters since this search was created. */
  stats(): ChatSearchStats {
    return { ...this.counts, refused: this.gate.refused };
  }

  /** Loads the index now if it is missing or stale (at start, so no search waits for it). */
  async warm(): Promise<void> {
    if (!this.fresh()) await this.reload();
  }

  /**
   * The best matches for typed text (Chinese or English), best first (at most `limit`), named in
   * `lang`; empty when nothing matches.
   */
  async search(keyword: string, limit: number, lang: Lang = 'zh-CN'): Promise<ChatQuestionRef[]> {
    const phrase = normalizeKeyword(keyword);
    if (phrase === '') return [];
    return this.gate.run(async () => {
      // Holding a permit, wait for the next turn of the event loop: requests already read
      // (signed-in calls among them) go first, and at most `permits` searches finish per turn.
      await nextTurn();
      const index = this.fresh() ?? (await this.reload());
      return this.answer(index, phrase, lang).slice(0, limit);
    });
  }

  /** The top CHAT_PAGE_MAX answers of a phrase in a language: from the cache, or ranked and cached. */
  private answer(index: Index, phrase: string, lang: Lang): ChatQuestionRef[] {
    const key = `${lang}\u0000${phrase}`;
    const cached = index.answers.get(key);
    if (cached) {
      this.counts.hits += 1;
      return cached;
    }
    this.counts.misses += 1;
    const ranked = rankQuestions(index.search, phrase, CHAT_PAGE_MAX, lang);
    index.answers.set(key, ranked);
    return ranked;
  }

  private fresh(): Index | null {
    const index = this.index;
    if (!index || index.version !== knowledgeVersion) return null;
    return this.options.now() - index.loadedAt < this.maxAgeMs ? index : null;
  }

  /**
   * One load at a time per version of the knowledge base: callers arriving during a load share it
   * (and its failure), unless a change was announced since it started.
   */
  private reload(): Promise<Index> {
    if (this.loading?.version !== knowledgeVersion) {
      const version = knowledgeVersion;
      const promise = this.load(version);
      const loading = { version, promise };
      const done = () => {
        if (this.loading === loading) this.loading = null;
      };
      promise.then(done, done);
      this.loading = loading;
    }
    return this.loading.promise;
  }

  private async load(version: number): Promise<Index> {
    const loadedAt = this.options.now();
    const questions = await this.options.load();
    this.counts.loads += 1;
    const index: Index = {
      search: buildSearchIndex(questions),
      answers: new LruCache(this.cacheEntries, this.maxAgeMs, this.options.now),
      loadedAt,
      version,
    };
    // A load started before an announced change may end after the one started since: keep the newer.
    if (!this.index || version >= this.index.version) this.index = index;
    return index;
  }
}

const searches = new WeakMap<AppDeps, ChatSearch>();

/** The chat search of an app (one per AppDeps: per server process, per test app). */
export function chatSearchOf(deps: AppDeps): ChatSearch {
  let search = searches.get(deps);
  if (!search) {
    search = new ChatSearch({
      load: () => loadSearchableQuestions(deps.db),
      now: () => deps.now().getTime(),
    });
    searches.set(deps, search);
  }
  return search;
}
