import { afterEach, describe, expect, it, vi } from 'vitest';
import { getUserInfo } from '../contract/accounts/operations.ts';
import { setLocale } from '../i18n/translate.ts';
import { clearAuth, setToken } from '../stores/auth.ts';
import { createTestUser } from '../ui/testing/server.ts';
import { setApiFetch } from './config.ts';
import { EARLY_CALL_MAX_AGE_MS, startEarlyCalls, takeEarlyCall } from './early-calls.ts';
import { call } from './transport.ts';
import { login } from './user.ts';

/** Against the real API (vitest.config.ts). */
describe('the session calls a page starts early', () => {
  const url = new URL('/api/user/get-user-info.html', location.href).href;
  const get = (headers: Record<string, string>) => new Request(url, { headers });

  afterEach(() => {
    setApiFetch(null);
    clearAuth();
    vi.restoreAllMocks();
  });

  it('are taken once, and only by the same request within a few seconds of the page start', () => {
    startEarlyCalls([url], 'tok-1', 'en');
    expect(takeEarlyCall(get({ 'X-Token': 'tok-2', 'Accept-Language': 'en' }))).to.equal(null);
    startEarlyCalls([url], 'tok-1', 'en');
    expect(takeEarlyCall(get({ 'X-Token': 'tok-1', 'Accept-Language': 'zh-CN' }))).to.equal(null);
    startEarlyCalls([url], 'tok-1', 'en');
    expect(takeEarlyCall(new Request(url, { method: 'POST', headers: { 'X-Token': 'tok-1' } }))).to.equal(
      null,
    );
    startEarlyCalls([url], 'tok-1', 'en');
    const late = get({ 'X-Token': 'tok-1', 'Accept-Language': 'en' });
    expect(takeEarlyCall(late, EARLY_CALL_MAX_AGE_MS + 1)).to.equal(null);

    startEarlyCalls([url], 'tok-1', 'en');
    const same = get({ 'X-Token': 'tok-1', 'Accept-Language': 'en' });
    expect(takeEarlyCall(same, 100)).to.be.instanceOf(Promise);
    expect(takeEarlyCall(same, 100), 'once').to.equal(null);
  });

  it('let go of an answer that is not taken, instead of leaving it unread until the page goes', async () => {
    let cancelled = false;
    const body = new ReadableStream({
      cancel() {
        cancelled = true;
      },
    });
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(body));
    startEarlyCalls([url], 'tok-1', 'en');
    expect(takeEarlyCall(get({ 'X-Token': 'tok-2', 'Accept-Language': 'en' }))).to.equal(null);
    await vi.waitFor(() => expect(cancelled).to.equal(true));
  });

  it('answer the transport’s call without a second request, as the server answers it', async () => {
    const user = await createTestUser();
    const { access_token: token } = await login({
      username: user.username,
      password: user.password,
      validate: '',
    });
    setToken(token);
    setLocale('en');
    // a page that started a moment ago (the test files share a page that has run for a while)
    vi.spyOn(performance, 'now').mockReturnValue(500);
    startEarlyCalls([url], token, 'en');
    const sent: string[] = [];
    setApiFetch((input, init) => {
      sent.push(input instanceof Request ? input.url : String(input));
      return fetch(input, init);
    });
    const info = await call(getUserInfo, {});
    expect(info.user.ur_account).to.equal(user.username);
    expect(sent, 'no request of its own').to.deep.equal([]);
    // the next one goes to the network
    await call(getUserInfo, {});
    expect(sent).to.deep.equal([url]);
  });
});
