import type { PasswordFlags } from '../../src/stores/session.ts';

/** What the weak-password flow shows: nothing, the prompt, or the reset-password dialog. */
export type WeakStage = 'none' | 'prompt' | 'reset';

/**
 * Where the flow starts (spec §4): pass_flag 1 or 2 opens the reset dialog at once; a weak
 * password opens the prompt. A prompt or a closable dialog the user already dismissed in this
 * session stays closed; a forced change never does.
 */
export function firstStage(flags: PasswordFlags, dismissed: boolean): WeakStage {
  if (flags.passFlag === 1) return 'reset';
  if (dismissed) return 'none';
  if (flags.passFlag === 2) return 'reset';
  if (flags.isWeakPassword) return 'prompt';
  return 'none';
}

const KEY = 'lp.weakPassword.dismissed';

/** True when the user dismissed the flow for this session token (kept per tab). */
export function dismissedFor(token: string): boolean {
  try {
    return token !== '' && globalThis.sessionStorage?.getItem(KEY) === token;
  } catch {
    return false;
  }
}

export function rememberDismissed(token: string): void {
  try {
    globalThis.sessionStorage?.setItem(KEY, token);
  } catch {
    // not remembered: the prompt shows again after a reload
  }
}
