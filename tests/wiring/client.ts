import { type TestApp, testApp } from '../../server/testing/test-app.ts';
import { $locale } from '../../src/i18n/translate.ts';
import { followApiOutcomes } from '../../src/stores/api-outcomes.ts';
import { setNavigation } from '../../src/stores/navigation.ts';
import { resetStores } from '../../src/stores/test-reset.ts';
import { type FetchLike, setApiBase, setApiFetch } from '../../src/api/config.ts';

/**
 * Test wiring only (never part of a bundle): the client talks to the real app in-process. It lives
 * in tests/ because it joins both sides: the browser client (src/) and the server's test app, and
 * neither src/ nor server/ may import the other.
 */
export const TEST_ORIGIN = 'http://portal.test';

export interface Sent {
  url: string;
  method: string;
  headers: Headers;
}

export interface Wired {
  t: TestApp;
  /** Every request the client sent, in order (url, method, headers). */
  requests: Sent[];
  /** Paths navigated to and reload count, recorded instead of touching `location`. */
  navigations: string[];
  reloads: { count: number };
  /** Replaces the transport for the next calls (default: the real app). */
  useFetch(fetcher: FetchLike | null): void;
  restore(): void;
}

/**
 * Wires the client to the real app (over the worker's test database), with every page store as a
 * new page has it, and puts them back so on `restore()`: a test depends on nothing an earlier one
 * left and leaves nothing behind.
 */
export async function wireClient(): Promise<Wired> {
  const t = await testApp();
  resetStores();
  // The client asks for English answers, so assertions read in English (the default is zh-CN).
  const locale = $locale.get();
  $locale.set('en');
  // As the portal's page does: failed calls' outcomes become toasts, the 599 question, /login.
  const stopOutcomes = followApiOutcomes();
  const requests: Sent[] = [];
  const navigations: string[] = [];
  const reloads = { count: 0 };
  let override: FetchLike | null = null;
  const real: FetchLike = (input, init) => t.app.fetch(new Request(input, init));
  setApiBase(`${TEST_ORIGIN}/api`);
  setApiFetch((input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    requests.push({ url: request.url, method: request.method, headers: new Headers(request.headers) });
    return (override ?? real)(input, init);
  });
  const restoreNavigation = setNavigation({
    navigate: (path) => void navigations.push(path),
    reload: () => void reloads.count++,
  });
  return {
    t,
    requests,
    navigations,
    reloads,
    useFetch(fetcher) {
      override = fetcher;
    },
    restore() {
      restoreNavigation();
      setApiFetch(null);
      setApiBase('');
      stopOutcomes();
      resetStores();
      $locale.set(locale);
    },
  };
}
