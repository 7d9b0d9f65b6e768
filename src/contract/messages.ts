/**
 * The field messages of the contract, in English: the schemas' messages (the same text the server
 * answers in a 422's `data`) and a few the server adds on its own. Clients show them in the
 * user's language by id (`field.<id>` in src/i18n/messages/field.ts); a server that answers in
 * the user's language can do the same. Change a text here, never inline in a schema.
 */
export const fieldMessages = {
  accountRequired: 'please fill in the account',
  passwordRequired: 'please fill in the password',
  oldPasswordRequired: 'please fill in the old password',
  newPasswordRequired: 'please fill in the new password',
  passwordLength: 'please fill in a length of 8-16 characters',
  passwordWhitespace: 'cannot contain spaces',
  passwordClasses: 'must contain at least 3 of: uppercase, lowercase, digit, special symbol',
  passwordSpecial: 'password does not meet conditions',
  /** Answered by the server only (the common-password list is not checked while typing). */
  passwordTooCommon: 'this password is too common, please choose another',
  confirmRequired: 'please fill in the new password again',
  passwordsMismatch: 'the two new passwords do not match',
  mobileRequired: 'please fill in the mobile number',
  mobileInvalid: 'mobile number is not valid',
  /** Answered by the server only: the number is not the one registered to the account. */
  mobileMismatch: 'the mobile number does not match the account',
  captchaDigits: 'please fill in the 6-digit captcha',
  wholeNumber: 'must be a whole number',
} as const;

export type FieldMessageId = keyof typeof fieldMessages;

const ids = new Map<string, FieldMessageId>(
  Object.entries(fieldMessages).map(([id, text]) => [text, id as FieldMessageId]),
);

/** The id of a contract message given its English text (a server's 422 field message), if known. */
export const fieldMessageId = (text: string): FieldMessageId | undefined => ids.get(text);
