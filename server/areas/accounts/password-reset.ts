import { Code } from '../../../src/contract/codes.ts';
import { RESET_CODES_PER_HOUR } from '../../../src/contract/password-reset/operations.ts';
import type { DB } from '../../db/database.ts';
import { addressKey } from '../../core/address-key.ts';
import { ApiError } from '../../core/errors.ts';
import { maskMobile, nationalNumber } from '../../core/mobile-number.ts';
import type { SmsSender } from '../../core/sms-sender.ts';
import { countHit } from '../../http/rate-limit.ts';
import { auditedTransaction } from '../audit/trail.ts';
import type { GuardOptions } from './login-guard.ts';
import { loginStanding } from './login-guard.ts';
import { tooSoon } from './login.ts';
import { refuseCommonPassword, setPassword } from './password-change.ts';
import { checkSmsCode, markSmsCodeUsed, sendSmsCode } from './sms-codes.ts';

/**
 * Forgot password (issue 34, docs/decisions/password-reset.md): a code by SMS to the account's
 * registered mobile, then a new password with it.
 *
 * `requestResetCode` answers before it looks anything up: the answer (the number as typed,
 * masked) and its time are the same for no account, a wrong number and the right one. Before the
 * answer only what every request does runs: the login's wait for the address (407), and the count
 * of requests for this username and number as typed (RESET_CODES_PER_HOUR an hour, 429), which
 * counts the same for an account that exists and one that does not. What a match does (the
 * account's count of codes, the code, its audit entry, the text) runs after the answer.
 */

const HOUR_MS = 60 * 60_000;

/** The work started after answers, so tests (and a clean stop) can wait for it. */
const pending = new Set<Promise<void>>();

/** What @hono/node-server binds to a request: the response being written (none for `app.request()`). */
interface NodeBindings {
  outgoing?: { writableFinished?: boolean; once(event: 'finish' | 'close', listener: () => void): unknown };
  server?: NodeBindings;
}

/**
 * Runs `work` once the answer has gone: after the response's last byte was handed to the socket
 * (its `finish`, or `close` when the client went away), else (no socket: tests' `app.request()`)
 * on the next turn of the event loop. Only then: the embedded database works on this thread, so
 * work started before the answer was written (even a turn later) would delay the writing, and the
 * delay would say that the account and number matched (measured: docs/decisions/password-reset.md).
 * A failure is logged.
 */
export function afterAnswer(bindings: unknown, what: string, work: () => Promise<void>): void {
  const env = bindings as NodeBindings | undefined;
  const outgoing = (env?.server ?? env)?.outgoing;
  const done = new Promise<void>((resolve) => {
    let started = false;
    const run = () => {
      if (started) return;
      started = true;
      setImmediate(() => {
        work()
          .catch((error: unknown) => {
            console.error(`[password-reset] ${what}: ${error instanceof Error ? error.message : error}`);
          })
          .finally(resolve);
      });
    };
    if (!outgoing || outgoing.writableFinished) run();
    else {
      outgoing.once('finish', run);
      outgoing.once('close', run);
    }
  });
  pending.add(done);
  void done.then(() => pending.delete(done));
}

/** Resolves when every piece of work started after an answer so far has ended. */
export async function resetWorkSettled(): Promise<void> {
  while (pending.size > 0) await Promise.all([...pending]);
}

/** The key that counts requests for one username and one number, as typed (normalised). */
const requestKey = (username: string, mobile: string) =>
  `password-reset:${username}:${nationalNumber(mobile)}`;

/** `user/forgot-password`: see the file's comment. */
export async function requestResetCode(
  db: DB,
  sms: SmsSender,
  input: { username: string; mobile: string },
  now: Date,
  address: string,
  options: GuardOptions,
  bindings: unknown = undefined,
): Promise<{ mobile: string }> {
  const standing = await loginStanding(db, input.username, addressKey(address), now, options);
  if (standing.wait > 0) throw tooSoon(standing.wait);
  const hits = await countHit(db, requestKey(input.username, input.mobile), HOUR_MS, now);
  if (hits > RESET_CODES_PER_HOUR)
    throw new ApiError(
      Code.tooManyRequests,
      'Too many password reset requests for this account, please try again in an hour',
    );
  afterAnswer(bindings, 'a reset code was not sent', () => sendResetCode(db, sms, input, now));
  return { mobile: maskMobile(input.mobile) };
}

/** No code this time (the account's minute or its hour): the transaction is rolled back. */
class NotSent extends Error {}

