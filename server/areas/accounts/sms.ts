import type { DB } from '../db/database.ts';

/** Delivers a text message to a mobile number. Production plugs in a carrier gateway. */
export interface SmsSender {
  send(mobile: string, body: string): Promise<void>;
}

/**
 * Development sender: writes the message to the server log and keeps it in `sms_outbox`,
 * where tests and developers read the code.
 */
export class OutboxSmsSender implements SmsSender {
  constructor(
    private readonly db: DB,
    private readonly log: (line: string) => void = (line) => console.info(line),
  ) {}

  async send(mobile: string, body: string): Promise<void> {
    await this.db.insertInto('sms_outbox').values({ mobile, body }).execute();
    this.log(`[sms] to ${mobile}: ${body}`);
  }
}
