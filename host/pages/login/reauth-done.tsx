import { createRoot } from 'react-dom/client';
import '../../../src/i18n/areas/single-sign-on.ts';
import { useT } from '../../../src/ui/index.ts';
import { StandaloneFrame } from '../standalone-frame.tsx';

/**
 * The re-authentication's window once the organisation has answered (host/main.tsx): the answer
 * went to the sign dialog; the window closes itself (a window a script opened may), and says so in
 * case the browser keeps it open.
 */
function ReauthDone() {
  const t = useT();
  return (
    <StandaloneFrame className="lp-error-page">
      <section className="lp-error-page__card" aria-live="polite">
        <p className="lp-error-page__text" role="status">
          {t('sso.reauthDone')}
        </p>
      </section>
    </StandaloneFrame>
  );
}

export function showReauthDone(root: HTMLElement): void {
  createRoot(root).render(<ReauthDone />);
  globalThis.close();
}
