import type { Generated } from 'kysely';
import type { GeneratedTimestamp, Json, Timestamp } from '../../db/columns.ts';

/** A customer's API client (clients.ts): its secret only as a SHA-256, never the secret. */
export interface ApiClientsTable {
  id: Generated<number>;
  cu_id: number;
  /** The OAuth `client_id` (`lpc_` + 16 random bytes, base64url): public, not guessable. */
  client_id: string;
  name: string;
  scopes: string[];
  /** IP addresses and CIDR blocks the client may call from (empty: anywhere). */
  allowed_addresses: Generated<string[]>;
  secret_hash: string;
  /** 1 at creation, one more at each rotation; a token names the generation it was made with. */
  secret_generation: Generated<number>;
  previous_secret_hash: string | null;
  /** Until when the previous secret (and tokens made with it) still hold. */
  previous_secret_until: Timestamp | null;
  rate_per_minute: Generated<number>;
  created_by: number | null;
  created_at: GeneratedTimestamp;
  rotated_at: Timestamp | null;
  revoked_at: Timestamp | null;
  revoked_by: number | null;
  /** Written at most once a minute (tokens.ts TOUCH_MS). */
  last_used_at: Timestamp | null;
}

/** An order creation's answer under a client's `Idempotency-Key`, per customer (idempotency.ts). */
export interface ApiClientKeysTable {
  cu_id: number;
  operation: string;
  key: string;
  client: number | null;
  request_hash: string;
  answer: Json<unknown>;
  created_at: GeneratedTimestamp;
}

declare module '../../db/schema.ts' {
  interface Database {
    api_clients: ApiClientsTable;
    api_client_keys: ApiClientKeysTable;
  }
}
