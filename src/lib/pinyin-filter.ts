/**
 * Select filtering by text or pinyin initials, case-insensitive (spec §5). Each option is
 * indexed once (lower-cased label and initials); filtering is then a plain scan. Initials come
 * with the options where the server has them (`customer-account/index` sends `pinyin`);
 * only options without them load pinyin-pro, lazily, so it is never part of a first load.
 */
export interface IndexedOption<T> {
  item: T;
  text: string;
  initials: string;
}

type Pinyin = (text: string) => string;
let loading: Promise<Pinyin> | null = null;

/** pinyin-pro, loaded on first need only. */
export function loadPinyin(): Promise<Pinyin> {
  loading ??= import('pinyin-pro').then(
    ({ pinyin }) =>
      (text: string) =>
        pinyin(text, { pattern: 'first', toneType: 'none', type: 'array', nonZh: 'consecutive' })
          .join('')
          .replace(/\s+/g, '')
          .toLowerCase(),
  );
  return loading;
}

/** Indexes options whose initials are known (precomputed by the server or by `indexOptionsLazily`). */
export function indexOptions<T>(
  items: readonly T[],
  label: (item: T) => string,
  initials: (item: T) => string | undefined,
): IndexedOption<T>[] {
  return items.map((item) => ({
    item,
    text: label(item).toLowerCase(),
    initials: (initials(item) ?? '').toLowerCase(),
  }));
}

/** Indexes options, computing initials with pinyin-pro only for those that lack them. */
export async function indexOptionsLazily<T>(
  items: readonly T[],
  label: (item: T) => string,
  initials: (item: T) => string | undefined = () => undefined,
): Promise<IndexedOption<T>[]> {
  const missing = items.some((item) => !initials(item) && /[\u3400-\u9fff]/.test(label(item)));
  const compute = missing ? await loadPinyin() : null;
  return indexOptions(items, label, (item) => initials(item) || compute?.(label(item)) || '');
}

/** The options whose text or initials contain `query` (case-insensitive); all for an empty query. */
export function filterOptions<T>(index: readonly IndexedOption<T>[], query: string): T[] {
  const q = query.trim().toLowerCase();
  if (!q) return index.map((o) => o.item);
  const out: T[] = [];
  for (const o of index) if (o.text.includes(q) || o.initials.includes(q)) out.push(o.item);
  return out;
}
