import * as ops from '../contract/sso-reauth/operations.ts';
import { Code } from '../contract/codes.ts';
import { answerState, REAUTH_CHANNEL } from '../lib/sso-reauth-channel.ts';
import { call } from './transport.ts';

/** The re-authentication's window: one at a time, a new try reuses it. */
const WINDOW_NAME = 'lp-sso-reauth';

/**
 * Opens the re-authentication's window, empty (in the turn of the click, which a popup blocker
 * lets through; the provider's address comes after a call). null: the browser blocked it.
 */
export function openReauthWindow(): Window | null {
  return globalThis.open?.('', WINDOW_NAME, 'popup,width=520,height=720') ?? null;
}

/**
 * A signature's re-authentication at the person's organisation (`prompt=login`, `max_age=0`) in
 * `popup`: sends it to the provider, waits for the provider's answer to this flow
 * (src/lib/sso-reauth-channel.ts) and answers the proof a signature carries as
 * `signature.sso_proof`. `signal` ends the wait (the dialog closed, a new try). The server's
 * refusals (406, 476) reach the caller, which says them.
 */
export async function reauthenticate(popup: Window, to: string, signal: AbortSignal): Promise<string> {
  const quiet = {
    silentCodes: [Code.conflict, Code.wrongCredentials, Code.captchaExpired, Code.unavailable],
  };
  const { url } = await call(ops.ssoReauthStart, { to }, quiet);
  signal.throwIfAborted();
  const state = new URL(url).searchParams.get('state');
  const channel = new BroadcastChannel(REAUTH_CHANNEL);
  try {
    const query = await new Promise<string>((resolve, reject) => {
      channel.onmessage = (event: MessageEvent<{ query?: unknown }>) => {
        const query = event.data?.query;
        if (typeof query === 'string' && state && answerState(query) === state) resolve(query);
      };
      signal.addEventListener('abort', () => reject(signal.reason), { once: true });
      // listening before the window goes: its answer cannot come before
      popup.location.href = url;
    });
    const { proof } = await call(ops.ssoReauthFinish, { query }, quiet);
    return proof;
  } finally {
    channel.close();
  }
}
