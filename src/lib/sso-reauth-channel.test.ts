import { describe, expect, it } from 'vitest';
import { answerState, handOverReauthAnswer, isReauthAnswer, REAUTH_CHANNEL } from './sso-reauth-channel.ts';

describe('the re-authentication’s answer', () => {
  it('is the provider’s answer whose state is a re-authentication’s', () => {
    expect(isReauthAnswer('?code=abc&state=reauth.xyz&iss=http%3A%2F%2Fidp')).toBe(true);
    expect(isReauthAnswer('?error=access_denied&state=reauth.xyz')).toBe(true);
    // a sign-in's answer, a page with a state and no answer, an address without one
    expect(isReauthAnswer('?code=abc&state=xyz')).toBe(false);
    expect(isReauthAnswer('?state=reauth.xyz')).toBe(false);
    expect(isReauthAnswer('?redirect=/orders')).toBe(false);
    expect(isReauthAnswer('')).toBe(false);
    expect(answerState('code=1&state=reauth.q')).toBe('reauth.q');
  });

  it('goes to the portal’s other documents over the channel, without its question mark', async () => {
    const listener = new BroadcastChannel(REAUTH_CHANNEL);
    const got = new Promise<unknown>((resolve) => {
      listener.onmessage = (event: MessageEvent) => resolve(event.data);
    });
    handOverReauthAnswer('?code=abc&state=reauth.xyz');
    await expect(got).resolves.toEqual({ query: 'code=abc&state=reauth.xyz' });
    listener.close();
  });
});
