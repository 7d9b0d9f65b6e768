import * as v from 'valibot';
import { IntIn } from '../fields.ts';
import { msg } from '../messages.ts';

/**
 * A person's own sessions (`user/session-*`) and a customer's session policy
 * (`customer-account/session-policy*`, its administrators only): issue 34,
 * docs/decisions/sessions.md.
 */

/** The bounds an administrator may set: idle minutes, absolute minutes (1 h … 7 days), sessions per person. */
export const IDLE_MINUTES = { min: 5, max: 480 } as const;
export const ABSOLUTE_MINUTES = { min: 60, max: 7 * 24 * 60 } as const;
export const MAX_SESSIONS = { min: 1, max: 5 } as const;

/** A session's handle in the owner's list: opaque (not its row), 22 base64url characters. */
export const SessionHandle = v.pipe(v.string(msg('string')), v.regex(/^[\w-]{22}$/, msg('invalid')));

export const OwnSessionSchema = v.object({
  id: v.string(),
  /** The browser and system its sign-in's User-Agent named (`Chrome · Windows`), `?` when unknown. */
  device: v.string(),
  /** Where it signed in from, the host part masked by the server (`203.0.113.*`, `2001:db8:*`). */
  place: v.string(),
  signed_in_at: v.string(),
  last_seen_at: v.string(),
  /** The session of this call (this device). */
  current: v.boolean(),
});
export type OwnSession = v.InferOutput<typeof OwnSessionSchema>;

/** The limits in force for the person (each the strictest of their customers'). */
export const SessionLimitsSchema = v.object({
  idle_minutes: v.number(),
  absolute_minutes: v.number(),
  max_sessions: v.number(),
});
export type SessionLimits = v.InferOutput<typeof SessionLimitsSchema>;

export const OwnSessionListSchema = v.object({
  /** The live sessions, this one first, then by last call, newest first. */
  list: v.array(OwnSessionSchema),
  limits: SessionLimitsSchema,
});
export type OwnSessionList = v.InferOutput<typeof OwnSessionListSchema>;

export const SessionSignOutRequest = v.strictObject({ id: SessionHandle });
export type SessionSignOutRequest = v.InferInput<typeof SessionSignOutRequest>;

export const SignedOutSchema = v.object({
  /** How many sessions ended. */
  ended: v.number(),
});

export const SessionPolicySchema = v.object({
  idle_minutes: v.number(),
  absolute_minutes: v.number(),
  max_sessions: v.number(),
  /** Its people must sign in with a second factor (those without one enrol at their next sign-in). */
  second_factor_required: v.boolean(),
  /** When an administrator last saved it (null: never, the defaults hold), and who. */
  updated_at: v.nullable(v.string()),
  updated_by: v.string(),
});
export type SessionPolicy = v.InferOutput<typeof SessionPolicySchema>;

export const SessionPolicyUpdate = v.strictObject({
  idle_minutes: IntIn(IDLE_MINUTES.min, IDLE_MINUTES.max),
  absolute_minutes: IntIn(ABSOLUTE_MINUTES.min, ABSOLUTE_MINUTES.max),
  max_sessions: IntIn(MAX_SESSIONS.min, MAX_SESSIONS.max),
  /** Left out: as it is (docs/decisions/second-factor-policy.md). */
  second_factor_required: v.optional(v.boolean(msg('boolean'))),
});
export type SessionPolicyUpdate = v.InferOutput<typeof SessionPolicyUpdate>;
