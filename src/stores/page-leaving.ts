/**
 * Whether this page is going away: from `beforeunload` or `pagehide` (a reload, a link to another
 * document, an address typed in) until it is shown again (`pageshow`, from the back/forward
 * cache) or, when the navigation did not replace it (a download, an answer with no content), for
 * at most STAY_MS. A navigation that starts while calls are under way cuts them off before the
 * next document has loaded; they fail as if the network had (`net::ERR_ABORTED`), and what such a
 * failure would do (end the session, say the network is poor) must not happen to a page that is
 * leaving. The portal never cancels `beforeunload`.
 */
export const STAY_MS = 3000;

let leaving = false;
let timer: ReturnType<typeof setTimeout> | undefined;
const waiting: Array<() => void> = [];

function stay(): void {
  leaving = false;
  clearTimeout(timer);
  for (const resolve of waiting.splice(0)) resolve();
}

function leave(): void {
  leaving = true;
  clearTimeout(timer);
  timer = setTimeout(stay, STAY_MS);
}

/** Follows `target`'s (the window's) events; done for the page itself below. */
export function followLeaving(target: Pick<EventTarget, 'addEventListener'>): void {
  target.addEventListener('beforeunload', leave);
  target.addEventListener('pagehide', leave);
  target.addEventListener('pageshow', stay);
}

if (typeof globalThis.addEventListener === 'function') followLeaving(globalThis);

/** True once the page has started to go away (and not stayed after all). */
export const pageIsLeaving = (): boolean => leaving;

/** Resolves when a leaving page stays after all (at once when it is not leaving). */
export function whenStaying(): Promise<void> {
  return leaving ? new Promise((resolve) => waiting.push(resolve)) : Promise.resolve();
}
