import { useEffect, useState } from 'react';
import { clearAuth, setToken } from '../../src/stores/auth.ts';
import { navigate } from '../../src/stores/navigation.ts';
import { useT } from '../../src/ui/index.ts';
import { StandaloneFrame } from './standalone-frame.tsx';

/**
 * One exchange per credential and page: a one-time code is used up by the first call, so a
 * second mount (React's strict mode, a re-render) must reuse the first call's answer.
 */
const exchanges = new Map<string, Promise<string>>();

function exchangeOnce(key: string, exchange: () => Promise<string>): Promise<string> {
  let pending = exchanges.get(key);
  if (!pending) {
    pending = exchange();
    exchanges.set(key, pending);
  }
  return pending;
}

export interface HandoverProps {
  /** The query parameter that carries the credential (`code`, `token`). */
  param: string;
  /** Trades the credential for a portal token. */
  exchange: (credential: string) => Promise<string>;
}

/**
 * Entering the portal from another provider system: the credential in the address is traded for
 * a token, which is stored, and the user goes to '/'. On failure: the reason and a link to login.
 */
export function Handover({ param, exchange }: HandoverProps) {
  const t = useT();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const credential = new URLSearchParams(globalThis.location?.search ?? '').get(param)?.trim() ?? '';
    if (!credential) {
      setFailed(true);
      return;
    }
    let live = true;
    exchangeOnce(`${param}:${credential}`, () => exchange(credential)).then(
      (token) => {
        if (!live) return;
        // A new session: roles are cleared so that the guard prepares it (user info, routes).
        clearAuth();
        setToken(token);
        navigate('/');
      },
      () => {
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [param, exchange]);

  return (
    <StandaloneFrame>
      <section className="lp-handover__card" aria-labelledby="lp-handover-title" aria-busy={!failed}>
        {!failed && <span className="lp-handover__spinner" aria-hidden="true" />}
        <h1 id="lp-handover-title" className="lp-handover__title">
          {failed ? t('host.jump.failedTitle') : t('host.jump.title')}
        </h1>
        <p className="lp-handover__text" role={failed ? 'alert' : 'status'}>
          {failed ? t('host.jump.failed') : t('host.jump.working')}
        </p>
        {failed && (
          <a className="lp-link-button" href="/login">
            {t('host.jump.toLogin')}
          </a>
        )}
      </section>
    </StandaloneFrame>
  );
}
