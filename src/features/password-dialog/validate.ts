import { editPasswordProblem, type PasswordProblem, passwordProblem } from '../../contract/password.ts';
import type { MessageKey } from '../../i18n/index.ts';

/**
 * The form checks of spec §5 for both password dialogs. The policy itself (length, spaces,
 * classes, special symbol) comes from src/contract/password.ts, which the server applies too;
 * this only maps its verdicts to the messages each field shows.
 */
export type FieldErrors<F extends string> = Partial<Record<F, MessageKey>>;

const problemKeys: Record<Exclude<PasswordProblem, 'required'>, MessageKey> = {
  length: 'account.error.length',
  whitespace: 'account.error.whitespace',
  classes: 'account.error.classes',
  special: 'account.error.special',
};

function newPasswordError(problem: PasswordProblem | null): MessageKey | undefined {
  if (problem === null) return undefined;
  return problem === 'required' ? 'account.error.newRequired' : problemKeys[problem];
}

export interface ResetValues {
  account: string;
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}
export type ResetField = keyof ResetValues;

/** Reset form: account, old password, new and confirm; the new one meets the policy, both match. */
export function validateReset(values: ResetValues): FieldErrors<ResetField> {
  const errors: FieldErrors<ResetField> = {};
  if (!values.account.trim()) errors.account = 'account.error.accountRequired';
  if (!values.oldPassword) errors.oldPassword = 'account.error.oldRequired';
  const problem = newPasswordError(passwordProblem(values.newPassword));
  if (problem) errors.newPassword = problem;
  if (!values.confirmPassword) errors.confirmPassword = 'account.error.confirmRequired';
  else if (values.confirmPassword !== values.newPassword) errors.confirmPassword = 'account.error.mismatch';
  return errors;
}

export interface EditValues {
  account: string;
  mobile: string;
  newPassword: string;
  captcha: string;
}
export type EditField = keyof EditValues;

/** Only the mobile, as needed before an SMS code can be sent. */
export function validateMobile(mobile: string): MessageKey | undefined {
  return mobile.trim() ? undefined : 'account.error.mobileRequired';
}

/** Edit form: mobile, a new password with a special symbol, and the SMS captcha. */
export function validateEdit(values: EditValues): FieldErrors<EditField> {
  const errors: FieldErrors<EditField> = {};
  if (!values.account.trim()) errors.account = 'account.error.accountRequired';
  const mobile = validateMobile(values.mobile);
  if (mobile) errors.mobile = mobile;
  const problem = newPasswordError(editPasswordProblem(values.newPassword));
  if (problem) errors.newPassword = problem;
  if (!values.captcha.trim()) errors.captcha = 'account.error.captchaRequired';
  return errors;
}

export const hasErrors = (errors: Partial<Record<string, unknown>>): boolean =>
  Object.values(errors).some(Boolean);
