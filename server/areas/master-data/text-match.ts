import { type RawBuilder, sql } from 'kysely';
import { cityOf } from './region-names.ts';

/**
 * A keyword filter (spec §5): true when any of `columns` contains the keyword, case-insensitively.
 * Pinyin columns hold lower-case initials (`pinyinInitials`), so naming one among the columns
 * makes `bjxh` find 北京协和医院. `strpos` instead of LIKE: the keyword's `%` and `_` are plain text.
 */
export function textMatch(keyword: string, columns: readonly string[]): RawBuilder<boolean> {
  const q = keyword.toLowerCase();
  const each = columns.map((column) => sql<boolean>`strpos(lower(${sql.ref(column)}), ${q}) > 0`);
  return sql<boolean>`(${sql.join(each, sql` or `)})`;
}

/** The same test in memory, over values and their initials. */
export function textMatches(keyword: string, values: readonly string[]): boolean {
  const q = keyword.toLowerCase();
  return values.some((value) => value.toLowerCase().includes(q));
}

/** The first row of a page: `start`, or `(currentPage − 1) × limit` when only the page is given. */
export function pageStart(input: { start: number; limit: number; currentPage?: number | undefined }): number {
  if (input.start === 0 && input.currentPage !== undefined) return (input.currentPage - 1) * input.limit;
  return input.start;
}

/**
 * The city of a region row joined as `r` with its parent as `rp`: the parent's name for a district,
 * the region's own for a city or a province; '' without a region.
 */
export const cityName = sql<string>`coalesce(${cityOf('r', 'rp')}, '')`;
