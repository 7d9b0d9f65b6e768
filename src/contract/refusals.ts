import * as v from 'valibot';

/**
 * The `data` some refusals carry (an operation's `refusals` names them by code; the OpenAPI
 * document describes each code's answer with them). Most refusals carry `null`.
 */

const Seconds = v.pipe(v.number(), v.integer(), v.minValue(0));

/** 422: a message per field (`a_id.0` for nested fields); `null` when no field is at fault. */
export const FieldErrorsSchema = v.record(v.string(), v.string());

/** 407 (a login or signature from this address must wait) and a tracking lookup's 429: how long, in seconds. */
export const RetryAfter = v.strictObject({ retry_after: Seconds });

/** 429 of a code sent by SMS: seconds until another may be sent. */
export const WaitSeconds = v.strictObject({ seconds: Seconds });

/** 406 of a login: whether the next try must answer the captcha. */
export const WrongCredentials = v.strictObject({ captcha: v.boolean() });

/** 404 of a call naming several records: the ids that are not (or not the caller's). */
export const MissingIds = v.strictObject({ missing: v.array(v.pipe(v.number(), v.integer())) });
