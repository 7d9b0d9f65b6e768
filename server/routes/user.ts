import { Hono } from 'hono';
import { Code } from '../../src/contract/codes.ts';
import {
  CaptchaQuery,
  IdentifierRequest,
  JumpLoginRequest,
  LoginRequest,
  type NewLoginItem,
  TokenRequest,
  UpdatePasswordRequest,
  type UserInfo,
} from '../../src/contract/user.ts';
import { sessionRecord } from '../http/auth.ts';
import { clientIp } from '../http/client-ip.ts';
import type { AppEnv } from '../http/env.ts';
import { ApiError, forbidden } from '../http/errors.ts';
import { parseInput, readJson, readQuery } from '../http/input.ts';
import { issueCaptcha } from '../services/captcha.ts';
import { enterCustomer, startingCustomer } from '../services/customers.ts';
import { login } from '../services/login.ts';
import { redeemOneTimeCode } from '../services/one-time-codes.ts';
import { refuseCommonPassword, setPassword } from '../services/password-change.ts';
import { verifyPassword } from '../services/passwords.ts';
import { hitRateLimit } from '../services/rate-limit.ts';
import { endSession, startSession } from '../services/sessions.ts';
import { ok } from './reply.ts';

const MINUTE = 60_000;

const invalidCode = () =>
  new ApiError(Code.sessionExpired, 'the login link is invalid or has expired, please log in');

/** `user/*`: login, captcha, user info, logout, jump-login, new-login, customer-login, password. */
export function userRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.post('/login.html', async (c) => {
    const { db, now, config } = c.var.deps;
    const input = parseInput(LoginRequest, await readJson(c));
    if (config.production) await hitRateLimit(db, `login:ip:${clientIp(c)}`, 60, MINUTE, now());
    await hitRateLimit(db, `login:user:${input.username}`, 20, MINUTE, now());
    return ok(c, await login(db, input, now(), clientIp(c)));
  });

  app.get('/captcha.html', async (c) => {
    const { db, now, config } = c.var.deps;
    const { username } = parseInput(CaptchaQuery, readQuery(c));
    if (config.production) await hitRateLimit(db, `captcha:ip:${clientIp(c)}`, 60, MINUTE, now());
    await hitRateLimit(db, `captcha:user:${username}`, 10, MINUTE, now());
    const fixed = config.production ? undefined : config.captchaTestAnswer;
    const png = await issueCaptcha(db, username, now(), fixed);
    return c.body(new Uint8Array(png), 200, { 'content-type': 'image/png', 'cache-control': 'no-store' });
  });

  app.get('/get-user-info.html', async (c) => {
    const s = await sessionRecord(c);
    const info: UserInfo = {
      name: s.name,
      avatar: s.avatar,
      introduction: s.introduction,
      roles: ['admin'],
      uid: s.uid,
      user: { ur_account: s.username },
      sg_id: s.sgId,
      role_label: s.roleLabel,
      customer: s.customer,
      city: s.city,
      pass_flag: s.passFlag,
      is_weak_password: s.isWeakPassword,
      is_white_customer: s.isWhiteCustomer,
    };
    return ok(c, info);
  });

  app.post('/logout.html', async (c) => {
    const { db, now } = c.var.deps;
    const s = await sessionRecord(c);
    await endSession(db, s.sessionId, 'logout', now());
    return ok(c, null, 'logged out');
  });

  app.post('/jump-login.html', async (c) => {
    const { db, now, config } = c.var.deps;
    const { code } = parseInput(JumpLoginRequest, await readJson(c));
    if (config.production) await hitRateLimit(db, `jump:ip:${clientIp(c)}`, 60, MINUTE, now());
    const redeemed = await redeemOneTimeCode(db, code, 'jump', now());
    if (!redeemed) throw invalidCode();
    const cuId = redeemed.cuId ?? (await startingCustomer(db, redeemed.uid))?.cu_id ?? null;
    return ok(c, { access_token: await startSession(db, redeemed.uid, cuId, now()) });
  });

  app.post('/new-login.html', async (c) => {
    const { db, now, config } = c.var.deps;
    const { token } = parseInput(TokenRequest, await readJson(c));
    if (config.production) await hitRateLimit(db, `jump:ip:${clientIp(c)}`, 60, MINUTE, now());
    const redeemed = await redeemOneTimeCode(db, token, 'new', now());
    if (!redeemed) throw invalidCode();
    const start = await startingCustomer(db, redeemed.uid);
    const cuId = redeemed.cuId ?? start?.cu_id ?? null;
    const item: NewLoginItem = {
      ur_token: await startSession(db, redeemed.uid, cuId, now()),
      flag: redeemed.cuId === null && (start?.count ?? 0) > 1 ? 1 : 0,
    };
    return ok(c, [item]);
  });

  app.post('/customer-login.html', async (c) => {
    const { db, now } = c.var.deps;
    const s = await sessionRecord(c);
    const { identifier } = parseInput(IdentifierRequest, await readJson(c));
    const { access_token } = await enterCustomer(db, s.uid, identifier, now());
    return ok(c, { access_token });
  });

  app.post('/update-pass-word.html', async (c) => {
    const { db, now } = c.var.deps;
    const s = await sessionRecord(c);
    const input = parseInput(UpdatePasswordRequest, await readJson(c));
    if (input.username !== s.username) throw forbidden('you can only change your own password');
    await hitRateLimit(db, `password:user:${s.uid}`, 10, 15 * MINUTE, now());
    const user = await db
      .selectFrom('users')
      .select('password_hash')
      .where('uid', '=', s.uid)
      .executeTakeFirstOrThrow();
    if (!(await verifyPassword(input.old_password, user.password_hash))) {
      throw new ApiError(Code.wrongCredentials, 'the old password is wrong');
    }
    if (input.new_password1 === input.old_password) {
      throw new ApiError(Code.invalid, 'the new password must differ from the old one', {
        new_password1: 'the new password must differ from the old one',
      });
    }
    refuseCommonPassword(input.new_password1, 'new_password1');
    await setPassword(db, s.uid, input.new_password1, now());
    return ok(c, null, 'password changed, please log in again');
  });

  return app;
}
