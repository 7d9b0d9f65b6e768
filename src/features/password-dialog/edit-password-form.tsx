import { useEffect, useState } from 'react';
import { isApiError } from '../../api/errors.ts';
import { changePasswordWithCaptcha, requestPasswordCaptcha } from '../../api/password.ts';
import { Code } from '../../contract/codes.ts';
import { ChangePasswdSubmit } from '../../contract/accounts/schemas.ts';
import type { MessageKey } from '../../i18n/translate.ts';
import { Button } from '../../ui/button/button.tsx';
import { mergeRefs } from '../../ui/form/merge-refs.ts';
import { TextField } from '../../ui/form/text-field.tsx';
import { useForm } from '../../ui/form/use-form.ts';
import { useT } from '../../ui/use-t.ts';
import { usePasswordRules } from './password-rules.tsx';
import type { PasswordFormProps } from './reset-password-form.tsx';
import { INLINE_CODES, sayFailure } from './say-failure.ts';
import { SMS_COUNTDOWN_S, startSmsCountdown, useSmsCountdown } from './sms-countdown.ts';
import '../../i18n/areas/password.ts';

export interface EditPasswordFormProps extends PasswordFormProps {
  /** The registered mobile number, masked (`138****8000`), shown as the mobile field's hint. */
  mobileHint: string;
}

/**
 * Spec §5 edit-password form: the account (read-only), the mobile, a new password with a special
 * symbol and the SMS code; `POST index/change-passwd` (form), checked with the contract's schema.
 * The send-code button counts down 60 s from a store, so closing and reopening the dialog does
 * not reset it.
 */
export function EditPasswordForm({
  formId,
  account,
  mobileHint,
  onBusy,
  onChanged,
  focusRef,
}: EditPasswordFormProps) {
  const t = useT();
  const form = useForm({
    schema: ChangePasswdSubmit,
    initial: { ur_account: account, mobile: '', ur_passwd: '', captcha: '' },
    onSubmit: async (request) => {
      try {
        await changePasswordWithCaptcha(request, { silentCodes: INLINE_CODES });
      } catch (error) {
        sayFailure(form, error, {
          [Code.captchaRequired]: ['captcha', t('account.password.captchaWrong')],
          [Code.captchaExpired]: ['captcha', t('account.password.captchaExpired')],
          [Code.forbidden]: ['ur_account', t('account.password.notOwnAccount')],
        });
        return;
      }
      onChanged();
    },
  });
  useEffect(() => onBusy(form.submitting), [form.submitting, onBusy]);
  const [sending, setSending] = useState(false);
  /** What the captcha field says about the last send: sent, or asked again too soon. */
  const [codeStatus, setCodeStatus] = useState<MessageKey | null>(null);
  const seconds = useSmsCountdown();
  const rules = usePasswordRules(form.values.ur_passwd, true);
  const mobile = form.field('mobile');

  const sendCode = async () => {
    if (!form.check('mobile')) return;
    setSending(true);
    setCodeStatus(null);
    try {
      await requestPasswordCaptcha(form.values.ur_account, form.values.mobile.trim(), {
        silentCodes: [...INLINE_CODES, Code.tooManyRequests],
      });
      startSmsCountdown();
      setCodeStatus('account.password.codeSent');
    } catch (error) {
      if (isApiError(error) && error.code === Code.tooManyRequests) {
        startSmsCountdown(Date.now(), secondsOf(error.data));
        setCodeStatus('account.password.codeTooSoon');
      } else sayFailure(form, error);
    } finally {
      setSending(false);
    }
  };

  return (
    <form id={formId} className="password-form" noValidate onSubmit={(e) => void form.submit(e)}>
      <TextField
        {...form.field('ur_account')}
        label={t('account.password.account')}
        autoComplete="username"
        readOnly
      />
      <TextField
        {...mobile}
        inputRef={mergeRefs(mobile.inputRef, focusRef)}
        type="tel"
        inputMode="tel"
        label={t('account.password.mobile')}
        autoComplete="tel"
        hint={mobileHint ? t('account.password.mobileHint', { mobile: mobileHint }) : undefined}
      />
      <TextField
        {...form.field('ur_passwd')}
        type="password"
        label={t('account.password.newPassword')}
        autoComplete="new-password"
        hint={rules.hint}
        status={rules.status}
      />
      <TextField
        {...form.field('captcha')}
        inputMode="numeric"
        label={t('account.password.captcha')}
        autoComplete="one-time-code"
        maxLength={6}
        status={codeStatus ? t(codeStatus) : ''}
        statusVisible
        after={
          <Button
            className="password-form__send"
            guardMs={0}
            loading={sending}
            disabled={seconds > 0}
            onClick={() => void sendCode()}
          >
            {seconds > 0 ? t('account.password.resendIn', { seconds }) : t('account.password.sendCode')}
          </Button>
        }
      />
    </form>
  );
}

/** The seconds a 429 says to wait (`data.seconds`), else the full countdown. */
function secondsOf(data: unknown): number {
  const seconds = (data as { seconds?: unknown } | null)?.seconds;
  return typeof seconds === 'number' && seconds > 0 ? seconds : SMS_COUNTDOWN_S;
}
