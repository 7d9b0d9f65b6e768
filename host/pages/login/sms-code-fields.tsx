import { type RefObject, useRef, useState } from 'react';
import { isApiError } from '../../../src/api/errors.ts';
import { loginSms } from '../../../src/api/user.ts';
import { Code } from '../../../src/contract/codes.ts';
import type { MessageKey } from '../../../src/i18n/translate.ts';
import { Button, FormField, useT } from '../../../src/ui/index.ts';
import { checkMobile } from './login-form-state.ts';
import { useCountdown } from './use-countdown.ts';

/** One code a minute per account (server/areas/accounts/sms-codes.ts): the button waits as long. */
const RESEND_SECONDS = 60;

export interface SmsCodeFieldsProps {
  /** The username the code is asked for (trimmed by the API call). */
  username: string;
  /** The code as typed (the form sends it instead of the captcha's answer). */
  code: string;
  onCode(code: string): void;
  codeError?: MessageKey;
  codeRef: RefObject<HTMLInputElement | null>;
  /** Back to the image. */
  onUseImage(): void;
}

/**
 * The captcha's alternative on the sign-in page, for people who cannot read the image (WCAG
 * 1.1.1): the account's mobile number, a button that has a code texted to it (`user/login-sms`;
 * nothing is said about whether the number matched), and the code, which the form then sends in
 * place of the captcha's answer.
 */
export function SmsCodeFields({
  username,
  code,
  onCode,
  codeError,
  codeRef,
  onUseImage,
}: SmsCodeFieldsProps) {
  const t = useT();
  const [mobile, setMobile] = useState('');
  const [mobileError, setMobileError] = useState<MessageKey | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  // The number the last code was asked for: the wait before the next is for that number only (a
  // mistyped number can be put right at once).
  const [sentFor, setSentFor] = useState('');
  const [sending, setSending] = useState(false);
  const resend = useCountdown();
  const mobileRef = useRef<HTMLInputElement>(null);
  const waiting = resend.remaining > 0 && mobile.trim() === sentFor;

  const send = async () => {
    const bad = username.trim() === '' ? 'host.login.usernameRequired' : checkMobile(mobile);
    setMobileError(bad);
    if (bad) return mobileRef.current?.focus();
    setSending(true);
    try {
      const answer = await loginSms(username, mobile);
      setSentTo(answer.mobile);
      setSentFor(mobile.trim());
      resend.start(RESEND_SECONDS);
      codeRef.current?.focus();
    } catch (error) {
      // 407: this address must wait before its next try, a code included. Others: the API
      // client has told the user.
      if (isApiError(error) && error.code === Code.locked) setMobileError('host.login.lockedLater');
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <FormField label={t('host.login.mobile')} required error={mobileError ? t(mobileError) : undefined}>
        {(p) => (
          <div className="lp-login__captcha">
            <input
              {...p}
              ref={mobileRef}
              className="lp-input lp-login__input lp-login__input--plain"
              name="mobile"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              maxLength={21}
              value={mobile}
              onChange={(e) => setMobile(e.target.value)}
            />
            <Button className="lp-login__send" onClick={send} loading={sending} disabled={waiting}>
              {waiting ? t('host.login.resendIn', { seconds: resend.remaining }) : t('host.login.sendCode')}
            </Button>
          </div>
        )}
      </FormField>
      <p className="lp-login__sent" role="status">
        {sentTo ? t('host.login.codeSent', { mobile: sentTo }) : ''}
      </p>
      <FormField label={t('host.login.smsCode')} required error={codeError && t(codeError)}>
        {(p) => (
          <input
            {...p}
            ref={codeRef}
            className="lp-input lp-login__input"
            name="sms-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(e) => onCode(e.target.value)}
          />
        )}
      </FormField>
      <button type="button" className="lp-login__switch" onClick={onUseImage}>
        {t('host.login.useImage')}
      </button>
    </>
  );
}
