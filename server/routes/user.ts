import { Hono } from 'hono';
import { CaptchaQuery, LoginRequest, type UserInfo } from '../../src/contract/user.ts';
import { sessionRecord } from '../http/auth.ts';
import { clientIp } from '../http/client-ip.ts';
import type { AppEnv } from '../http/env.ts';
import { parseInput, readJson, readQuery } from '../http/input.ts';
import { issueCaptcha } from '../services/captcha.ts';
import { login } from '../services/login.ts';
import { hitRateLimit } from '../services/rate-limit.ts';
import { endSession } from '../services/sessions.ts';
import { ok } from './reply.ts';

const MINUTE = 60_000;

/** `user/*`: login, captcha, user info, logout, jump-login, new-login, customer-login, password. */
export function userRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.post('/login.html', async (c) => {
    const { db, now, config } = c.var.deps;
    const input = parseInput(LoginRequest, await readJson(c));
    if (config.production) await hitRateLimit(db, `login:ip:${clientIp(c)}`, 60, MINUTE, now());
    await hitRateLimit(db, `login:user:${input.username}`, 20, MINUTE, now());
    return ok(c, await login(db, input, now()));
  });

  app.get('/captcha.html', async (c) => {
    const { db, now, config } = c.var.deps;
    const { username } = parseInput(CaptchaQuery, readQuery(c));
    if (config.production) await hitRateLimit(db, `captcha:ip:${clientIp(c)}`, 60, MINUTE, now());
    await hitRateLimit(db, `captcha:user:${username}`, 10, MINUTE, now());
    const svg = await issueCaptcha(db, username, now());
    return c.body(svg, 200, { 'content-type': 'image/svg+xml; charset=utf-8' });
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

  return app;
}
