import { type AliasedRawBuilder, sql } from 'kysely';
import type { Lang } from '../../../src/contract/messages.ts';

/**
 * A text column of the knowledge base in the caller's language, named `as`: for English the
 * column's `_en` twin when it is translated, otherwise (zh-CN, or not translated yet) the column.
 * `column` may carry a table alias (`q.q_name`).
 */
export function inLang<A extends string>(lang: Lang, column: string, as: A): AliasedRawBuilder<string, A> {
  if (lang === 'en') return sql<string>`coalesce(${sql.ref(`${column}_en`)}, ${sql.ref(column)})`.as(as);
  return sql<string>`${sql.ref(column)}`.as(as);
}
