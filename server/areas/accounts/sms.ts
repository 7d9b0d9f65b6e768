import type { ServerConfig } from '../../config.ts';
import type { DB } from '../../db/database.ts';
import { Code } from '../../../src/contract/codes.ts';
import { ApiError } from '../../core/errors.ts';
import { nationalNumber } from '../../core/mobile-number.ts';
import type { SmsSender } from '../../core/sms-sender.ts';
import { hitRateLimit } from '../../http/rate-limit.ts';

/**
 * Development and test sender: keeps the message in `sms_outbox`, where tests and developers read
 * the code; development also writes it to the server log (`log`). Never used in production.
 */
export class OutboxSmsSender implements SmsSender {
  constructor(
    private readonly db: DB,
    private readonly log: ((line: string) => void) | null = null,
  ) {}

  async send(mobile: string, body: string): Promise<void> {
    await this.db.insertInto('sms_outbox').values({ mobile, body }).execute();
    this.log?.(`[sms] to ${mobile}: ${body}`);
  }
}

/**
 * Production sender: posts `{mobile, body}` as JSON to the carrier gateway (`SMS_GATEWAY_URL`,
 * with `Authorization: Bearer SMS_GATEWAY_TOKEN` when set). The message is never logged.
 */
export class GatewaySmsSender implements SmsSender {
  constructor(
    private readonly url: string,
    private readonly token: string | null,
    private readonly fetcher: typeof fetch = fetch,
  ) {}

  async send(mobile: string, body: string): Promise<void> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    const res = await this.fetcher(this.url, {
      method: 'POST',
      headers,
      body: JSON.stringify({ mobile, body }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new Error(`the SMS gateway answered HTTP ${res.status}`);
  }
}

/**
 * The sender the configuration asks for: the gateway when `SMS_GATEWAY_URL` is set; otherwise the
 * outbox, logging codes only in development (a production start without a gateway is refused,
 * see config.ts).
 */
export function smsSenderFor(config: ServerConfig, db: DB, now: () => Date): SmsSender {
  const sender = config.smsGatewayUrl
    ? new GatewaySmsSender(config.smsGatewayUrl, config.smsGatewayToken)
    : new OutboxSmsSender(db, config.mode === 'development' ? (line) => console.info(line) : null);
  return dailyCapped(sender, db, now);
}

/** Texts one number may get in a day (UTC), whatever sent them: sign-in, password, tracking codes. */
export const TEXTS_PER_NUMBER_PER_DAY = 10;
const DAY_MS = 24 * 60 * 60_000;

/**
 * A sender that sends at most TEXTS_PER_NUMBER_PER_DAY texts to one number a day and refuses the
 * rest with 429 (counted in `rate_limits`, so every server process shares the count). Each call
 * that texts has its own limits per address and per account or order; this one holds whatever they
 * add up to, so no mix of calls, addresses and accounts can flood a phone or run up the carrier's
 * bill on one number.
 */
export function dailyCapped(sender: SmsSender, db: DB, now: () => Date): SmsSender {
  return {
    async send(mobile, body) {
      try {
        await hitRateLimit(db, `sms-day:${nationalNumber(mobile)}`, TEXTS_PER_NUMBER_PER_DAY, DAY_MS, now());
      } catch (error) {
        if (!(error instanceof ApiError && error.code === Code.tooManyRequests)) throw error;
        throw new ApiError(
          Code.tooManyRequests,
          'This number has had as many codes as it may today, please try again tomorrow',
        );
      }
      await sender.send(mobile, body);
    },
  };
}
