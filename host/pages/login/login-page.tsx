import { useStore } from '@nanostores/react';
import {
  type ComponentType,
  type FormEvent,
  type KeyboardEvent,
  lazy,
  Suspense,
  useRef,
  useState,
} from 'react';
import { isApiError } from '../../../src/api/errors.ts';
import { captchaUrl } from '../../../src/api/user.ts';
import { Code } from '../../../src/contract/codes.ts';
import { navigate } from '../../../src/stores/navigation.ts';
import { $signOutReason, login } from '../../../src/stores/session.ts';
import { Button, FormField, useT } from '../../../src/ui/index.ts';
import { loadElement } from '../../elements.ts';
import { LanguageSwitch } from '../language-switch.tsx';
import { useDocumentLang } from '../use-document-lang.ts';
import { usePageCss } from '../use-page-css.ts';
import { BrandPanel } from './brand-panel.tsx';
import { loginCss } from './login.styles.ts';
import { checkInput, type LoginErrors, redirectTarget, refusal, waitMessage } from './login-form-state.ts';
import { PasswordInput } from './password-input.tsx';
import { useCountdown } from './use-countdown.ts';

/**
 * The captcha's SMS alternative, loaded when someone asks for it (after 3 failures and a click),
 * with the second step (later-steps.ts): out of the login page's first load.
 */
/** Single sign-on (sso.tsx): loaded once the account typed has an `@`, or the provider sent the browser back. */
const Sso = lazy(() => import('./sso.tsx'));

const SmsCodeFields = lazy(() => import('./later-steps.ts').then((m) => ({ default: m.SmsCodeFields })));

/**
 * The sign-in page (/login): account and password, a captcha once the server asks for one (475
 * after 3 failures; 476 when it expired), inline messages for 406 and 407 (407 counts down the
 * wait the server asked for, and nothing is sent meanwhile), then back to the page of
 * `?redirect=` (default '/'). A page load that found the session replaced by a login elsewhere
 * lands here and says so above the form.
 */
