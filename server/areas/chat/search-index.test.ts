import { describe, expect, it } from 'vitest';
import { Code } from '../../../src/contract/codes.ts';
import { searchableQuestion, type SearchableQuestion } from './search.ts';
import { ChatSearch, type ChatSearchOptions, chatKnowledgeChanged } from './search-index.ts';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/**
 * Lets the event loop turn once: a search waits one turn (setImmediate) before it looks at the
 * index, so after this every search started before has asked for the index.
 */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

const question = (q_id: number, q_name: string): SearchableQuestion =>
  searchableQuestion({ q_id, q_name, keywords: '', hot_rank: null });

/**
 * A ChatSearch over a knowledge base the test changes (`kb.questions`), with its own clock; loads
 * are counted, and `kb.next` (when set) is the promise the next load returns.
 */
function setup(options: Partial<ChatSearchOptions> = {}) {
  const kb = {
    questions: [question(1, '温度偏离怎么办'), question(2, '如何取消订单')],
    loads: 0,
    next: null as Promise<SearchableQuestion[]> | null,
    time: 0,
  };
  const search = new ChatSearch({
    load: () => {
      kb.loads += 1;
      const pending = kb.next;
      kb.next = null;
      return pending ?? Promise.resolve([...kb.questions]);
    },
    now: () => kb.time,
    ...options,
  });
  return { kb, search };
}

describe('ChatSearch', () => {
  it('serves the same normalized keyword from the cache, whatever its form and limit', async () => {
    const { kb, search } = setup();
    expect(await search.search('温度偏离', 10)).toEqual([{ q_id: 1, q_name: '温度偏离怎么办' }]);
    expect(await search.search(' 温度偏离？', 10)).toEqual([{ q_id: 1, q_name: '温度偏离怎么办' }]);
    expect(await search.search('温度偏离！！', 1)).toEqual([{ q_id: 1, q_name: '温度偏离怎么办' }]);
    expect(search.stats()).toMatchObject({ loads: 1, misses: 1, hits: 2 });
    expect(await search.search('取消订单', 10)).toEqual([{ q_id: 2, q_name: '如何取消订单' }]);
    expect(search.stats()).toMatchObject({ loads: 1, misses: 2, hits: 2 });
    expect(kb.loads).toBe(1);
  });

  it('answers blank text with nothing, without loading', async () => {
    const { kb, search } = setup();
    expect(await search.search(' ？！ ', 10)).toEqual([]);
    expect(kb.loads).toBe(0);
  });

  it('sees a change this process announced at the next search, cached keywords included', async () => {
    const { kb, search } = setup();
    expect(await search.search('取消订单', 10)).toEqual([{ q_id: 2, q_name: '如何取消订单' }]);
    kb.questions = [question(1, '温度偏离怎么办'), question(3, '取消订单的规则')];
    expect(await search.search('取消订单', 10)).toEqual([{ q_id: 2, q_name: '如何取消订单' }]);
    chatKnowledgeChanged();
    expect(await search.search('取消订单', 10)).toEqual([{ q_id: 3, q_name: '取消订单的规则' }]);
    expect(kb.loads).toBe(2);
  });

  it('loads again for a change announced while an older load runs, and keeps the newer index', async () => {
    const { kb, search } = setup();
    const older = deferred<SearchableQuestion[]>();
    kb.next = older.promise;
    const before = search.search('取消订单', 10);
    await turn();
    chatKnowledgeChanged();
    const after = search.search('取消订单', 10);
    await turn();
    expect(kb.loads).toBe(2);
    expect(await after).toEqual([{ q_id: 2, q_name: '如何取消订单' }]);
    older.resolve([question(1, '温度偏离怎么办'), question(9, '取消订单（旧）')]);
    expect(await before).toEqual([{ q_id: 9, q_name: '取消订单（旧）' }]);
    expect(await search.search('取消订单', 10)).toEqual([{ q_id: 2, q_name: '如何取消订单' }]);
    expect(kb.loads).toBe(2);
  });

  it('sees a change made elsewhere within maxAgeMs (the staleness bound)', async () => {
    const { kb, search } = setup({ maxAgeMs: 30_000 });
    await search.search('取消订单', 10);
    kb.questions = [];
    kb.time += 29_999;
    expect(await search.search('取消订单', 10)).toHaveLength(1);
    kb.time += 1;
    expect(await search.search('取消订单', 10)).toEqual([]);
    expect(kb.loads).toBe(2);
  });

  it('loads the index once for searches arriving while it loads, and warm() loads it ahead', async () => {
    const { kb, search } = setup();
    const load = deferred<SearchableQuestion[]>();
    kb.next = load.promise;
    const answers = Promise.all([
      search.search('温度', 10),
      search.search('订单', 10),
      search.search('冷链', 10),
    ]);
    await turn();
    expect(kb.loads).toBe(1);
    load.resolve(kb.questions);
    expect(await answers).toEqual([
      [{ q_id: 1, q_name: '温度偏离怎么办' }],
      [{ q_id: 2, q_name: '如何取消订单' }],
      [],
    ]);
    expect(kb.loads).toBe(1);

    const warmed = setup();
    await warmed.search.warm();
    expect(warmed.kb.loads).toBe(1);
    await warmed.search.search('温度', 10);
    expect(warmed.kb.loads).toBe(1);
  });

  it('answers 429 at once past the queue bound, and serves the waiting searches after', async () => {
    const { kb, search } = setup({ permits: 1, queue: 2 });
    const load = deferred<SearchableQuestion[]>();
    kb.next = load.promise;
    const admitted = [search.search('温度', 10), search.search('订单', 10), search.search('取消', 10)];
    await expect(search.search('偏离', 10)).rejects.toMatchObject({ code: Code.tooManyRequests });
    expect(search.stats().refused).toBe(1);
    await turn();
    expect(kb.loads).toBe(1);
    load.resolve(kb.questions);
    const [first, second, third] = await Promise.all(admitted);
    expect(first).toEqual([{ q_id: 1, q_name: '温度偏离怎么办' }]);
    expect(second).toEqual([{ q_id: 2, q_name: '如何取消订单' }]);
    expect(third).toEqual([{ q_id: 2, q_name: '如何取消订单' }]);
    expect(await search.search('偏离', 10)).toEqual([{ q_id: 1, q_name: '温度偏离怎么办' }]);
  });

  it('fails the searches waiting on a failed load, and loads again at the next search', async () => {
    const { kb, search } = setup();
    const load = deferred<SearchableQuestion[]>();
    kb.next = load.promise;
    const failing = Promise.allSettled([search.search('温度', 10), search.search('订单', 10)]);
    await turn();
    const gone = new Error('database gone');
    load.reject(gone);
    expect(await failing).toEqual([
      { status: 'rejected', reason: gone },
      { status: 'rejected', reason: gone },
    ]);
    expect(kb.loads).toBe(1);
    expect(await search.search('温度', 10)).toEqual([{ q_id: 1, q_name: '温度偏离怎么办' }]);
    expect(kb.loads).toBe(2);
  });
});
