import { type FormEvent, type RefObject, useState } from 'react';
import { isApiError } from '../../api/errors.ts';
import { updatePassword } from '../../api/password.ts';
import { Code } from '../../contract/codes.ts';
import { useT } from '../../ui/use-t.ts';
import { fieldErrorsOf } from './server-errors.ts';
import { TextField } from './text-field.tsx';
import { useForm } from './use-form.ts';
import { type ResetField, validateReset } from './validate.ts';

const SERVER_FIELDS: Record<string, ResetField> = {
  username: 'account',
  old_password: 'oldPassword',
  new_password1: 'newPassword',
  new_password2: 'confirmPassword',
};

export interface PasswordFormProps {
  /** Id of the `<form>`, so the dialog's footer button can submit it. */
  formId: string;
  /** Prefilled account. */
  account: string;
  onBusy: (busy: boolean) => void;
  onChanged: () => void;
  /** Receives the input the dialog focuses when it opens (the first one to fill in). */
  focusRef?: RefObject<HTMLInputElement | null>;
}

/** Spec §5 reset form: `POST user/update-pass-word`; a wrong old password (406) shows on its field. */
export function ResetPasswordForm({ formId, account, onBusy, onChanged, focusRef }: PasswordFormProps) {
  const t = useT();
  const form = useForm({ account, oldPassword: '', newPassword: '', confirmPassword: '' }, validateReset);
  const [busy, setBusy] = useState(false);
  const { values, errors } = form;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !form.submit()) return;
    setBusy(true);
    onBusy(true);
    try {
      await updatePassword({
        username: values.account.trim(),
        old_password: values.oldPassword,
        new_password1: values.newPassword,
        new_password2: values.confirmPassword,
      });
      onChanged();
    } catch (error) {
      if (isApiError(error) && error.code === Code.wrongCredentials)
        form.serverError('oldPassword', 'account.password.wrongOld');
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
        inputRef={account ? undefined : focusRef}
        error={errors.account}
        onChange={(v) => form.set('account', v)}
        onBlur={() => form.touch('account')}
      />
      <TextField
        name="old-password"
        type="password"
        label={t('account.password.oldPassword')}
        value={values.oldPassword}
        autoComplete="current-password"
        inputRef={account ? focusRef : undefined}
        error={errors.oldPassword}
        onChange={(v) => form.set('oldPassword', v)}
        onBlur={() => form.touch('oldPassword')}
      />
      <TextField
        name="new-password"
        type="password"
        label={t('account.password.newPassword')}
        value={values.newPassword}
        autoComplete="new-password"
        hint={t('account.password.rules')}
        error={errors.newPassword}
        onChange={(v) => form.set('newPassword', v)}
        onBlur={() => form.touch('newPassword')}
      />
      <TextField
        name="confirm-password"
        type="password"
        label={t('account.password.confirmPassword')}
        value={values.confirmPassword}
        autoComplete="new-password"
        error={errors.confirmPassword}
        onChange={(v) => form.set('confirmPassword', v)}
        onBlur={() => form.touch('confirmPassword')}
      />
    </form>
  );
}
