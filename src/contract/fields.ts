import * as v from 'valibot';
import { msg } from './messages.ts';

/** Shared field rules: every string input has a maximum length, trimmed where the spec says so. */
export const USERNAME_MAX = 64;
export const SECRET_MAX = 128;
export const TEXT_MAX = 2000;
/** The largest value of a PostgreSQL `integer` (int4) column: every record id is one. */
export const INT4_MAX = 2_147_483_647;

/** Text the database can hold: PostgreSQL text refuses the NUL character. */
const NO_NUL = /^[^\0]*$/;

/** Any text up to `max` characters (not trimmed). */
export const Text = (max: number) =>
  v.pipe(v.string(msg('string')), v.maxLength(max, msg('maxLength', { max })), v.regex(NO_NUL, msg('noNul')));

/** Optional text, '' when left out. */
export const OptionalText = (max: number) => v.optional(Text(max), '');

/** Text trimmed first, then up to `max` characters. */
export const TrimmedText = (max: number) =>
  v.pipe(
    v.string(msg('string')),
    v.trim(),
    v.maxLength(max, msg('maxLength', { max })),
    v.regex(NO_NUL, msg('noNul')),
  );

/** Text that must be filled in (trimmed first). */
export const RequiredText = (max: number, required = msg('required')) =>
  v.pipe(
    v.string(msg('string')),
    v.trim(),
    v.nonEmpty(required),
    v.maxLength(max, msg('maxLength', { max })),
  );

export const Username = RequiredText(USERNAME_MAX, msg('accountRequired'));

/** A password as typed (login, old password): sent as given, never trimmed. */
export const Secret = v.pipe(
  v.string(msg('string')),
  v.nonEmpty(msg('passwordRequired')),
  v.maxLength(SECRET_MAX, msg('maxLength', { max: SECRET_MAX })),
);

export const Identifier = RequiredText(64);

export const Mobile = v.pipe(
  v.string(msg('string')),
  v.trim(),
  v.nonEmpty(msg('mobileRequired')),
  v.regex(/^\+?[0-9]{6,20}$/, msg('mobileInvalid')),
);

/** A whole number arriving as a number (JSON) or as a digit string (query, form). */
export const IntLike = v.pipe(
  v.union([v.number(), v.pipe(v.string(), v.regex(/^-?\d{1,15}$/))], msg('integer')),
  v.transform((x) => Number(x)),
  v.integer(msg('integer')),
);

/** A whole number between `min` and `max`. */
export const IntIn = (min: number, max: number) =>
  v.pipe(IntLike, v.minValue(min, msg('min', { min })), v.maxValue(max, msg('max', { max })));

/**
 * A record id: a positive 32-bit whole number (1 … 2,147,483,647, the `serial` columns' range), so
 * that no id input reaches the database out of its column's range. Every input naming a record
 * uses it (a test walks every operation's input for id fields: server/http/id-bounds.test.ts).
 * No input names a row of a `bigserial` table (sessions, events, logs, outboxes).
 */
export const Id = v.pipe(IntLike, v.minValue(1, msg('positiveId')), v.maxValue(INT4_MAX, msg('tooLarge')));

/** A whole number that fits an `integer` column and is not negative (a code, a counter). */
export const Int4 = IntIn(0, INT4_MAX);

/** True when a list names no item twice. */
export const distinct = <T>(items: T[]) => new Set(items).size === items.length;

/** An input with no fields (a GET without parameters, a POST without a body). */
export const NoInput = v.strictObject({});

/** The answer of a call that returns nothing. */
export const Nothing = v.null();

/** A calendar day `yyyy-mm-dd` (China time on the server). */
export const Day = v.pipe(v.string(msg('string')), v.regex(/^\d{4}-\d{2}-\d{2}$/, msg('date')));