/**
 * After the answer: when `mobile` is the account's own number, a new code (the SMS code rules of
 * sms-codes.ts: 6 digits, 5 minutes, 5 tries, one a minute per account) and its audit entry in
 * one transaction, at most RESET_CODES_PER_HOUR an hour per account, then the text.
 */
async function sendResetCode(
  db: DB,
  sms: SmsSender,
  input: { username: string; mobile: string },
  now: Date,
): Promise<void> {
  const user = await db
    .selectFrom('users')
    .select(['uid', 'name', 'mobile'])
    .where('ur_account', '=', input.username)
    // an ended account (scim.ts) is no account to sign in to
    .where('deactivated_at', 'is', null)
    .executeTakeFirst();
  if (!user?.mobile || nationalNumber(user.mobile) !== nationalNumber(input.mobile)) return;
  const texts: [mobile: string, body: string][] = [];
  const held: SmsSender = {
    async send(mobile, body) {
      texts.push([mobile, body]);
    },
  };
  try {
    await auditedTransaction(db, now, async (trx, audit) => {
      try {
        await sendSmsCode(trx, held, user.uid, user.mobile, now);
      } catch (error) {
        // within a minute of the account's last code: nothing more is sent
        if (error instanceof ApiError && error.code === Code.tooManyRequests) throw new NotSent();
        throw error;
      }
      // the account's own count of codes (whatever the number was typed like); over it, the
      // code and the count are rolled back
      if ((await countHit(trx, `password-reset-codes:${user.uid}`, HOUR_MS, now)) > RESET_CODES_PER_HOUR)
        throw new NotSent();
      audit.record({
        cuId: 0,
        recordType: 'user',
        recordId: user.uid,
        action: 'password_reset_code',
        actor: { kind: 'user', id: user.uid, name: user.name },
        changes: [{ field: 'mobile', old: null, new: maskMobile(user.mobile) }],
      });
    });
  } catch (error) {
    if (error instanceof NotSent) return;
    throw error;
  }
  for (const [mobile, body] of texts) await sms.send(mobile, body);
}

/** One answer for every code that is not good, and for no such account or number. */
const badCode = () =>
  new ApiError(Code.captchaRequired, 'The code is wrong or no longer valid: please get a new one');

/**
 * `user/reset-password`: the new password must not be a common one (422, before the code is
 * tried); the code is checked (one of its tries taken; one 475 for whatever is wrong with it or
 * the account: none sent, expired, used, out of tries, wrong, no such account or number); then, in one transaction, the code is used up, the password
 * stored, every session of the user ended and the audit entry written; after it the person is
 * texted that the password changed.
 */
export async function resetPassword(
  db: DB,
  sms: SmsSender,
  input: { username: string; mobile: string; captcha: string; new_password1: string },
  now: Date,
  address: string,
  options: GuardOptions,
  bindings: unknown = undefined,
): Promise<void> {
  const standing = await loginStanding(db, input.username, addressKey(address), now, options);
  if (standing.wait > 0) throw tooSoon(standing.wait);
  await refuseCommonPassword(input.new_password1, 'new_password1');
  const user = await db
    .selectFrom('users')
    .select(['uid', 'mobile'])
    .where('ur_account', '=', input.username)
    // an ended account (scim.ts) is no account to sign in to
    .where('deactivated_at', 'is', null)
    .executeTakeFirst();
  const matches = !!user?.mobile && nationalNumber(user.mobile) === nationalNumber(input.mobile);
  let codeId: string;
  try {
    codeId = await checkSmsCode(db, matches ? (user?.uid ?? 0) : 0, user?.mobile ?? '', input.captcha, now);
  } catch (error) {
    // expired too: a 476 would say that this account and number had a code
    if (error instanceof ApiError) throw badCode();
    throw error;
  }
  const uid = user?.uid ?? 0;
  const mobile = user?.mobile ?? '';
  try {
    await setPassword(
      db,
      uid,
      input.new_password1,
      now,
      (trx) => markSmsCodeUsed(trx, codeId, now),
      'password_reset',
    );
  } catch (error) {
    if (error instanceof ApiError && error.code === Code.captchaRequired) throw badCode();
    throw error;
  }
  const text =
    'Your LP portal password was reset by SMS code, and every session was signed out. If it was not you, call customer service. 您的 LP 门户密码已通过短信验证码重置，所有登录已退出。如非本人操作，请联系客服。';
  afterAnswer(bindings, 'the reset notice was not sent', () => sms.send(mobile, text));
}
