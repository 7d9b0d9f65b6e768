import type { Generated } from 'kysely';
import type { GeneratedTimestamp, Timestamp } from '../../db/columns.ts';

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
  /** Its orders wait for an approver of the customer before the provider sees them. */
  requires_approval: Generated<boolean>;
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
  /** The address a provider verified (single sign-on links by it), lower case; null: none known. */
  email: Generated<string | null>;
  /** When the account ended (its organisation deprovisioned it, scim.ts): no sign-in of any kind; null: active. */
  deactivated_at: Timestamp | null;
}

export interface UserCustomersTable {
  uid: number;
  cu_id: number;
  position: Generated<number>;
  /** The user approves or rejects this customer's orders (`customer-order/auditing`). */
  can_approve: Generated<boolean>;
  /** An administrator of the customer: reads its audit log, is told of failed signatures. */
  is_admin: Generated<boolean>;
}

export interface SessionsTable {
  id: Generated<string>;
  token_hash: string;
  uid: number;
  cu_id: number | null;
  created_at: GeneratedTimestamp;
  last_seen_at: GeneratedTimestamp;
  ended_at: Timestamp | null;
  /** 'replaced' (logged in elsewhere → 599), 'logout', 'password', 'switched', 'expired', 'policy', 'signed_out'. */
  end_reason: string | null;
  /** When its person signed in (a customer switch keeps it): the absolute lifetime runs from here; null: `created_at`. */
  signed_in_at: Timestamp | null;
  /** The browser and system its sign-in's User-Agent named (`Chrome · Windows`), '' when unknown. */
  agent: Generated<string>;
  /** The client's address at its sign-in (IPv6 by its /64), '' when unknown; shown masked. */
  address: Generated<string>;
}

/** A customer's session policy, set by its administrators (session-policy.ts); none: the defaults. */
export interface SessionPoliciesTable {
  cu_id: number;
  idle_minutes: number;
  absolute_minutes: number;
  max_sessions: number;
  updated_at: Timestamp;
  updated_by: number | null;
}

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

/** The addresses a username logged in from lately (login-addresses.ts). */
export interface LoginAddressesTable {
  username: string;
  address: string;
  last_login_at: Timestamp;
}

/** A device a user signed in from (devices.ts): the device cookie's SHA-256, first and last seen. */
export interface UserDevicesTable {
  id: Generated<number>;
  uid: number;
  key_hash: string;
  /** The browser and system its User-Agent named at its first sign-in (`Chrome · Windows`). */
  agent: string;
  first_address: string;
  last_address: string;
  first_seen_at: Timestamp;
  last_seen_at: Timestamp;
}

/** The trail of attacks on the login and the tracking lookup (security-events.ts). */
export interface SecurityEventsTable {
  id: Generated<string>;
  at: Timestamp;
  kind: string;
  subject: string;
  address: string;
  failures: number;
}

export interface CaptchasTable {
  /** What the captcha is for: 'login' (the key is a username) or 'tracking' (order number and address). */
  scope: Generated<string>;
  /** The key within the scope (a login's username and address). */
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

export interface AppSettingsTable {
  key: string;
  value: string;
}

declare module '../../db/schema.ts' {
  interface Database {
    companies: CompaniesTable;
    customers: CustomersTable;
    user_groups: UserGroupsTable;
    users: UsersTable;
    user_customers: UserCustomersTable;
    sessions: SessionsTable;
    session_policies: SessionPoliciesTable;
    login_failures: LoginFailuresTable;
    login_delays: LoginDelaysTable;
    login_addresses: LoginAddressesTable;
    user_devices: UserDevicesTable;
    security_events: SecurityEventsTable;
    captchas: CaptchasTable;
    one_time_codes: OneTimeCodesTable;
    sms_codes: SmsCodesTable;
    sms_outbox: SmsOutboxTable;
    app_settings: AppSettingsTable;
  }
}
