import { useEffect, useState } from 'react';
import { isApiError } from '../../../src/api/errors.ts';
import { ssoFinish, ssoLookup, ssoStart } from '../../../src/api/single-sign-on.ts';
import '../../../src/i18n/areas/single-sign-on.ts';
import { navigate } from '../../../src/stores/navigation.ts';
import { signedIn } from '../../../src/stores/session.ts';
import { Button, useT } from '../../../src/ui/index.ts';
import { redirectTarget } from './login-form-state.ts';

/** Whether the page was opened by the provider sending the browser back (`?code=…&state=…` or `?error=…&state=…`). */
export const isSsoCallback = (search: string) =>
  /[?&]state=/.test(search) && /[?&](code|error)=/.test(search);

/**
 * Single sign-on on the login page (issue 34, docs/decisions/single-sign-on.md), loaded once the
 * typed account has an `@` or the provider has sent the browser back: out of the page's first
 * load. Offers "Sign in with your organisation" when the lookup says the domain signs in so;
 * sends the browser to the provider (the flow's cookie is set by the start's answer); and back
 * here, hands the provider's answer to the server and goes to the return path it answers.
 */
export default function SsoPart({ username }: { username: string }) {
  const t = useT();
  const search = globalThis.location?.search ?? '';
  const [callback] = useState(() => isSsoCallback(search));
  const [available, setAvailable] = useState(false);
  const [busy, setBusy] = useState(callback);
  const [failure, setFailure] = useState('');

  useEffect(() => {
    if (!callback) return;
    // the provider's answer, once: the address bar keeps none of it
    globalThis.history?.replaceState(null, '', '/login');
    ssoFinish(search.slice(1), { silentCodes: [406, 476, 503] }).then(
      (answer) => {
        signedIn(answer);
        navigate(answer.to);
      },
      (error: unknown) => {
        setBusy(false);
        setFailure(isApiError(error) ? error.message : String(error));
      },
    );
  }, [callback, search]);

  const name = username.trim();
  useEffect(() => {
    if (callback || !name.includes('@')) return setAvailable(false);
    let live = true;
    const timer = setTimeout(() => {
      ssoLookup(name).then(
        (found) => live && setAvailable(found.sso),
        () => live && setAvailable(false),
      );
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [name, callback]);

  if (failure)
    return (
      <p className="lp-login__form-error" role="alert">
        {t('sso.failed', { message: failure })}
      </p>
    );
  if (callback)
    return (
      <p className="lp-login__notice" role="status">
        {t('sso.finishing')}
      </p>
    );
  if (!available) return null;
  const start = async () => {
    setBusy(true);
    try {
      const { url } = await ssoStart(name, redirectTarget(search));
      globalThis.location.assign(url);
    } catch {
      setBusy(false);
    }
  };
  return (
    <div className="lp-login__sso">
      <p className="lp-login__subtitle">{t('sso.available')}</p>
      <Button
        type="button"
        variant="primary"
        className="lp-login__submit"
        loading={busy}
        onClick={() => void start()}
      >
        {busy ? t('sso.redirecting') : t('sso.signIn')}
      </Button>
    </div>
  );
}
