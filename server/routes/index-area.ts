import { Hono } from 'hono';
import { ChangePasswdRequest } from '../../src/contract/user.ts';
import { sessionRecord } from '../http/auth.ts';
import type { AppEnv } from '../http/env.ts';
import { forbidden, invalid } from '../http/errors.ts';
import { parseInput, readForm } from '../http/input.ts';
import { refuseCommonPassword, setPassword } from '../services/password-change.ts';
import { hitRateLimit } from '../services/rate-limit.ts';
import { checkSmsCode, markSmsCodeUsed, sendSmsCode } from '../services/sms-codes.ts';
import { ok } from './reply.ts';

/** `index/*`: the SMS-verified password change (`index/change-passwd`). */
export function indexRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.post('/change-passwd.html', async (c) => {
    const { db, now, sms } = c.var.deps;
    const s = await sessionRecord(c);
    const input = parseInput(ChangePasswdRequest, await readForm(c));
    if (input.ur_account !== s.username) throw forbidden('you can only change your own password');
    if (input.mobile !== s.mobile) {
      throw invalid('the mobile number does not match the account', {
        mobile: 'the mobile number does not match the account',
      });
    }
    if (input.action === 'captcha') {
      await hitRateLimit(db, `sms:user:${s.uid}`, 10, 60 * 60_000, now());
      return ok(c, await sendSmsCode(db, sms, s.uid, s.mobile, now()));
    }
    refuseCommonPassword(input.ur_passwd, 'ur_passwd');
    const codeId = await checkSmsCode(db, s.uid, s.mobile, input.captcha, now());
    await setPassword(db, s.uid, input.ur_passwd, now(), (trx) => markSmsCodeUsed(trx, codeId, now()));
    return ok(c, null, 'password changed, please log in again');
  });

  return app;
}
