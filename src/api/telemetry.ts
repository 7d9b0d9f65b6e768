import * as ops from '../contract/telemetry/operations.ts';
import { type DataTrackingQuery, type ErrorLogRequest, TrackingCode } from '../contract/telemetry/schemas.ts';
import { $identity } from '../stores/auth.ts';
import { call } from './transport.ts';

export { TrackingCode };
export type TrackingEvent = DataTrackingQuery;
export type ErrorReport = ErrorLogRequest;
export type TrackingCodeValue = (typeof TrackingCode)[keyof typeof TrackingCode];

function currentPage(): string {
  return globalThis.location?.pathname ?? '';
}

/**
 * Records one event (`GET common/data-tracking`, type 2). Fire and forget: a failure is never
 * shown and never thrown. The token is not put in the query (URLs end up in logs); the server
 * knows the caller from the X-Token header.
 */
export async function track(
  element: string,
  elementCode: TrackingCodeValue,
  description = '',
  who: Partial<{ account: string; customer: string; role: string }> = {},
): Promise<void> {
  const identity = { ...$identity.get(), ...who };
  const query = {
    time: new Date().toISOString(),
    customer: identity.customer.slice(0, 128),
    account: identity.account.slice(0, 64),
    role: identity.role.slice(0, 64),
    page: currentPage().slice(0, 512),
    element: element.slice(0, 256),
    description: description.slice(0, 1000),
    type: 2,
    element_code: elementCode,
  } satisfies Omit<TrackingEvent, 'token'>;
  try {
    await call(ops.dataTracking, query, { quiet: true });
  } catch {
    // telemetry never disturbs the user
  }
}

/** Sends a front-end error report (`POST common/error-log`); silent, never throws. */
export async function reportError(report: ErrorReport): Promise<void> {
  try {
    await call(ops.errorLog, report, { quiet: true });
  } catch {
    // nothing to do: the report is best effort
  }
}

/** Seconds without an answer after which a login-type call records a timeout event (spec §8). */
export const TIMEOUT_MARKS_MS = [3000, 5000, 10_000] as const;

/**
 * Runs a login-type call, recording a timeout event at 3, 5 and 10 s without an answer and a
 * failure event with the server's message when it fails.
 */
export async function tracked<T>(element: string, account: string, run: () => Promise<T>): Promise<T> {
  const timers = TIMEOUT_MARKS_MS.map((ms) =>
    setTimeout(
      () => void track(element, TrackingCode.timeout, `no answer after ${ms / 1000} s`, { account }),
      ms,
    ),
  );
  try {
    return await run();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    void track(element, TrackingCode.failure, message, { account });
    throw error;
  } finally {
    for (const timer of timers) clearTimeout(timer);
  }
}

type ErrorTarget = Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;

function describeError(event: Event): { message: string; type: string } {
  if (event.type === 'unhandledrejection') {
    const reason = (event as PromiseRejectionEvent).reason as unknown;
    return { message: reason instanceof Error ? reason.message : String(reason), type: 'unhandledrejection' };
  }
  const error = event as ErrorEvent;
  return { message: error.message || String(error.error ?? 'error'), type: 'error' };
}

/**
 * Reports unhandled errors and rejections of a window (spec §8) through `common/error-log`,
 * tagged with `tag` (the element or 'host'). `ignore` drops known harmless messages. Returns
 * the function that stops it.
 */
export function reportUnhandledErrors(
  target: ErrorTarget,
  tag: string,
  ignore: (message: string) => boolean = () => false,
  customer: () => string | number | undefined = () => undefined,
): () => void {
  const onError = (event: Event) => {
    const { message, type } = describeError(event);
    if (!message || ignore(message)) return;
    const cu_id = customer();
    void reportError({
      url: (globalThis.location?.href ?? '').slice(0, 2048),
      message: message.slice(0, 4000),
      tag: tag.slice(0, 128),
      type,
      ...(cu_id === undefined ? {} : { cu_id }),
    });
  };
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onError);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onError);
  };
}