export function LoginPage() {
  const t = useT();
  const signOutReason = useStore($signOutReason);
  useDocumentLang();
  usePageCss(loginCss);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [captcha, setCaptcha] = useState('');
  const [captchaFor, setCaptchaFor] = useState<string | null>(null);
  // The code texted to the account's mobile instead of the image (sms-code-fields.tsx).
  const [smsMode, setSmsMode] = useState(false);
  const [nonce, setNonce] = useState(0);
  const [errors, setErrors] = useState<LoginErrors>({});
  const [busy, setBusy] = useState(false);
  const [capsLock, setCapsLock] = useState(false);
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const captchaRef = useRef<HTMLInputElement>(null);
  const wait = useCountdown();
  // After a 477: the second step, loaded then with its strings (second-factor-step.tsx); after a
  // 478 (a customer requires a factor the person lacks) the enrolment, a chunk of its own (enrol-step.tsx).
  const [factor, setFactor] = useState<{
    Step: ComponentType<{ pending: never; onDone: () => void; onBack: () => void }>;
    pending: unknown;
  } | null>(null);
  const done = () => navigate(redirectTarget(globalThis.location?.search ?? ''));

  const captchaShown = captchaFor !== null;
  const ssoBack = /[?&]state=/.test(globalThis.location?.search ?? '');
  const showCaptcha = (name: string) => {
    setCaptchaFor(name);
    setNonce(Date.now());
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    // Still waiting after a 407: the message above the button says how long.
    if (wait.remaining > 0) return;
    const found = checkInput({ username, password, captcha, captchaShown, smsMode });
    setErrors(found);
    if (found.username) return usernameRef.current?.focus();
    if (found.password) return passwordRef.current?.focus();
    if (found.captcha) return captchaRef.current?.focus();
    const name = username.trim();
    // A captcha belongs to one username: a changed username needs a new image.
    if (captchaShown && !smsMode && captchaFor !== name) {
      showCaptcha(name);
      setCaptcha('');
      setErrors({ captcha: 'host.login.captchaNeeded' });
      return captchaRef.current?.focus();
    }
    setBusy(true);
    try {
      const answer = captchaShown ? captcha.trim() : '';
      await login(
        smsMode && captchaShown
          ? { username: name, password, validate: '', sms_code: answer }
          : { username: name, password, validate: answer },
      );
      done();
    } catch (error) {
      setBusy(false);
      if (
        isApiError(error) &&
        (error.code === Code.secondFactorRequired || error.code === Code.secondFactorEnrolmentRequired)
      ) {
        const Step =
          error.code === Code.secondFactorRequired
            ? (await import('./later-steps.ts')).SecondFactorStep
            : (await import('./enrol-step.tsx')).EnrolStep;
        return setFactor({ Step, pending: error.data });
      }
      const refused = refusal(error, captchaShown, captcha.trim() !== '', smsMode && captchaShown);
      if (!refused) return;
      setErrors(refused.errors);
      if (refused.clearCaptcha) setCaptcha('');
      if (refused.captcha) showCaptcha(name);
      if (refused.retryAfter) wait.start(refused.retryAfter);
      if (refused.errors.captcha) requestAnimationFrame(() => captchaRef.current?.focus());
      else if (refused.errors.form) passwordRef.current?.select();
    }
  };

  // The 407 message counts down and goes away when the wait is over. Screen readers hear it once
  // (the status line below, with the wait it started from), not at every tick.
  const waiting = errors.form === 'host.login.locked' && wait.remaining > 0;
  const lockedText = (seconds: number) => {
    const left = waitMessage(seconds);
    return t('host.login.locked', { wait: t(left.key, left.params) });
  };
  let formMessage = '';
  if (waiting) formMessage = lockedText(wait.remaining);
  else if (errors.form && errors.form !== 'host.login.locked') formMessage = t(errors.form);

  const onPasswordKey = (event: KeyboardEvent<HTMLInputElement>) => {
    setCapsLock(event.getModifierState?.('CapsLock') ?? false);
  };

  return (
    <div className="lp-login">
      <BrandPanel />
      <main className="lp-login__main">
        <LanguageSwitch className="lp-login__lang" />
        <div className="lp-login__card">
          <header className="lp-login__header">
            <h1 className="lp-login__heading">{t('host.login.heading')}</h1>
            <p className="lp-login__subtitle">{t('host.login.subtitle')}</p>
          </header>
          {signOutReason && (
            <p className="lp-login__notice" role="status">
              {t(signOutReason === 'idle' ? 'host.login.signedOutIdle' : 'host.login.signedInElsewhere')}
            </p>
          )}
          {(ssoBack || username.includes('@')) && (
            <Suspense fallback={null}>
              <Sso username={username} />
            </Suspense>
          )}
          {factor ? (
            <factor.Step
              pending={factor.pending as never}
              onDone={done}
              onBack={() => {
                setFactor(null);
                setPassword('');
              }}
            />
          ) : (
            <form
              className="lp-login__form"
              noValidate
              onSubmit={submit}
              aria-describedby="lp-login-form-error"
            >
              <FormField
                label={t('host.login.username')}
                required
                error={errors.username && t(errors.username)}
              >
                {(p) => (
                  <input
                    {...p}
                    ref={usernameRef}
                    className="lp-input lp-login__input"
                    name="username"
                    autoComplete="username"
                    autoCapitalize="none"
                    spellCheck={false}
                    maxLength={64}
                    value={username}
                    onChange={(e) => setUsername(e.target.value)}
                    onBlur={() => {
                      const name = username.trim();
                      if (captchaShown && !smsMode && name && name !== captchaFor) showCaptcha(name);
                    }}
                  />
                )}
              </FormField>
              <FormField
                label={t('host.login.password')}
                required
                error={errors.password && t(errors.password)}
                hint={capsLock ? t('host.login.capsLock') : undefined}
              >
                {(p) => (
                  <PasswordInput
                    {...p}
                    inputRef={passwordRef}
                    value={password}
                    onChange={setPassword}
                    onKeyUp={onPasswordKey}
                  />
                )}
              </FormField>
              <button
                type="button"
                className="lp-login__switch"
                // Forgot password: `<lp-forgot-password>` loads on the first click (docs/decisions/password-reset.md)
                onClick={() =>
                  void loadElement('lp-forgot-password').then(() =>
                    document.body.append(
                      Object.assign(document.createElement('lp-forgot-password'), {
                        account: username,
                        open: true,
                      }),
                    ),
                  )
                }
              >
                {t('host.login.forgot')}
              </button>
              {captchaShown && smsMode && (
                <Suspense fallback={null}>
                  <SmsCodeFields
                    username={username}
                    code={captcha}
                    onCode={setCaptcha}
                    codeError={errors.captcha}
                    codeRef={captchaRef}
                    onUseImage={() => {
                      setSmsMode(false);
                      setCaptcha('');
                      setErrors({});
                      showCaptcha(username.trim());
                      requestAnimationFrame(() => captchaRef.current?.focus());
                    }}
                  />
                </Suspense>
              )}
              {captchaShown && !smsMode && (
                <FormField
                  label={t('host.login.captcha')}
                  required
                  error={errors.captcha && t(errors.captcha)}
                >
                  {(p) => (
                    <div className="lp-login__captcha">
                      <input
                        {...p}
                        ref={captchaRef}
                        className="lp-input lp-login__input"
                        name="captcha"
                        autoComplete="off"
                        autoCapitalize="characters"
                        spellCheck={false}
                        maxLength={16}
                        value={captcha}
                        onChange={(e) => setCaptcha(e.target.value)}
                      />
                      <button
                        type="button"
                        className="lp-login__captcha-image"
                        title={t('host.login.captchaRefresh')}
                        onClick={() => showCaptcha(captchaFor ?? username.trim())}
                      >
                        <img
                          src={captchaUrl(captchaFor ?? '', nonce)}
                          alt={t('host.login.captchaAlt')}
                          width={180}
                          height={60}
                        />
                      </button>
                    </div>
                  )}
                </FormField>
              )}
              {captchaShown && !smsMode && (
                <button
                  type="button"
                  className="lp-login__switch"
                  onClick={() => {
                    setSmsMode(true);
                    setCaptcha('');
                    setErrors({});
                  }}
                >
                  {t('host.login.useSms')}
                </button>
              )}
              <p
                id="lp-login-form-error"
                className="lp-login__form-error"
                role="alert"
                aria-live={waiting ? 'off' : undefined}
              >
                {formMessage}
              </p>
              <p className="lp-visually-hidden" role="status">
                {waiting ? lockedText(wait.total) : ''}
              </p>
              <Button type="submit" variant="primary" className="lp-login__submit" loading={busy} guardMs={0}>
                {busy ? t('host.login.submitting') : t('host.login.submit')}
              </Button>
            </form>
          )}
          <p className="lp-login__legal">
            {t('host.login.agree')} <a href="/service-agreement">{t('host.legal.agreement')}</a>{' '}
            {t('host.login.and')} <a href="/privacy-policy">{t('host.legal.privacy')}</a>
          </p>
        </div>
        <p className="lp-login__help">{t('host.login.service')}</p>
      </main>
    </div>
  );
}
