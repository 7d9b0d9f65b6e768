import * as v from 'valibot';
import { type MessageCode, messageText, msg } from './messages.ts';

/** The password policy of spec §5, enforced by client and server alike. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 16;
/** Special symbols the edit-password dialog requires one of (spec §5 "fixed set"). */
export const SPECIAL_SYMBOLS = '!@#$%^&*()_+-=[]{};:\'",.<>/?\\|`~';

export type PasswordProblem = 'required' | 'length' | 'whitespace' | 'classes' | 'special';

const classes: readonly RegExp[] = [/[A-Z]/, /[a-z]/, /[0-9]/, /[^A-Za-z0-9\s]/];

export function passwordClassCount(password: string): number {
  return classes.filter((re) => re.test(password)).length;
}

export function hasSpecialSymbol(password: string): boolean {
  for (const ch of password) if (SPECIAL_SYMBOLS.includes(ch)) return true;
  return false;
}

/**
 * Each rule of the policy, met or not: what a checklist beside the field shows while the user
 * types. `passwordProblem` is null exactly when the first three hold (and the password is not
 * empty); `editPasswordProblem` also needs `special`.
 */
export interface PasswordRules {
  /** 8 to 16 characters (code points). */
  length: boolean;
  /** No whitespace at all. */
  noSpaces: boolean;
  /** At least 3 of: uppercase, lowercase, digit, special symbol. */
  classes: boolean;
  /** At least one symbol of SPECIAL_SYMBOLS (the edit-password dialog only). */
  special: boolean;
}

export function passwordRules(password: string): PasswordRules {
  const length = [...password].length;
  return {
    length: length >= PASSWORD_MIN && length <= PASSWORD_MAX,
    noSpaces: !/\s/.test(password),
    classes: passwordClassCount(password) >= 3,
    special: hasSpecialSymbol(password),
  };
}

/** First problem of a new password against the policy, or null when it is acceptable. */
export function passwordProblem(password: string): PasswordProblem | null {
  if (password.length === 0) return 'required';
  const rules = passwordRules(password);
  if (!rules.noSpaces) return 'whitespace';
  if (!rules.length) return 'length';
  if (!rules.classes) return 'classes';
  return null;
}

/** Problem under the stricter rule of the edit-password dialog (also needs a special symbol). */
export function editPasswordProblem(password: string): PasswordProblem | null {
  return passwordProblem(password) ?? (hasSpecialSymbol(password) ? null : 'special');
}

/** The contract message of each problem (src/contract/messages.ts), in both languages. */
export const passwordMessageCodes: Record<PasswordProblem, MessageCode> = {
  required: 'newPasswordRequired',
  length: 'passwordLength',
  whitespace: 'passwordSpaces',
  classes: 'passwordClasses',
  special: 'passwordSpecial',
};

/** A valibot schema for a new password that meets the policy; its message is in the caller's language. */
export const NewPasswordSchema = v.pipe(
  v.string(msg('newPasswordRequired')),
  v.check(
    (value) => passwordProblem(value) === null,
    (issue) => {
      const problem = typeof issue.input === 'string' ? passwordProblem(issue.input) : 'required';
      return messageText(passwordMessageCodes[problem ?? 'required'], undefined, issue.lang);
    },
  ),
);

/** The stricter rule of the edit-password dialog (a special symbol too). */
export const EditPasswordSchema = v.pipe(
  NewPasswordSchema,
  v.check(
    (p) => editPasswordProblem(p) === null,
    (issue) => messageText('passwordSpecial', undefined, issue.lang),
  ),
);

/** Common passwords that count as weak even when they meet the class rule. */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  '12345678',
  '123456789',
  '1234567890',
  'password',
  'Password1',
  'Password1!',
  'P@ssw0rd',
  'P@ssword1',
  'Passw0rd!',
  'Qwerty123',
  'Qwerty123!',
  'Admin@123',
  'Admin123!',
  'abc12345',
  'Abc12345',
  'Abc@1234',
  'Aa123456',
  'Aa123456!',
  'Welcome1!',
  'Welcome@123',
  'Test@1234',
  'Zxcv1234!',
  'Abcd@1234',
  'Root@123',
]);

/** A stored password is weak when it fails the policy or is a common password. */
export function isWeakPassword(password: string): boolean {
  return passwordProblem(password) !== null || COMMON_PASSWORDS.has(password);
}
