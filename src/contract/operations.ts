import type * as v from 'valibot';
import {
  AddCommentRequest,
  AnswerListQuery,
  CateListQuery,
  CateQuestionListQuery,
  ChangeQuestionListQuery,
  QaConfigQuery,
  SearchQuery,
} from './chat.ts';
import { RouteListSchema } from './menu.ts';
import { DataTrackingQuery, ErrorLogRequest } from './telemetry.ts';
import {
  CaptchaQuery,
  ChangePasswdRequest,
  IdentifierRequest,
  IntegrationCodeRequest,
  JumpLoginRequest,
  LoginRequest,
  TokenRequest,
  UpdatePasswordRequest,
} from './user.ts';

/**
 * Who may call: a valid X-Token; an X-Token if there is one; anybody; the chat session of
 * `common/get-qa-config` in X-Chat-Session (plus an optional X-Token); another provider system
 * signing with the shared secret (X-Timestamp, X-Signature).
 */
export type OperationAuth = 'session' | 'optional' | 'none' | 'chat' | 'signed';

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
  /** The body may be left out (every field is optional). */
  bodyOptional?: boolean;
  /** Open to the configured partner origins (CORS). */
  cors?: boolean;
  /** What `data` holds on success. */
  response: string;
  /** Schema of `data` on success, where the contract has one. */
  data?: v.GenericSchema;
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
    summary:
      'Log in with username and password (captcha answer after 3 failures; 407 `{retry_after}` while the address must wait)',
    auth: 'none',
    body: LoginRequest,
    response: '`{access_token, is_weak_password, is_white_customer, pass_flag}`',
    codes: [400, 406, 407, 422, 429, 475, 476],
  },
  {
    method: 'get',
    path: 'user/captcha',
    tag: 'user',
    summary: 'The captcha image (PNG) required after 3 failed logins',
    auth: 'none',
    query: CaptchaQuery,
    response: 'a PNG image (`image/png`, not an envelope)',
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
    codes: [400, 422, 429, 598],
  },
  {
    method: 'post',
    path: 'user/new-login',
    tag: 'user',
    summary: 'Exchange a hand-over token for a session',
    auth: 'none',
    body: TokenRequest,
    response: '`[{ur_token, flag}]`',
    codes: [400, 422, 429, 598],
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
    codes: [400, 403, 406, 422, 429, ...session],
  },
  {
    method: 'get',
    path: 'customer-account/index',
    tag: 'customer-account',
    summary: 'The user’s customer accounts and the current one',
    auth: 'session',
    response: '`{list: [{cu_id, cu_name, co_name, identifier, pinyin}], identifier, old_customer_button}`',
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
    auth: 'session',
    body: ChangePasswdRequest,
    encoding: 'form',
    response: 'captcha: a message; submit: `null`',
    codes: [400, 403, 422, 429, 475, 476, ...session],
  },
  {
    method: 'get',
    path: 'common/get-route',
    tag: 'common',
    summary: 'The menu tree of the user’s group',
    auth: 'session',
    response:
      '`[{path, name, component, hidden, meta: {title, icon?, roles?, affix?, noCache?, activeMenu?}, children?}]`',
    data: RouteListSchema,
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
  {
    method: 'get',
    path: 'common/get-qa-config',
    tag: 'customer-service',
    summary: 'The chat’s welcome text, service phone, website, hot questions and chat session',
    auth: 'optional',
    cors: true,
    query: QaConfigQuery,
    response: '`{welcome, phone, website, hot: [{q_id, q_name}], session}`',
    codes: [422, 429],
  },
  {
    method: 'post',
    path: 'common/get-qa-config',
    tag: 'customer-service',
    summary: 'The same as the GET, as the spec’s client posts it (JSON or form body, may be empty)',
    auth: 'optional',
    cors: true,
    body: QaConfigQuery,
    bodyOptional: true,
    response: '`{welcome, phone, website, hot: [{q_id, q_name}], session}`',
    codes: [400, 422, 429],
  },
  {
    method: 'get',
    path: 'customer-service/cate-list',
    tag: 'customer-service',
    summary: 'The chat’s question categories (the first 5 are the top ones)',
    auth: 'none',
    cors: true,
    query: CateListQuery,
    response: '`[{qc_id, qc_name}]`',
    codes: [422, 429],
  },
  {
    method: 'get',
    path: 'customer-service/cate-question-list',
    tag: 'customer-service',
    summary: 'One page of a category’s questions (wraps around past the last page)',
    auth: 'none',
    cors: true,
    query: CateQuestionListQuery,
    response: '`{list: [{q_id, q_name}], total, page}`',
    codes: [404, 422, 429],
  },
  {
    method: 'get',
    path: 'customer-service/answer-list',
    tag: 'customer-service',
    summary: 'The answers of a question (sanitized HTML) and related questions',
    auth: 'none',
    cors: true,
    query: AnswerListQuery,
    response: '`{list: [{a_id, text}], related: [{q_id, q_name}]}`',
    codes: [404, 422, 429],
  },
  {
    method: 'get',
    path: 'customer-service/change-question-list',
    tag: 'customer-service',
    summary: 'Another batch of related questions',
    auth: 'none',
    cors: true,
    query: ChangeQuestionListQuery,
    response: '`{list: [{q_id, q_name}], total, page}`',
    codes: [404, 422, 429],
  },
  {
    method: 'get',
    path: 'customer-service/search',
    tag: 'customer-service',
    summary: 'Best-matching questions for typed text',
    auth: 'none',
    cors: true,
    query: SearchQuery,
    response: '`[{q_id, q_name}]`',
    codes: [422, 429],
  },
  {
    method: 'post',
    path: 'customer-service/add-comment',
    tag: 'customer-service',
    summary: 'Mark answers solved or unsolved, with reasons (once per answer per chat session)',
    auth: 'chat',
    cors: true,
    body: AddCommentRequest,
    response: '`{comment_id}`',
    codes: [400, 404, 409, 422, 429],
  },
  {
    method: 'post',
    path: 'integration/jump-code',
    tag: 'integration',
    summary: 'Issue a one-time login code for user/jump-login or user/new-login (server to server)',
    auth: 'signed',
    body: IntegrationCodeRequest,
    response: '`{code, kind, expires_in}`',
    codes: [400, 403, 404, 422],
  },
];
