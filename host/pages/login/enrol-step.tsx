import { type FormEvent, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../../src/api/errors.ts';
import { loginEnrolConfirm, loginEnrolStart } from '../../../src/api/login-enrol.ts';
import { loginEnrolWithPasskey, PasskeyNotMade } from '../../../src/api/login-enrol-passkey.ts';
import { Code } from '../../../src/contract/codes.ts';
import type { EnrolResponse } from '../../../src/contract/second-factor/schemas.ts';
import type {
  EnrolmentRequired,
  LoginEnrolConfirmResponse,
} from '../../../src/contract/second-factor-policy/schemas.ts';
import { qrPath } from '../../../src/features/order-view/qr.ts';
import '../../../src/i18n/areas/login-enrol.ts';
import type { MessageKey } from '../../../src/i18n/catalogue.ts';
import { signedIn } from '../../../src/stores/session.ts';
import { Button, FormField, useT } from '../../../src/ui/index.ts';

export interface EnrolStepProps {
  /** The 478's data: the pending enrolment's token. */
  pending: EnrolmentRequired;
  /** The sign-in is done (the token is stored): the page goes on. */
  onDone: () => void;
  /** Back to the password (the pending enrolment is over, or the user asked). */
  onBack: () => void;
}

const QUIET = { silentCodes: [Code.wrongCredentials, Code.captchaExpired] };
const PASSKEY_QUIET = { silentCodes: [Code.invalid, Code.conflict, Code.captchaExpired] };

/**
 * The login page's enrolment step after a 478 (a customer of the person requires two-step sign-in,
 * and they have none: docs/decisions/second-factor-policy.md): a new secret as a QR code and as
 * text, the first code of the authenticator, then the 10 recovery codes shown this once, and on
 * into the portal. Its own lazy chunk with its strings: the login page's first load carries none
 * of it. 406 says the tries left; 476 (10 minutes, 5 codes) goes back to the password.
 * "Add a passkey instead" makes the factor a passkey (the browser's dialog; docs/decisions/
 * passkeys.md) and goes on into the portal; the browser's refusal is said beside the button.
 */
export function EnrolStep({ pending, onDone, onBack }: EnrolStepProps) {
  const t = useT();
  const [enrol, setEnrol] = useState<EnrolResponse | null>(null);
  const [done, setDone] = useState<LoginEnrolConfirmResponse | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<{ key: MessageKey; tries?: number } | null>(null);
  const [busy, setBusy] = useState(false);
  const [keying, setKeying] = useState(false);
  const [keyError, setKeyError] = useState<MessageKey | null>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const back = useRef(onBack);
  back.current = onBack;

  useEffect(() => {
    let live = true;
    loginEnrolStart(pending.enrol_token, QUIET).then(
      (started) => {
        if (!live) return;
        setEnrol(started);
        requestAnimationFrame(() => codeRef.current?.focus());
      },
      () => live && back.current(),
    );
    return () => {
      live = false;
    };
  }, [pending.enrol_token]);

  // a passkey instead of the app: no recovery codes to show, the sign-in is done at once
  const addPasskey = async () => {
    if (busy || keying) return;
    setKeying(true);
    setKeyError(null);
    try {
      signedIn(await loginEnrolWithPasskey(pending.enrol_token, t('loginEnrol.passkeyName'), PASSKEY_QUIET));
      onDone();
    } catch (failure) {
      setKeying(false);
      if (failure instanceof PasskeyNotMade)
        return setKeyError(
          failure.reason === 'unsupported' ? 'loginEnrol.passkeyUnsupported' : 'loginEnrol.passkeyRefused',
        );
      if (isApiError(failure) && failure.code === Code.captchaExpired) return onBack();
      setKeyError('loginEnrol.passkeyFailed');
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || keying) return;
    if (done) {
      signedIn(done);
      return onDone();
    }
    if (!code.trim()) {
      setError({ key: 'loginEnrol.codeRequired' });
      return codeRef.current?.focus();
    }
    setBusy(true);
    try {
      setDone(await loginEnrolConfirm(pending.enrol_token, code, QUIET));
      setError(null);
    } catch (failure) {
      setCode('');
      if (!isApiError(failure)) return;
      if (failure.code === Code.captchaExpired) return onBack();
      if (failure.code === Code.wrongCredentials) {
        const tries = (failure.data as { tries_left?: number } | null)?.tries_left ?? 0;
        if (tries <= 0) return onBack();
        setError({ key: 'loginEnrol.wrong', tries });
      } else setError({ key: 'loginEnrol.expired' });
      codeRef.current?.focus();
    } finally {
      setBusy(false);
    }
  };

  const qr = enrol ? qrPath(enrol.otpauth_uri) : null;
  return (
    <form className="lp-login__form" noValidate onSubmit={submit} aria-labelledby="lp-login-enrol-heading">
      <h2 id="lp-login-enrol-heading" className="lp-login__subtitle">
        {t(done ? 'loginEnrol.recoveryTitle' : 'loginEnrol.heading')}
      </h2>
      {done ? (
        <>
          <p>{t('loginEnrol.recoveryIntro')}</p>
          <ol
            aria-label={t('loginEnrol.recoveryTitle')}
            style={{ columns: 2, fontFamily: 'monospace', margin: '0 0 1rem', paddingInlineStart: '1.5rem' }}
          >
            {done.recovery_codes.map((c) => (
              <li key={c}>
                <code>{c}</code>
              </li>
            ))}
          </ol>
        </>
      ) : (
        <>
          <p>{t('loginEnrol.intro')}</p>
          {enrol && qr && (
            <>
              <p>{t('loginEnrol.scan')}</p>
              <svg
                role="img"
                aria-label={t('loginEnrol.qrAlt')}
                viewBox={`0 0 ${qr.size} ${qr.size}`}
                width={180}
                height={180}
                style={{ display: 'block', margin: '0 auto' }}
              >
                <rect width={qr.size} height={qr.size} fill="#fff" />
                <path d={qr.path} fill="#000" />
              </svg>
              <p style={{ overflowWrap: 'anywhere' }}>
                <span>{t('loginEnrol.secret')}</span>{' '}
                <code data-secret={enrol.secret}>{enrol.secret.replace(/(.{4})(?=.)/g, '$1 ')}</code>
              </p>
            </>
          )}
          <FormField
            label={t('loginEnrol.code')}
            required
            hint={t('loginEnrol.codeHint')}
            error={error ? t(error.key, { tries: error.tries ?? 0 }) : undefined}
          >
            {(p) => (
              <input
                {...p}
                ref={codeRef}
                className="lp-input lp-login__input"
                name="one-time-code"
                autoComplete="one-time-code"
                inputMode="numeric"
                spellCheck={false}
                maxLength={6}
                value={code}
                onChange={(e) => setCode(e.target.value)}
              />
            )}
          </FormField>
        </>
      )}
      <Button
        type="submit"
        variant="primary"
        className="lp-login__submit"
        loading={busy}
        disabled={!enrol || keying}
        guardMs={0}
      >
        {t(done ? 'loginEnrol.continue' : 'loginEnrol.submit')}
      </Button>
      {!done && (
        <>
          <Button
            type="button"
            className="lp-login__submit"
            loading={keying}
            disabled={busy}
            guardMs={0}
            onClick={addPasskey}
          >
            {t('loginEnrol.passkey')}
          </Button>
          {keyError && (
            <p className="lp-login__form-error" role="alert">
              {t(keyError)}
            </p>
          )}
        </>
      )}
      {!done && (
        <button type="button" className="lp-login__switch" onClick={onBack}>
          {t('loginEnrol.back')}
        </button>
      )}
    </form>
  );
}
