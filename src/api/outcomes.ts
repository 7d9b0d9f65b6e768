import { Code } from '../contract/codes.ts';
import { shared } from '../stores/registry.ts';
import { type ApiError, TransportCode } from './errors.ts';

/**
 * What a failed call means for the page, by the error catalogue of spec §8. The transport only
 * says what happened; whoever owns the page's UI (src/stores/api-outcomes.ts) decides what the
 * user sees: a toast, the 599 question, the way back to /login, the forced password change.
 */
export type ApiOutcome = (
  | /** Nothing came back (offline, timeout): "your network environment is poor". */
  { kind: 'network'; error: ApiError }
  /** 598: the token is missing, unknown or expired. */
  | { kind: 'session-expired'; error: ApiError }
  /** 599: the same account logged in elsewhere. */
  | { kind: 'logged-in-elsewhere'; error: ApiError }
  /** 463: the password must be changed before any data call. */
  | { kind: 'password-change-required'; error: ApiError }
  /** Any other failure the caller did not take on: its message is shown. */
  | { kind: 'failed'; error: ApiError }
) & {
  /**
   * When the failed call was sent (`performance.now()`), where the transport knows it: a 599 of a
   * call sent before the user answered the question is what they already answered.
   */
  sentAt?: number;
};

export type OutcomeListener = (outcome: ApiOutcome) => void;

/**
 * Codes the catalogue hands back to the caller without any notice (spec §8): 543 silent; 444,
 * 403, 475, 476, 477 returned to the caller; 406, 407 shown by the login page itself.
 */
const SILENT: ReadonlySet<number> = new Set([
  Code.backgroundFailed,
  Code.nothing,
  Code.forbidden,
  Code.captchaRequired,
  Code.captchaExpired,
  Code.secondFactorRequired,
  Code.wrongCredentials,
  Code.locked,
]);

/** The outcome of a failure, or null when the catalogue keeps it silent. */
export function outcomeOf(error: ApiError, silentCodes: readonly number[] = []): ApiOutcome | null {
  const { code } = error;
  if (code === TransportCode.aborted) return null;
  if (code === TransportCode.network || code === TransportCode.timeout) return { kind: 'network', error };
  if (code === Code.sessionExpired) return { kind: 'session-expired', error };
  if (code === Code.loggedInElsewhere) return { kind: 'logged-in-elsewhere', error };
  if (code === Code.mustChangePassword) return { kind: 'password-change-required', error };
  if (SILENT.has(code) || silentCodes.includes(code)) return null;
  return { kind: 'failed', error };
}

/** One set of listeners per page, whichever bundle raised the call (see src/stores/registry.ts). */
const listeners = shared('api.outcomes', () => new Set<OutcomeListener>());

/** Listens to the outcomes of failed calls; returns the function that stops listening. */
export function onApiOutcome(listener: OutcomeListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function emitOutcome(outcome: ApiOutcome): void {
  for (const listener of [...listeners]) listener(outcome);
}

/** Emits the outcome of a failure the caller first kept quiet (a call made with `quiet: true`). */
export function announce(error: ApiError, silentCodes: readonly number[] = []): void {
  const outcome = outcomeOf(error, silentCodes);
  if (outcome) emitOutcome(outcome);
}
