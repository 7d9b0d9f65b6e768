import type * as v from 'valibot';
import { DataTrackingQuery, ErrorLogRequest } from './telemetry.ts';
import {
  CaptchaQuery,
  ChangePasswdRequest,
  IdentifierRequest,
  JumpLoginRequest,
  LoginRequest,
  TokenRequest,
  UpdatePasswordRequest,
} from './user.ts';

/** Who may call: a valid X-Token, an X-Token if there is one, or anybody. */
export type OperationAuth = 'session' | 'optional' | 'none';

/**
 * One call of the provider API, as the OpenAPI document (server/openapi) shows it. The request
 * schemas are the very ones the server validates with, so the document cannot drift from them.
 */
export interface Operation {
  method: 'get' | 'post';
  /** Path below /api without `.html`: `user/login`. */
  path: string;
  summary: string;
  auth: OperationAuth;
  /** GET: the query string. */
  query?: v.GenericSchema;
  /** POST: the body. */
  body?: v.GenericSchema;
  /** Body encoding when it is not JSON. */
  encoding?: 'form';
  /** What `data` holds on success. */
  response: string;
  /** Envelope codes besides 0 that the call answers with. */
  codes: number[];
  tag: string;
}

const session = [598, 599];

/** Every call of contract.md that the reference server implements. */
export const operations: Operation[] = [
  {
    method: 'post',
    path: 'user/login',
    tag: 'user',
    summary: 'Log in with username and password (captcha answer after 3 failures)',
    auth: 'none',
    body: LoginRequest,
    response: '`{access_token, is_weak_password, is_white_customer, pass_flag}`',
    codes: [400, 406, 407, 422, 429, 475, 476],
  },
  {
    method: 'get',
    path: 'user/captcha',
    tag: 'user',
    summary: 'The captcha image (SVG) required after 3 failed logins',
    auth: 'none',
    query: CaptchaQuery,
    response: 'an SVG image',
    codes: [422, 429],
  },
  {
    method: 'get',
    path: 'user/get-user-info',
    tag: 'user',
    summary: 'The session user, group, role label and current customer account',
    auth: 'session',
    response:
      '`{name, avatar, introduction, roles, uid, user: {ur_account}, sg_id, role_label, customer, city, pass_flag}`',
    codes: session,
  },
  {
    method: 'post',
    path: 'user/logout',
    tag: 'user',
    summary: 'End the session',
    auth: 'session',
    response: '`null`',
    codes: session,
  },
  {
    method: 'post',
    path: 'user/jump-login',
    tag: 'user',
    summary: 'Log in with a one-time code from another provider system (60 s, single use)',
    auth: 'none',
    body: JumpLoginRequest,
    response: '`{access_token}`',
    codes: [400, 406, 422, 429],
  },
  {
    method: 'post',
    path: 'user/new-login',
    tag: 'user',
    summary: 'Exchange a hand-over token for a session',
    auth: 'none',
    body: TokenRequest,
    response: '`[{ur_token, flag}]`',
    codes: [400, 406, 422, 429],
  },
  {
    method: 'post',
    path: 'user/customer-login',
    tag: 'user',
    summary: 'Enter one of the user’s customer accounts',
    auth: 'session',
    body: IdentifierRequest,
    response: '`{access_token}`',
    codes: [400, 403, 422, ...session],
  },
  {
    method: 'post',
    path: 'user/update-pass-word',
    tag: 'user',
    summary: 'Change the password (ends every session of the user)',
    auth: 'session',
    body: UpdatePasswordRequest,
    response: '`null`',
    codes: [400, 406, 422, ...session],
  },
  {
    method: 'get',
    path: 'customer-account/index',
    tag: 'customer-account',
    summary: 'The user’s customer accounts and the current one',
    auth: 'session',
    response: '`{list: [{cu_id, cu_name, co_name, identifier}], identifier, old_customer_button}`',
    codes: session,
  },
  {
    method: 'post',
    path: 'customer-account/switch-customer',
    tag: 'customer-account',
    summary: 'Switch to another of the user’s customer accounts',
    auth: 'session',
    body: IdentifierRequest,
    response: '`{access_token?}`',
    codes: [400, 403, 422, ...session],
  },
  {
    method: 'post',
    path: 'index/change-passwd',
    tag: 'index',
    summary: 'SMS-verified password change: `action=captcha` sends a code, `action=submit` changes',
    auth: 'none',
    body: ChangePasswdRequest,
    encoding: 'form',
    response: 'captcha: a message; submit: `null`',
    codes: [400, 404, 422, 429, 475, 476],
  },
  {
    method: 'get',
    path: 'common/get-route',
    tag: 'common',
    summary: 'The menu tree of the user’s group',
    auth: 'session',
    response:
      '`[{path, name, component, hidden, meta: {title, icon?, roles?, affix?, noCache?, activeMenu?}, children?}]`',
    codes: session,
  },
  {
    method: 'get',
    path: 'common/data-tracking',
    tag: 'common',
    summary: 'Store a tracking event (element code 1 action, 2 failure, 3 timeout)',
    auth: 'optional',
    query: DataTrackingQuery,
    response: '`null`',
    codes: [422, 429, 543],
  },
  {
    method: 'post',
    path: 'common/error-log',
    tag: 'common',
    summary: 'Store a front-end error report',
    auth: 'optional',
    body: ErrorLogRequest,
    response: '`null`',
    codes: [400, 422, 429, 543],
  },
];
