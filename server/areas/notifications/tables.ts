import type { Generated } from 'kysely';
import type { Json, Timestamp } from '../../db/columns.ts';
import type { NotificationKind } from '../../../src/contract/notifications/schemas.ts';

export interface NotificationSettingsTable {
  uid: number;
  /** Where mail goes (null: no mail, whatever the preferences say). */
  email: string | null;
  /** The language of the user's mail (`zh-CN`, `en`): the portal's, kept when the user saves. */
  lang: Generated<string>;
  updated_at: Timestamp;
}

/** A user's channels for one kind, on one customer. */
export interface NotificationPrefsTable {
  uid: number;
  cu_id: number;
  kind: NotificationKind;
  portal: boolean;
  email: boolean;
  /** Mail once a day (the digest) instead of at once. */
  digest: boolean;
}

/** A customer's defaults for one kind, set by its administrators. */
export interface NotificationDefaultsTable {
  cu_id: number;
  kind: NotificationKind;
  portal: boolean;
  email: boolean;
  digest: boolean;
}

export interface NotificationsTable {
  id: Generated<number>;
  uid: number;
  cu_id: number;
  kind: NotificationKind;
  record_id: string;
  order_id: number | null;
  /** What the entry names (an order's or a case's number): never a party's name or address. */
  ref: string;
  /** The event it was made of (outbox place in the customer's events). */
  event_seq: number;
  created_at: Timestamp;
  read_at: Timestamp | null;
  /** Shown in the bell (false: the user wants this kind by mail only). */
  in_portal: Generated<boolean>;
  /** `none` (no mail), `queued` (a mail job has it), `digest` (waits for the day's digest), `sent`. */
  mail_state: Generated<'none' | 'queued' | 'digest' | 'sent'>;
}

export interface NotifyCursorsTable {
  cu_id: number;
  seq: number;
}

export interface MailJobsTable {
  id: Generated<number>;
  uid: number;
  cu_id: number;
  /** The notifications it mails (one, or a digest's), a JSON array of ids. */
  notification_ids: Json<number[]>;
  digest: Generated<boolean>;
  state: Generated<'queued' | 'sending' | 'sent' | 'failed' | 'skipped'>;
  attempts: Generated<number>;
  next_at: Timestamp;
  lease_until: Timestamp | null;
  last_error: string | null;
  created_at: Timestamp;
  sent_at: Timestamp | null;
}

declare module '../../db/schema.ts' {
  interface Database {
    notification_settings: NotificationSettingsTable;
    notification_prefs: NotificationPrefsTable;
    notification_defaults: NotificationDefaultsTable;
    notifications: NotificationsTable;
    notify_cursors: NotifyCursorsTable;
    mail_jobs: MailJobsTable;
  }
}
