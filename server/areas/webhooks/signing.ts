import { createHmac, randomBytes } from 'node:crypto';

/**
 * Standard Webhooks 1.0 signing: `webhook-signature` is `v1,` + base64 of HMAC-SHA256 over
 * `${webhook-id}.${webhook-timestamp}.${body}`, keyed by the base64-decoded part of the secret after
 * `whsec_`; several signatures, space-separated, while a rotation keeps the old secret signing.
 */
export const SECRET_PREFIX = 'whsec_';

/** A new endpoint secret: `whsec_` + base64 of 32 random bytes (the standard asks 24–64). */
export const newSecret = () => `${SECRET_PREFIX}${randomBytes(32).toString('base64')}`;

/** A new message id (`webhook-id`), the same for every attempt and replay of the message. */
export const newMessageId = () => `msg_${randomBytes(16).toString('base64url')}`;

/** One signature (`v1,…`) of a message with one secret. */
export function signWith(secret: string, msgId: string, timestamp: number, body: string): string {
  if (!secret.startsWith(SECRET_PREFIX)) throw new Error('a webhook secret starts with whsec_');
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
  const mac = createHmac('sha256', key).update(`${msgId}.${timestamp}.${body}`).digest('base64');
  return `v1,${mac}`;
}

/** The headers of one attempt: the id, the time in whole seconds, and a signature per secret in force. */
export function signedHeaders(
  secrets: readonly string[],
  msgId: string,
  at: Date,
  body: string,
): Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string> {
  const timestamp = Math.floor(at.getTime() / 1000);
  return {
    'webhook-id': msgId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': secrets.map((s) => signWith(s, msgId, timestamp, body)).join(' '),
  };
}

/** The secrets that sign at `now`: the current one, and the previous one until its time is up. */
export function secretsInForce(
  endpoint: { secret: string; previous_secret: string | null; previous_until: Date | string | null },
  now: Date,
): string[] {
  const until = endpoint.previous_until ? new Date(endpoint.previous_until).getTime() : 0;
  return endpoint.previous_secret && until > now.getTime()
    ? [endpoint.secret, endpoint.previous_secret]
    : [endpoint.secret];
}
