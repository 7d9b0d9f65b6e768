import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResponse } from '../../src/contract/accounts/schemas.ts';
import { type ServedTestApp, serveTestApp, testApp, testDatabase } from '../testing/test-app.ts';
import { drive, type Shot, type VirtualUser } from './load-driver.ts';
import { type Kind, MIX, virtualUser } from './load-mix.ts';
import { type BenchWorld, prepareWorld } from './load-world.ts';

let world: BenchWorld;
let served: ServedTestApp;
const tokens: string[] = [];

beforeAll(async () => {
  const { db } = await testDatabase();
  world = await prepareWorld(db, { orders: 300, customers: 2, users: 1, detailed: 2 });
  const t = await testApp();
  for (const user of world.users) {
    const res = await t.call<LoginResponse>('user/login', {
      body: { username: user.username, password: user.password },
    });
    tokens.push(res.data.access_token);
  }
  served = await serveTestApp(t);
});
afterAll(() => served?.close());

/** `user` stopped after `n` requests. */
const first = (user: VirtualUser, n: number): VirtualUser => {
  let left = n;
  return { next: () => (left-- > 0 ? user.next() : null) };
};

describe('the bench mix against the real app', () => {
  it('prepares customers whose users can sign in, with orders to list and view', () => {
    expect(world.customers).toHaveLength(2);
    expect(tokens.every((token) => token.length > 0)).toBe(true);
    for (const customer of world.customers) expect(customer.viewIds.length).toBeGreaterThan(10);
    expect(world.chat.questions.length).toBeGreaterThan(0);
  });

  it('answers every kind of request without an error (the contract still takes what the mix sends)', async () => {
    const only = (kind: Kind) =>
      Object.fromEntries(Object.keys(MIX).map((k) => [k, k === kind ? 1 : 0])) as Record<Kind, number>;
    const users = (Object.keys(MIX) as Kind[]).map((kind, i) => {
      const customer = world.customers[i % 2]!;
      return first(virtualUser(world, customer, tokens[i % 2]!, i + 1, only(kind)), 6);
    });
    // a user who uploads, creates and views: its creates attach the files it uploaded
    const weights = { list: 0, view: 1, chat: 0, draft: 0, create: 1, upload: 1 };
    const mixed = first(virtualUser(world, world.customers[0]!, tokens[0]!, 99, weights), 30);
    const sent: Shot[] = [];
    users.push({
      next: () => {
        const shot = mixed.next();
        if (shot) sent.push(shot);
        return shot;
      },
    });
    const result = await drive({ origin: served.url, users, durationMs: 60_000 }).done;
    const failed = result.kinds.filter((k) => Object.keys(k.errors).length > 0);
    expect(failed).toEqual([]);
    expect(result.kinds.map((k) => k.kind).sort()).toEqual(Object.keys(MIX).sort());
    expect(result.requests).toBe(6 * 6 + 30);
    const attached = sent.filter((shot) => shot.kind === 'create' && String(shot.body).includes('"file_id"'));
    expect(attached.length).toBeGreaterThan(0);
  });
});
