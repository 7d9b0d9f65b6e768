import { type FormEvent, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../../src/api/errors.ts';
import { loginSecondFactor } from '../../../src/api/login-second-factor.ts';
import { loginWithPasskey } from '../../../src/api/login-passkey.ts';
import { Code } from '../../../src/contract/codes.ts';
import type { SecondFactorRequired } from '../../../src/contract/second-factor/schemas.ts';
import '../../../src/i18n/areas/login-second-factor.ts';
import type { MessageKey } from '../../../src/i18n/catalogue.ts';
import { signedIn } from '../../../src/stores/session.ts';
import { Button, FormField, useT } from '../../../src/ui/index.ts';

export interface SecondFactorStepProps {
  /** The 477's data: the pending sign-in's token and the methods it takes. */
  pending: SecondFactorRequired;
  /** The sign-in is done (the token is stored): the page goes on. */
  onDone: () => void;
  /** Back to the password (the pending sign-in is over, or the user asked). */
  onBack: () => void;
}

/**
 * The login page's second step after a 477 (issue 34): a code of the authenticator app, or one of
 * the recovery codes, for `user/login-second-factor`. Loaded with its strings (their own i18n area)
 * when the 477 arrives, so the login page's first load carries none of it
 * (docs/decisions/second-factor.md). 406 says the tries left; 476 (5 minutes, 5 tries) goes back
 * to the password.
 */
export function SecondFactorStep({ pending, onDone, onBack }: SecondFactorStepProps) {
  const t = useT();
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<{ key: MessageKey; tries?: number } | null>(null);
  const [busy, setBusy] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);
  const codes = pending.methods.includes('totp');
  const passkey = pending.methods.includes('passkey');
  useEffect(() => codeRef.current?.focus(), []);

  // a passkey (docs/decisions/passkeys.md): the browser asks for the key; a refusal is said here
  const usePasskey = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      signedIn(await loginWithPasskey(pending.pending_token, { silentCodes: [406, 476] }));
      onDone();
    } catch (failure) {
      setBusy(false);
      if (isApiError(failure) && failure.code === Code.captchaExpired) return onBack();
      if (isApiError(failure) && failure.code === Code.wrongCredentials) {
        const tries = (failure.data as { tries_left?: number } | null)?.tries_left ?? 0;
        if (tries <= 0) return onBack();
      }
      setError({ key: 'loginFactor.passkeyFailed' });
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!code.trim()) {
      setError({ key: 'loginFactor.codeRequired' });
      return codeRef.current?.focus();
    }
    setBusy(true);
    try {
      signedIn(await loginSecondFactor(pending.pending_token, code));
      onDone();
    } catch (failure) {
      setBusy(false);
      setCode('');
      if (!isApiError(failure)) return;
      if (failure.code === Code.captchaExpired) return onBack();
      if (failure.code === Code.wrongCredentials) {
        const tries = (failure.data as { tries_left?: number } | null)?.tries_left ?? 0;
        if (tries <= 0) return onBack();
        setError({ key: 'loginFactor.wrong', tries });
      } else setError({ key: 'loginFactor.expired' });
      codeRef.current?.focus();
    }
  };

  return (
    <form className="lp-login__form" noValidate onSubmit={submit} aria-labelledby="lp-login-factor-heading">
      <h2 id="lp-login-factor-heading" className="lp-login__subtitle">
        {t('loginFactor.heading')}
      </h2>
      {passkey && (
        <>
          <p>{t('loginFactor.introPasskey')}</p>
          <Button
            type="button"
            variant={codes ? 'default' : 'primary'}
            className="lp-login__submit"
            loading={busy}
            guardMs={0}
            onClick={usePasskey}
          >
            {t('loginFactor.usePasskey')}
          </Button>
          {!codes && error && (
            <p className="lp-login__form-error" role="alert">
              {t(error.key, { tries: 0 })}
            </p>
          )}
        </>
      )}
      {codes && (
        <>
          <p>{t(recovery ? 'loginFactor.introRecovery' : 'loginFactor.intro')}</p>
          <FormField
            label={t(recovery ? 'loginFactor.recoveryCode' : 'loginFactor.code')}
            required
            error={error ? t(error.key, { tries: error.tries ?? 0 }) : undefined}
          >
            {(p) => (
              <input
                {...p}
                ref={codeRef}
                className="lp-input lp-login__input"
                name="one-time-code"
                autoComplete="one-time-code"
                inputMode={recovery ? 'text' : 'numeric'}
                spellCheck={false}
                maxLength={recovery ? 16 : 6}
                value={code}
                onChange={(e) => setCode(e.target.value)}
              />
            )}
          </FormField>
          {pending.methods.includes('recovery') && (
            <button
              type="button"
              className="lp-login__switch"
              onClick={() => {
                setRecovery(!recovery);
                setCode('');
                setError(null);
                codeRef.current?.focus();
              }}
            >
              {t(recovery ? 'loginFactor.useTotp' : 'loginFactor.useRecovery')}
            </button>
          )}
          <Button type="submit" variant="primary" className="lp-login__submit" loading={busy} guardMs={0}>
            {t('loginFactor.submit')}
          </Button>
        </>
      )}
      <button type="button" className="lp-login__switch" onClick={onBack}>
        {t('loginFactor.back')}
      </button>
    </form>
  );
}
