import * as v from 'valibot';
import { type MessageCode, messageText, msg } from './messages.ts';

/** The password policy of spec §5, enforced by client and server alike. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 16;
/** Special symbols the edit-password dialog requires one of (spec §5 "fixed set"). */
export const SPECIAL_SYMBOLS = '!@#$%^&*()_+-=[]{};:\'",.<>/?\\|`~';

export type PasswordProblem = 'required' | 'length' | 'whitespace' | 'classes' | 'pattern' | 'special';

/**
 * A password must still have this many parts once each repeat and each run counts as one
 * (patternParts): `Aa1!Aa1!` has 5, `abcabcabc1A!` 5, `Abcd1234!` 3, `Fresh#2026pw` 12.
 */
export const PATTERN_PARTS_MIN = 7;

/** Runs of characters people type in order: the alphabet, digits, keyboard rows. */
const RUNS = [
  'abcdefghijklmnopqrstuvwxyz',
  '01234567890',
  'qwertyuiop',
  'asdfghjkl',
  'zxcvbnm',
  '!@#$%^&*()',
];

/** 1 when `b` follows `a` in one of RUNS, -1 when it precedes it, 0 otherwise. */
function step(a: string, b: string): number {
  for (const run of RUNS) {
    const i = run.indexOf(a);
    if (i < 0) continue;
    if (run[i + 1] === b) return 1;
    if (i > 0 && run[i - 1] === b) return -1;
  }
  return 0;
}

/**
 * The parts of a password (case ignored), read left to right: a stretch that goes on repeating
 * what came before it (`aaaa`, `abab`, the second `Aa1!` of `Aa1!Aa1!`) is one part, a run of 3
 * or more characters in order (`abc`, `4321`, `qwerty`) is one part, any other character is one.
 */
export function patternParts(password: string): number {
  const c = [...password.toLowerCase()];
  let parts = 0;
  let i = 0;
  while (i < c.length) {
    parts += 1;
    // the longest stretch from i that repeats with some period (the characters that far back)
    let repeat = 0;
    for (let period = 1; period <= i; period++) {
      let k = 0;
      while (i + k < c.length && c[i + k] === c[i + k - period]) k++;
      repeat = Math.max(repeat, k);
    }
    if (repeat > 0) {
      i += repeat;
      continue;
    }
    const direction = i + 1 < c.length ? step(c[i]!, c[i + 1]!) : 0;
    let end = i + 1;
    if (direction !== 0) while (end < c.length && step(c[end - 1]!, c[end]!) === direction) end++;
    i = end - i >= 3 ? end : i + 1;
  }
  return parts;
}

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
 * types. `passwordProblem` is null exactly when all but `special` hold (and the password is not
 * empty); `editPasswordProblem` also needs `special`.
 */
export interface PasswordRules {
  /** 8 to 16 characters (code points). */
  length: boolean;
  /** No whitespace at all. */
  noSpaces: boolean;
  /** At least 3 of: uppercase, lowercase, digit, special symbol. */
  classes: boolean;
  /** Not made of repeats and runs (`Aa1!Aa1!`, `Abcd1234!`): PATTERN_PARTS_MIN parts at least. */
  pattern: boolean;
  /** At least one symbol of SPECIAL_SYMBOLS (the edit-password dialog only). */
  special: boolean;
}

export function passwordRules(password: string): PasswordRules {
  const length = [...password].length;
  return {
    length: length >= PASSWORD_MIN && length <= PASSWORD_MAX,
    noSpaces: !/\s/.test(password),
    classes: passwordClassCount(password) >= 3,
    // judged once the length is right (a short or over-long one fails `length`; counting the parts
    // of a long paste would cost n³)
    pattern: length < PASSWORD_MIN || length > PASSWORD_MAX || patternParts(password) >= PATTERN_PARTS_MIN,
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
  if (!rules.pattern) return 'pattern';
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
  pattern: 'passwordPattern',
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

/**
 * Common passwords that count as weak even when they meet the class rule: a short list the
 * browser can carry; the server checks a long one too (server/areas/accounts/common-passwords.ts).
 */
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
