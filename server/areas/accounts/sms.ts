import type { ServerConfig } from '../../config.ts';
import type { DB } from '../../db/database.ts';
import type { SmsSender } from '../../core/sms-sender.ts';

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
export function smsSenderFor(config: ServerConfig, db: DB): SmsSender {
  if (config.smsGatewayUrl) return new GatewaySmsSender(config.smsGatewayUrl, config.smsGatewayToken);
  return new OutboxSmsSender(db, config.mode === 'development' ? (line) => console.info(line) : null);
}
