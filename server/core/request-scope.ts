import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/**
 * What the server knows of the API call it is working for, wherever the work happens (a
 * repository three calls down, the database driver): the operation and the request's id. The
 * route pipeline (http/route.ts) runs every handler inside one; background work runs outside any.
 *
 * - The audit trail stamps each entry with the request's id (trail.ts), so that the entries one
 *   call wrote (a merge's new order and its sources) read as one act.
 * - The audit guard (db/audit-guard.ts) refuses, inside a call, a transaction that writes a GxP
 *   record and no audit entry.
 */
export interface RequestScope {
  /** The operation's id (`POST customer-order/cancel`). */
  readonly opId: string;
  /** The id, made when first asked for (most calls write no entry and never need one). */
  id?: string;
}

const storage = new AsyncLocalStorage<RequestScope>();

/** Runs `work` as the call `scope` describes. */
export function inRequest<T>(scope: RequestScope, work: () => T): T {
  return storage.run(scope, work);
}

/** The call being served, or undefined outside one (start-up, background jobs, tests' fixtures). */
export function currentRequest(): RequestScope | undefined {
  return storage.getStore();
}

/** The id of the call being served (undefined outside one). */
export function currentRequestId(): string | undefined {
  const scope = storage.getStore();
  if (!scope) return undefined;
  scope.id ??= randomUUID();
  return scope.id;
}
