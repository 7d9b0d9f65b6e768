import { createHmac } from 'node:crypto';
import { sql } from 'kysely';
import { signingKey } from '../../core/signed-links.ts';
import type { DB } from '../../db/database.ts';

/**
 * Order numbers: `LP` + the day in China (yyyymmdd) + 6 digits, the format the spec and the
 * partners rely on. The 6 digits are the order-number sequence's next value (mod 10⁶) put through
 * a keyed permutation of 000000–999,999, so they are unique by construction (a permutation: two
 * sequence values never give the same digits; the same holds for every generator that draws from
 * the sequence: the demo seed, the bench, test fixtures) and tell nothing to someone who does not
 * hold the key: not how many orders a day has, not the next or the previous number (they were
 * sequential, so one known number named its neighbours, issue 27). No retry on collision is needed.
 *
 * The permutation is a 4-round Feistel network over 1000 × 1000 (the digits' two halves), each
 * round's function a table of 1000 values derived by HMAC-SHA256 from the server's
 * `order-numbers` key (32 random bytes, made on first use and kept in `signing_keys`, like the
 * signing keys of links: server/core/signed-links.ts). It is no cipher: it only has to keep the
 * numbers from being guessed; what guards an order is the second factor of a lookup and the
 * lock-outs (docs/decisions/login-abuse.md).
 */
const KEY_NAME = 'order-numbers';
const ROUNDS = 4;
const HALF = 1000;

/** A permutation of 0…999,999 (its round tables). */
export type OrderNumberKey = readonly Uint16Array[];

const derived = new Map<string, OrderNumberKey>();

/** The round tables of a key (derived once per process). */
export function roundTables(secret: Buffer): OrderNumberKey {
  const id = secret.toString('hex');
  let tables = derived.get(id);
  if (!tables) {
    tables = Array.from({ length: ROUNDS }, (_, round) => {
      const table = new Uint16Array(HALF);
      for (let x = 0; x < HALF; x++) {
        const digest = createHmac('sha256', secret).update(`order-number\n${round}\n${x}`).digest();
        table[x] = digest.readUInt32BE(0) % HALF;
      }
      return table;
    });
    derived.set(id, tables);
  }
  return tables;
}

/** The database's order-number key: read (one small query), made on first use. */
export async function orderNumberKey(db: DB): Promise<OrderNumberKey> {
  const { rows } = await sql<{
    secret: Uint8Array;
  }>`select secret from signing_keys where name = ${KEY_NAME}`.execute(db);
  const stored = rows[0]?.secret;
  return roundTables(stored ? Buffer.from(stored) : await signingKey(db, KEY_NAME));
}

/** The 6 digits of sequence value `n` (any integer ≥ 0; taken mod 10⁶). */
export function orderDigits(key: OrderNumberKey, n: number): string {
  const x = n % (HALF * HALF);
  let left = Math.floor(x / HALF);
  let right = x % HALF;
  for (const table of key) [left, right] = [right, (left + table[right]!) % HALF];
  return String(left * HALF + right).padStart(6, '0');
}

/** The day in China (yyyymmdd) at `at`, the number's middle part. */
export const orderDay = (at: Date): string =>
  new Date(at.getTime() + 8 * 60 * 60_000).toISOString().slice(0, 10).replaceAll('-', '');

/** The next `count` values of the order-number sequence, in order. */
export async function nextSequenceValues(db: DB, count: number): Promise<number[]> {
  const { rows } = await sql<{ n: string }>`
    select nextval('order_no_seq') as n from generate_series(1, ${count})`.execute(db);
  return rows.map((r) => Number(r.n));
}

/** The number of a new order made at `now`. */
export async function nextOrderNo(db: DB, now: Date): Promise<string> {
  const key = await orderNumberKey(db);
  const [n] = await nextSequenceValues(db, 1);
  return `LP${orderDay(now)}${orderDigits(key, n!)}`;
}
