import { type FormEvent, useState } from 'react';
import { isApiError } from '../../api/errors.ts';
import { changePasswordWithCaptcha, requestPasswordCaptcha } from '../../api/password.ts';
import { Code } from '../../contract/codes.ts';
import { toast } from '../../stores/notices.ts';
import { Button } from '../../ui/button/button.tsx';
import { useT } from '../../ui/use-t.ts';
import type { PasswordFormProps } from './reset-password-form.tsx';
import { fieldErrorsOf } from './server-errors.ts';
import { startSmsCountdown, useSmsCountdown } from './sms-countdown.ts';
import { TextField } from './text-field.tsx';
import { useForm } from './use-form.ts';
import { type EditField, validateEdit, validateMobile } from './validate.ts';

const SERVER_FIELDS: Record<string, EditField> = {
  ur_account: 'account',
  mobile: 'mobile',
  captcha: 'captcha',
  ur_passwd: 'newPassword',
};

/**
 * Spec §5 edit-password form: the account (read-only), the mobile, a new password with a special
 * symbol and the SMS code; `POST index/change-passwd` (form). The send-code button counts down
 * 60 s from a store, so closing and reopening the dialog does not reset it.
 */
export function EditPasswordForm({ formId, account, onBusy, onChanged, focusRef }: PasswordFormProps) {
  const t = useT();
  const form = useForm({ account, mobile: '', newPassword: '', captcha: '' }, validateEdit);
  const [busy, setBusy] = useState(false);
  const [sending, setSending] = useState(false);
  const seconds = useSmsCountdown();
  const { values, errors } = form;

  const sendCode = async () => {
    const problem = validateMobile(values.mobile);
    if (problem) {
      form.touch('mobile');
      return;
    }
    setSending(true);
    try {
      const message = await requestPasswordCaptcha(values.account, values.mobile.trim());
      startSmsCountdown();
      if (message) toast(message, 'success');
    } catch (error) {
      const wait = isApiError(error) && error.code === Code.tooManyRequests ? secondsOf(error.data) : 0;
      if (wait > 0) startSmsCountdown(Date.now(), wait);
      for (const [field, message] of fieldErrorsOf(error, SERVER_FIELDS)) form.serverError(field, message);
    } finally {
      setSending(false);
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !form.submit()) return;
    setBusy(true);
    onBusy(true);
    try {
      await changePasswordWithCaptcha({
        ur_account: values.account,
        mobile: values.mobile.trim(),
        captcha: values.captcha.trim(),
        ur_passwd: values.newPassword,
      });
      onChanged();
    } catch (error) {
      for (const [field, message] of fieldErrorsOf(error, SERVER_FIELDS)) form.serverError(field, message);
    } finally {
      setBusy(false);
      onBusy(false);
    }
  };

  return (
    <form id={formId} className="password-form" noValidate onSubmit={(e) => void onSubmit(e)}>
      <TextField
        name="account"
        label={t('account.password.account')}
        value={values.account}
        autoComplete="username"
        readOnly
        error={errors.account}
        onChange={() => undefined}
      />
      <TextField
        name="mobile"
        type="tel"
        inputMode="tel"
        label={t('account.password.mobile')}
        value={values.mobile}
        autoComplete="tel"
        inputRef={focusRef}
        error={errors.mobile}
        onChange={(v) => form.set('mobile', v)}
        onBlur={() => form.touch('mobile')}
      />
      <TextField
        name="new-password"
        type="password"
        label={t('account.password.newPassword')}
        value={values.newPassword}
        autoComplete="new-password"
        hint={t('account.password.editRules')}
        error={errors.newPassword}
        onChange={(v) => form.set('newPassword', v)}
        onBlur={() => form.touch('newPassword')}
      />
      <TextField
        name="captcha"
        inputMode="numeric"
        label={t('account.password.captcha')}
        value={values.captcha}
        autoComplete="one-time-code"
        maxLength={6}
        error={errors.captcha}
        onChange={(v) => form.set('captcha', v)}
        onBlur={() => form.touch('captcha')}
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

function secondsOf(data: unknown): number {
  const seconds = (data as { seconds?: unknown } | null)?.seconds;
  return typeof seconds === 'number' && seconds > 0 ? seconds : 0;
}
