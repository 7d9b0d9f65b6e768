import type pg from 'pg';

/**
 * Named prepared statements on PostgreSQL (docs/decisions/api-hot-path.md). `pg` sends a query
 * with parameters as an unnamed statement, which the server parses, analyses and plans anew on
 * every run: for the portal's short queries that is most of the database's work (the order view's
 * five-table row took 0.3 ms to plan and 0.05 ms to run). A named statement is parsed once per
 * connection, and after five runs PostgreSQL keeps a generic plan when it costs no more than the
 * custom ones (`plan_cache_mode`), so later runs only bind and execute.
 *
 * Each pooled client's `query(text, values)` (the call Kysely's PostgresDialect makes) is wrapped
 * when the pool connects it; every other form of `query` passes through unchanged. Statements
 * are named per SQL text, process-wide, so each connection prepares a text the first time it
 * runs it.
 */

/** Statements worth keeping: one data query (DDL, transaction control and scripts take the plain path). */
const CACHEABLE = /^\s*(select|insert|update|delete|with)\b[^;]*$/i;
/**
 * Text searches stay unnamed: their best plan hangs on the pattern (a keyword's trigram index or a
 * walk of the sort's index, list-query.ts), which a generic plan cannot see. Prepared, the order
 * list's keyword counts ran 4 to 8 times longer (`npm run bench:load`, keyword share of the mix).
 */
const PATTERN = /\blike\b|\bstrpos\(/i;
/**
 * Past this many texts, new ones run unnamed. Kysely compiles a bounded set (a few hundred in a
 * day's mix), and each connection keeps what it prepared (a few kB of server memory each).
 */
export const MAX_STATEMENTS = 1000;
/** PostgreSQL's answer when DDL changed the columns a prepared statement returns. */
const planChanged = (error: unknown): boolean => {
  const e = error as { code?: unknown; message?: unknown };
  return e.code === '0A000' && typeof e.message === 'string' && e.message.includes('cached plan');
};

const names = new Map<string, string>();
let counter = 0;

/** The statement name of `text`, or undefined when it runs unnamed. */
function nameOf(text: string): string | undefined {
  let name = names.get(text);
  if (name === undefined) {
    if (names.size >= MAX_STATEMENTS || !CACHEABLE.test(text) || PATTERN.test(text)) return undefined;
    name = `lp_${++counter}`;
    names.set(text, name);
  }
  return name;
}

const wrapped = new WeakSet<pg.ClientBase>();
type Run = (...args: unknown[]) => Promise<pg.QueryResult>;

/**
 * Makes `client` run Kysely's parameterised data queries as named prepared statements. Call it
 * from the pool's `connect` event (each client once; a second call does nothing).
 */
export function usePreparedStatements(client: pg.ClientBase): void {
  if (wrapped.has(client)) return;
  wrapped.add(client);
  const original = client.query.bind(client) as Run;
  const run = (text: string, values: unknown[]): Promise<pg.QueryResult> => {
    const name = nameOf(text);
    if (name === undefined) return original(text, values);
    return original({ name, text, values }).catch((error: unknown) => {
      if (!planChanged(error)) throw error;
      // A table the statement reads changed its columns (a migration while this process runs):
      // the text gets a new name, prepared afresh from now on, and the query runs again. In a
      // transaction that try fails too (the transaction is aborted): the first error is the answer.
      const renamed = `lp_${++counter}`;
      names.set(text, renamed);
      return original({ name: renamed, text, values }).catch(() => {
        throw error;
      });
    });
  };
  (client as unknown as { query: unknown }).query = (...args: unknown[]) =>
    args.length === 2 && typeof args[0] === 'string' && Array.isArray(args[1])
      ? run(args[0], args[1])
      : original(...args);
}
