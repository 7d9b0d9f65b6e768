import * as v from 'valibot';
import { Identifier, Username } from '../fields.ts';
import { msg } from '../messages.ts';

/**
 * `POST integration/jump-code` (server to server, signed): a one-time code for `user/jump-login`
 * (kind 'jump', the default) or a token for `user/new-login` (kind 'new').
 */
export const IntegrationCodeRequest = v.strictObject({
  username: Username,
  identifier: v.optional(Identifier),
  kind: v.optional(v.picklist(['jump', 'new'], msg('oneOf', { values: 'jump, new' })), 'jump'),
});
export type IntegrationCodeRequest = v.InferInput<typeof IntegrationCodeRequest>;

export const IntegrationCodeResponse = v.object({
  code: v.string(),
  kind: v.picklist(['jump', 'new']),
  /** Seconds the code stays valid. */
  expires_in: v.number(),
});
export type IntegrationCodeResponse = v.InferOutput<typeof IntegrationCodeResponse>;

/** `POST integration/redeem-link` (signed): the one-time code the portal put in a linked system's address. */
export const RedeemLinkRequest = v.strictObject({
  code: v.pipe(
    v.string(msg('string')),
    v.nonEmpty(msg('required')),
    v.maxLength(128, msg('maxLength', { max: 128 })),
  ),
});
export type RedeemLinkRequest = v.InferInput<typeof RedeemLinkRequest>;

/** Who opened the link: the user and the customer account they were in. */
export const RedeemLinkResponse = v.strictObject({
  username: v.string(),
  name: v.string(),
  customer: v.nullable(v.strictObject({ identifier: v.string(), cu_name: v.string() })),
});
export type RedeemLinkResponse = v.InferOutput<typeof RedeemLinkResponse>;
