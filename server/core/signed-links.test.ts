import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { testDatabase } from '../testing/test-app.ts';
import { sign, signedQuery, signingKey, verify } from './signed-links.ts';

const MINUTE = 60_000;

describe('signed links', () => {
  it('makes a random 32-byte key once, keeps it in the database, and answers the same key after', async () => {
    const { db } = await testDatabase();
    const name = `test-${Math.random().toString(36).slice(2)}`;
    const key = await signingKey(db, name);
    expect(key.byteLength).toBe(32);
    expect(key.equals(Buffer.alloc(32))).toBe(false);
    const { rows } = await sql<{
      secret: Uint8Array;
    }>`select secret from signing_keys where name = ${name}`.execute(db);
    expect(Buffer.from(rows[0]?.secret ?? []).equals(key)).toBe(true);
    expect((await signingKey(db, name)).equals(key)).toBe(true);
    const other = await signingKey(db, `${name}-other`);
    expect(other.equals(key)).toBe(false);
  });

  it('accepts its own link until it expires, and nothing altered', async () => {
    const { db } = await testDatabase();
    const key = await signingKey(db, 'test-verify');
    const now = new Date('2026-11-22T10:00:00Z');
    const link = sign(key, 'export', 42, now, 5 * MINUTE);
    expect(verify(key, 'export', link, now)).toBe(true);
    expect(verify(key, 'export', link, new Date(now.getTime() + 4 * MINUTE))).toBe(true);
    expect(verify(key, 'export', link, new Date(now.getTime() + 5 * MINUTE))).toBe(false);
    expect(verify(key, 'attachment', link, now)).toBe(false);
    expect(verify(key, 'export', { ...link, id: 43 }, now)).toBe(false);
    expect(verify(key, 'export', { ...link, expires: link.expires + 3600 }, now)).toBe(false);
    const altered = `${link.signature.startsWith('A') ? 'B' : 'A'}${link.signature.slice(1)}`;
    expect(verify(key, 'export', { ...link, signature: altered }, now)).toBe(false);
    expect(verify(Buffer.alloc(32, 1), 'export', link, now)).toBe(false);
    expect(signedQuery(link)).toBe(`id=42&expires=${link.expires}&signature=${link.signature}`);
  });
});
