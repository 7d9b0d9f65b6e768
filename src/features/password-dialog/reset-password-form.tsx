import { type RefObject, useEffect } from 'react';
import { updatePassword } from '../../api/password.ts';
import { Code } from '../../contract/codes.ts';
import { UpdatePasswordRequest } from '../../contract/accounts/schemas.ts';
import { mergeRefs } from '../../ui/form/merge-refs.ts';
import { TextField } from '../../ui/form/text-field.tsx';
import { useForm } from '../../ui/form/use-form.ts';
import { useT } from '../../ui/use-t.ts';
import { usePasswordRules } from './password-rules.tsx';
import { INLINE_CODES, sayFailure } from './say-failure.ts';
import '../../i18n/areas/password.ts';

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

/**
 * Spec §5 reset form: account, old password, new and confirm (`POST user/update-pass-word`),
 * checked with the contract's schema. A wrong old password (406) shows on its field.
 */
export function ResetPasswordForm({ formId, account, onBusy, onChanged, focusRef }: PasswordFormProps) {
  const t = useT();
  const form = useForm({
    schema: UpdatePasswordRequest,
    initial: { username: account, old_password: '', new_password1: '', new_password2: '' },
    onSubmit: async (request) => {
      try {
        await updatePassword(request, { silentCodes: INLINE_CODES });
      } catch (error) {
        sayFailure(form, error, {
          [Code.wrongCredentials]: ['old_password', t('account.password.wrongOld')],
          [Code.forbidden]: ['username', t('account.password.notOwnAccount')],
        });
        return;
      }
      onChanged();
    },
  });
  useEffect(() => onBusy(form.submitting), [form.submitting, onBusy]);
  const rules = usePasswordRules(form.values.new_password1, false);
  const username = form.field('username');
  const oldPassword = form.field('old_password');

  return (
    <form id={formId} className="password-form" noValidate onSubmit={(e) => void form.submit(e)}>
      <TextField
        {...username}
        inputRef={account ? username.inputRef : mergeRefs(username.inputRef, focusRef)}
        label={t('account.password.account')}
        autoComplete="username"
      />
      <TextField
        {...oldPassword}
        inputRef={account ? mergeRefs(oldPassword.inputRef, focusRef) : oldPassword.inputRef}
        type="password"
        label={t('account.password.oldPassword')}
        autoComplete="current-password"
      />
      <TextField
        {...form.field('new_password1')}
        type="password"
        label={t('account.password.newPassword')}
        autoComplete="new-password"
        hint={rules.hint}
        status={rules.status}
      />
      <TextField
        {...form.field('new_password2')}
        type="password"
        label={t('account.password.confirmPassword')}
        autoComplete="new-password"
      />
    </form>
  );
}
