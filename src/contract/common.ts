import * as v from 'valibot';
import { fieldMessages as m } from './messages.ts';

/** Shared field rules: every string input has a maximum length, trimmed where the spec says so. */
export const USERNAME_MAX = 64;
export const SECRET_MAX = 128;
export const TEXT_MAX = 2000;

export const Username = v.pipe(
  v.string('username must be a string'),
  v.trim(),
  v.nonEmpty(m.accountRequired),
  v.maxLength(USERNAME_MAX, `username is at most ${USERNAME_MAX} characters`),
);

/** A password as typed (login, old password): sent as given, never trimmed. */
export const Secret = v.pipe(
  v.string('password must be a string'),
  v.nonEmpty(m.passwordRequired),
  v.maxLength(SECRET_MAX, `password is at most ${SECRET_MAX} characters`),
);

export const Identifier = v.pipe(
  v.string('identifier must be a string'),
  v.trim(),
  v.nonEmpty('identifier is required'),
  v.maxLength(64, 'identifier is at most 64 characters'),
);

export const Mobile = v.pipe(
  v.string('mobile must be a string'),
  v.trim(),
  v.nonEmpty(m.mobileRequired),
  v.regex(/^\+?[0-9]{6,20}$/, m.mobileInvalid),
);

/** A whole number arriving as a number (JSON) or as a digit string (query, form). */
export const IntLike = v.pipe(
  v.union([v.number(), v.pipe(v.string(), v.regex(/^-?\d{1,15}$/, m.wholeNumber))]),
  v.transform((x) => Number(x)),
  v.integer(m.wholeNumber),
);
