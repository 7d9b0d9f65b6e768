import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { scaleRootFontSize } from '../src/lib/root-font-size.ts';
import { handOverReauthAnswer, isReauthAnswer } from '../src/lib/sso-reauth-channel.ts';
import { followApiOutcomes } from '../src/stores/api-outcomes.ts';
import { watchDevice } from '../src/stores/app.ts';
import { followAppearance } from '../src/stores/appearance.ts';
import { setNavigation } from '../src/stores/navigation.ts';
import { watchSession } from '../src/stores/session-check.ts';
import { kitSheets } from '../src/ui/index.ts';
import { App, preloadLayout } from './app.tsx';
import { startFirstEntry } from './router/guard.ts';
import { currentFullPath, go } from './router/location.ts';
import { hostSheet } from './styles.ts';

/** The portal: styles adopted by the document (no inline style), navigation through the router. */
document.adoptedStyleSheets = [...kitSheets(), hostSheet()];
// The size and theme chosen in the settings, on the document root (every element follows too).
followAppearance(document.documentElement);
scaleRootFontSize(window);
const root = document.getElementById('app');

if (isReauthAnswer(location.search)) {
  // A signature's re-authentication window, sent back by the organisation's provider: its
  // answer goes to the sign dialog that opened it (src/lib/sso-reauth-channel.ts); no portal here.
  handOverReauthAnswer(location.search);
  history.replaceState(null, '', '/login');
  void import('./pages/login/reauth-done.tsx').then((page) => root && page.showReauthDone(root));
} else {
  setNavigation({ navigate: (path) => go(path) });
  // The portal owns its page: failed calls become toasts, the 599 question and the way to /login.
  followApiOutcomes();
  watchDevice(window);
  watchSession(window);
  // The session's first calls go now, beside the layout's code, not after the first draw.
  startFirstEntry(currentFullPath());
  preloadLayout();
  // The first draw as a transition: React yields between pieces of work instead of one long task.
  if (root) startTransition(() => createRoot(root).render(<App />));
}
