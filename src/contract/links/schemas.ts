import * as v from 'valibot';
import { msg } from '../messages.ts';

/**
 * The link-opening helper (spec §7): the portal opens one of the provider's other systems in a
 * new tab, signed in, through a one-time code in the address (60 s, one use) that the other system
 * redeems server to server (`integration/redeem-link`). A session token never goes in an address.
 */

/** A system's key in the server's `LINKED_SYSTEMS` list. */
export const SYSTEM_KEY = /^[a-z][a-z0-9-]{0,31}$/;

export const LinkedSystemSchema = v.strictObject({
  key: v.string(),
  /** The system's name in the caller's language. */
  name: v.string(),
});
export type LinkedSystem = v.InferOutput<typeof LinkedSystemSchema>;

export const LinkedSystemsQuery = v.strictObject({});
export const LinkedSystemListSchema = v.strictObject({ list: v.array(LinkedSystemSchema) });

export const OpenLinkRequest = v.strictObject({
  system: v.pipe(v.string(msg('string')), v.regex(SYSTEM_KEY, msg('invalid'))),
});
export type OpenLinkRequest = v.InferInput<typeof OpenLinkRequest>;

export const OpenLinkAnswer = v.strictObject({
  /** The system's sign-in address with `code=<one-time code>` added. */
  url: v.string(),
  /** Seconds the code stays valid. */
  expires_in: v.number(),
});
export type OpenLinkAnswer = v.InferOutput<typeof OpenLinkAnswer>;
