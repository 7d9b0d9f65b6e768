import { REAUTH_STATE_PREFIX } from '../contract/sso-reauth/state.ts';

/**
 * How a signature's re-authentication at the organisation comes back to the sign dialog that
 * began it (docs/decisions/single-sign-on.md). The dialog opens the provider in a window of its
 * own; the provider sends that window back to `/login?code=…&state=reauth.…`. The portal's
 * documents are `Cross-Origin-Opener-Policy: same-origin`, so once the window has been at the
 * provider it has no opener to post to: the answer goes over a BroadcastChannel, which reaches
 * only documents of the portal's own origin, and the dialog takes only the answer whose state is
 * the one of the flow it started. The answer alone signs nothing: the server takes it once, from
 * the browser that holds the flow's cookie, for the session's person (`user/sso-reauth-finish`).
 */
export const REAUTH_CHANNEL = 'lp-sso-reauth';

/** The state of a provider's answer in `search` (`?code=…&state=…`), or null. */
export function answerState(search: string): string | null {
  const params = new URLSearchParams(search);
  if (!params.has('code') && !params.has('error')) return null;
  return params.get('state');
}

/** Whether `search` is the provider's answer to a re-authentication (not to a sign-in). */
export const isReauthAnswer = (search: string): boolean =>
  answerState(search)?.startsWith(REAUTH_STATE_PREFIX) === true;

/** The re-authentication's window: hands the provider's answer to the portal's other documents. */
export function handOverReauthAnswer(search: string): void {
  const channel = new BroadcastChannel(REAUTH_CHANNEL);
  channel.postMessage({ query: search.replace(/^\?/, '') });
  channel.close();
}
