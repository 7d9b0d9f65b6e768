import type { DB } from '../db/database.ts';
import { captchaHash, loginCaptcha } from '../areas/accounts/captcha.ts';
import { addressKey } from '../core/address-key.ts';
import type { TestApp } from './test-app.ts';

/**
 * Puts a captcha with a known answer in place for a login of `username` from `address` (what the
 * image fetched from there would show; by default the app's own address, that of its calls).
 */
export async function knownCaptcha(
  t: TestApp,
  username: string,
  answer = 'K3M7X',
  ttlMs = 5 * 60_000,
  address = t.address,
) {
  const db: DB = t.deps.db;
  const { scope, key } = loginCaptcha(username, addressKey(address));
  const values = {
    scope,
    username: key,
    answer_hash: captchaHash(key, answer),
    expires_at: new Date(t.deps.now().getTime() + ttlMs),
  };
  await db
    .insertInto('captchas')
    .values(values)
    .onConflict((oc) =>
      oc
        .columns(['scope', 'username'])
        .doUpdateSet({ answer_hash: values.answer_hash, expires_at: values.expires_at }),
    )
    .execute();
  return answer;
}

/** Moves the test clock to just after the start of a fixed rate-limit window. */
export function startOfWindow(t: TestApp, windowMs: number): void {
  const now = t.deps.now().getTime();
  t.advance(windowMs - (now % windowMs) + 10);
}

/** The newest SMS sent to a mobile number in the dev outbox, and the 6-digit code in it. */
export async function lastSmsCode(t: TestApp, mobile: string): Promise<string | undefined> {
  const row = await t.deps.db
    .selectFrom('sms_outbox')
    .select('body')
    .where('mobile', '=', mobile)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.body.match(/\b(\d{6})\b/)?.[1];
}
