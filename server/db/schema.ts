import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** A timestamp with a database default (kysely's Generated<> cannot wrap a ColumnType). */
type GeneratedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string, string>;

export interface CompaniesTable {
  co_id: Generated<number>;
  co_name: string;
}

export interface CustomersTable {
  cu_id: Generated<number>;
  cu_name: string;
  identifier: string;
  co_id: number;
  is_white: Generated<boolean>;
  pinyin: Generated<string>;
}

export interface UserGroupsTable {
  sg_id: number;
  name: string;
  role_label: Generated<string>;
}

export interface UsersTable {
  uid: Generated<number>;
  ur_account: string;
  name: string;
  avatar: Generated<string>;
  introduction: Generated<string>;
  mobile: Generated<string>;
  city: Generated<string>;
  sg_id: number;
  password_hash: string;
  is_weak_password: Generated<boolean>;
  pass_flag: Generated<number>;
  password_changed_at: GeneratedTimestamp;
  default_cu_id: number | null;
  created_at: GeneratedTimestamp;
}

export interface UserCustomersTable {
  uid: number;
  cu_id: number;
  position: Generated<number>;
}

export interface SessionsTable {
  id: Generated<string>;
  token_hash: string;
  uid: number;
  cu_id: number | null;
  created_at: GeneratedTimestamp;
  last_seen_at: GeneratedTimestamp;
  ended_at: Timestamp | null;
  /** 'replaced' (logged in elsewhere → 599), 'logout', 'password', 'switched', 'expired'. */
  end_reason: string | null;
}

/** Failures per username (known or not): from CAPTCHA_AFTER on the captcha is required. */
export interface LoginFailuresTable {
  username: string;
  failures: Generated<number>;
  last_failed_at: GeneratedTimestamp;
}

/** Failures per username and client address: each one past a few delays that address's next try. */
export interface LoginDelaysTable {
  username: string;
  /** The socket address (an IPv6 address by its /64 network), see login-delays.ts. */
  address: string;
  failures: number;
  last_failed_at: Timestamp;
}

export interface CaptchasTable {
  username: string;
  answer_hash: string;
  expires_at: Timestamp;
}

export interface OneTimeCodesTable {
  code_hash: string;
  /** 'jump' (user/jump-login) or 'new' (user/new-login). */
  kind: string;
  uid: number;
  cu_id: number | null;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: GeneratedTimestamp;
}

export interface SmsCodesTable {
  id: Generated<string>;
  uid: number;
  mobile: string;
  code_hash: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  attempts: Generated<number>;
  created_at: GeneratedTimestamp;
}

export interface SmsOutboxTable {
  id: Generated<string>;
  mobile: string;
  body: string;
  created_at: GeneratedTimestamp;
}

export interface RateLimitsTable {
  key: string;
  window_start: Timestamp;
  hits: number;
}

export interface AppSettingsTable {
  key: string;
  value: string;
}

export interface MenuRoutesTable {
  id: Generated<number>;
  /** null: the menu of every group that has no menu of its own. */
  sg_id: number | null;
  parent_id: number | null;
  position: Generated<number>;
  path: string;
  name: string;
  component: string;
  hidden: Generated<boolean>;
  title: string;
  icon: string | null;
  roles: Json<string[]> | null;
  affix: Generated<boolean>;
  no_cache: Generated<boolean>;
  active_menu: string | null;
}

export interface TrackingEventsTable {
  id: Generated<string>;
  created_at: GeneratedTimestamp;
  uid: number | null;
  client_time: string;
  customer: string;
  account: string;
  role: string;
  page: string;
  element: string;
  description: string;
  type: number;
  element_code: number;
}

export interface ErrorLogsTable {
  id: Generated<string>;
  created_at: GeneratedTimestamp;
  uid: number | null;
  url: string;
  message: string;
  tag: string;
  type: string;
  cu_id: string;
  user_agent: string;
}

export interface ChatCategoriesTable {
  qc_id: Generated<number>;
  qc_name: string;
  position: Generated<number>;
  active: Generated<boolean>;
}

export interface ChatQuestionsTable {
  q_id: Generated<number>;
  qc_id: number;
  q_name: string;
  /** Search words beside the name (synonyms, English terms), separated by spaces. */
  keywords: Generated<string>;
  position: Generated<number>;
  /** Not null: shown among the hot questions of the welcome, in this order. */
  hot_rank: number | null;
  active: Generated<boolean>;
  updated_at: GeneratedTimestamp;
}

export interface ChatAnswersTable {
  a_id: Generated<number>;
  q_id: number;
  position: Generated<number>;
  /** Sanitized HTML (server/services/sanitize.ts): store only through server/services/chat-answers.ts. */
  text: string;
  updated_at: GeneratedTimestamp;
}

export interface ChatRelatedQuestionsTable {
  q_id: number;
  related_q_id: number;
  position: Generated<number>;
}

export interface ChatSessionsTable {
  id: string;
  created_at: GeneratedTimestamp;
  uid: number | null;
}

export interface ChatCommentsTable {
  id: Generated<number>;
  chat_session: string;
  uid: number | null;
  cu_id: number | null;
  comment_type: number;
  comment_desc: Generated<string>;
  comment_tag: Json<number[]>;
  created_at: GeneratedTimestamp;
}

export interface ChatCommentAnswersTable {
  chat_session: string;
  a_id: number;
  comment_id: number;
}

export interface Database {
  companies: CompaniesTable;
  customers: CustomersTable;
  user_groups: UserGroupsTable;
  users: UsersTable;
  user_customers: UserCustomersTable;
  sessions: SessionsTable;
  login_failures: LoginFailuresTable;
  login_delays: LoginDelaysTable;
  captchas: CaptchasTable;
  one_time_codes: OneTimeCodesTable;
  sms_codes: SmsCodesTable;
  sms_outbox: SmsOutboxTable;
  rate_limits: RateLimitsTable;
  app_settings: AppSettingsTable;
  menu_routes: MenuRoutesTable;
  tracking_events: TrackingEventsTable;
  error_logs: ErrorLogsTable;
  chat_categories: ChatCategoriesTable;
  chat_questions: ChatQuestionsTable;
  chat_answers: ChatAnswersTable;
  chat_related_questions: ChatRelatedQuestionsTable;
  chat_sessions: ChatSessionsTable;
  chat_comments: ChatCommentsTable;
  chat_comment_answers: ChatCommentAnswersTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type Customer = Selectable<CustomersTable>;
export type Session = Selectable<SessionsTable>;
export type MenuRoute = Selectable<MenuRoutesTable>;
export type NewMenuRoute = Insertable<MenuRoutesTable>;
