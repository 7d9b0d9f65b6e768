import { useEffect, useState } from 'react';
import { t } from '../../src/i18n/translate.ts';
import { toast } from '../../src/stores/notices.ts';
import { Icon } from './icons.tsx';

/** The page is in full screen now (the document's full-screen element, if any, is shown). */
const inFullscreen = (doc: Document = document) => doc.fullscreenElement !== null;

/**
 * Toggles full screen for the whole portal (spec §8). Where the browser cannot (an iframe without
 * `allow="fullscreen"`, an iPhone's Safari, a policy that forbids it), the button says so instead
 * of doing nothing. Esc or the browser's own control leaves full screen too: the button follows.
 */
export function FullscreenButton() {
  const [active, setActive] = useState(inFullscreen);
  useEffect(() => {
    const follow = () => setActive(inFullscreen());
    document.addEventListener('fullscreenchange', follow);
    return () => document.removeEventListener('fullscreenchange', follow);
  }, []);
  const toggle = () => {
    if (!document.fullscreenEnabled) {
      toast(t('host.fullscreen.unsupported'), 'warning');
      return;
    }
    const change = inFullscreen() ? document.exitFullscreen() : document.documentElement.requestFullscreen();
    change.catch(() => toast(t('host.fullscreen.unsupported'), 'warning'));
  };
  return (
    <button
      type="button"
      className="lp-icon-button lp-fullscreen"
      aria-label={t('host.fullscreen.label')}
      aria-pressed={active}
      title={t(active ? 'host.fullscreen.exit' : 'host.fullscreen.enter')}
      onClick={toggle}
    >
      <Icon name={active ? 'fullscreenExit' : 'fullscreen'} />
    </button>
  );
}
