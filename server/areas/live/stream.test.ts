import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { LiveChange } from '../../../src/contract/live/schemas.ts';
import type { DB } from '../../db/database.ts';
import { createUser, loginAs } from '../../testing/fixtures.ts';
import { readyToOrder } from '../../testing/editor-test-helpers.ts';
import { liveClient, openStream, ticketFor, type ReadEvent } from '../../testing/live-client.ts';
import { type TestApp, testApp, testDatabase } from '../../testing/test-app.ts';
import type { LiveEvent } from './events.ts';
import { LiveHub } from './hub.ts';
import { appendEvents } from './outbox.ts';
import { liveHub } from './stream.ts';

beforeAll(() => testDatabase());

const change = (e: ReadEvent) => JSON.parse(e.data) as LiveChange;
const isChange = (kind: string) => (e: ReadEvent) => e.event === 'change' && change(e).kind === kind;

const saveDraft = (t: TestApp, token: string, prId: number) =>
  t.call<{ id: number }>('customer-order/save-draft-box', {
    token,
    body: { idempotency_key: randomUUID(), data: { pr_id: prId, from_company: '草稿' } },
  });

/** An order's event of the customer, in a transaction of its own (every user of the customer hears it). */
const orderEvent = (db: DB, cuId: number, orderId: number) =>
  db.transaction().execute((trx) =>
    appendEvents(
      trx,
      [
        {
          cuId,
          kind: 'order',
          action: 'track',
          recordId: orderId,
          orderId,
          actor: { kind: 'provider', id: null, name: 'stream.test' },
        },
      ],
      new Date(),
    ),
  );

/** A second user of the same customer, signed in. */
async function colleague(t: TestApp, cuId: number): Promise<string> {
  const user = await createUser(t.deps.db);
  await t.deps.db.insertInto('user_customers').values({ uid: user.uid, cu_id: cuId }).execute();
  await t.deps.db.updateTable('users').set({ default_cu_id: cuId }).where('uid', '=', user.uid).execute();
  return loginAs(t, user);
}

describe('GET live/stream', () => {
  it('tells a change of the session’s customer as it commits: kind and ids, not the content', async () => {
    const t = await testApp();
    const s = await readyToOrder(t);
    const stream = await liveClient(t, s.token);
    expect(stream.status).toBe(200);
    const hello = await stream.next();
    expect(hello.event).toBe('hello');
    expect(hello.id).toMatch(new RegExp(`^${s.user.customers[0]!.cu_id}:\\d+$`));
    const saved = await saveDraft(t, s.token, s.project.pr_id);
    expect(saved.code).toBe(0);
    const told = await stream.next(isChange('draft'));
    expect(change(told)).toEqual({ kind: 'draft', action: 'save', id: String(saved.data.id), order: null });
    const [cu, seq] = (told.id ?? '').split(':').map(Number);
    expect(cu).toBe(s.user.customers[0]!.cu_id);
    expect(seq).toBe(Number(hello.id!.split(':')[1]) + 1);
    await stream.close();
  });

  it('tells a user’s own records (a draft) to that user only, and nothing of another customer', async () => {
    const t = await testApp();
    const s = await readyToOrder(t);
    const cuId = s.user.customers[0]!.cu_id;
    const other = await readyToOrder(t);
    const mine = await liveClient(t, s.token);
    const theirs = await liveClient(t, await colleague(t, cuId));
    const stranger = await liveClient(t, other.token);
    for (const stream of [mine, theirs, stranger]) expect((await stream.next()).event).toBe('hello');
    await saveDraft(t, s.token, s.project.pr_id);
    // a change every user of the customer sees comes after: what the colleague reads up to it
    await saveDraft(t, other.token, other.project.pr_id);
    await orderEvent(t.deps.db, cuId, 7);
    expect(change(await mine.next(isChange('draft'))).action).toBe('save');
    expect(change(await mine.next(isChange('order'))).order).toBe(7);
    // the colleague hears the order, and no draft came before it
    const seen = await theirs.next(isChange('order'));
    expect(change(seen).id).toBe('7');
    expect(theirs.history().filter(isChange('draft'))).toEqual([]);
    // the other customer's stream tells only its own draft
    const own = await stranger.next(isChange('draft'));
    expect(own.id?.startsWith(`${other.user.customers[0]!.cu_id}:`)).toBe(true);
    await liveHub(t.deps).wake(cuId);
    expect(stranger.history().filter((e) => e.event === 'change')).toHaveLength(1);
    for (const stream of [mine, theirs, stranger]) await stream.close();
  });

  it('resumes after a place: what came meanwhile is told, in order, then the stream goes on', async () => {
    const t = await testApp();
    const s = await readyToOrder(t);
    const first = await liveClient(t, s.token);
    const hello = await first.next();
    await first.close();
    const a = await saveDraft(t, s.token, s.project.pr_id);
    const b = await saveDraft(t, s.token, s.project.pr_id);
    const again = await liveClient(t, s.token, hello.id!);
    expect((await again.next()).id).toBe(hello.id);
    expect(change(await again.next(isChange('draft'))).id).toBe(String(a.data.id));
    expect(change(await again.next(isChange('draft'))).id).toBe(String(b.data.id));
    const c = await saveDraft(t, s.token, s.project.pr_id);
    expect(change(await again.next(isChange('draft'))).id).toBe(String(c.data.id));
    await again.close();
  });

  it('resumes from the browser’s Last-Event-ID too; a place of another customer or ahead of the head starts afresh', async () => {
    const t = await testApp();
    const s = await readyToOrder(t);
    const cuId = s.user.customers[0]!.cu_id;
    const first = await liveClient(t, s.token);
    const hello = await first.next();
    await first.close();
    const a = await saveDraft(t, s.token, s.project.pr_id);
    const { url } = await ticketFor(t, s.token);
    const resumed = await openStream(t, url, { 'last-event-id': hello.id! });
    await resumed.next((e) => e.event === 'hello');
    expect(change(await resumed.next(isChange('draft'))).id).toBe(String(a.data.id));
    await resumed.close();
    const ahead = await liveClient(t, s.token, `${cuId}:999999`);
    expect((await ahead.next()).event).toBe('reset');
    await ahead.close();
    const elsewhere = await liveClient(t, s.token, `${cuId + 1}:1`);
    expect((await elsewhere.next()).event).toBe('hello');
    await elsewhere.close();
  });

  it('refuses a stream without a sound, current ticket (401), and tickets without a session (598)', async () => {
    const t = await testApp();
    const s = await readyToOrder(t);
    const { ticket, url } = await ticketFor(t, s.token);
    expect((await openStream(t, '/api/live/stream')).status).toBe(401);
    expect((await openStream(t, `/api/live/stream?ticket=${ticket.slice(0, -2)}xx`)).status).toBe(401);
    const [body, mac] = ticket.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(body!, 'base64url').toString()), cu: 1 }),
    ).toString('base64url');
    expect((await openStream(t, `/api/live/stream?ticket=${forged}.${mac}`)).status).toBe(401);
    t.advance(61_000);
    expect((await openStream(t, url)).status).toBe(401);
    expect((await t.call('live/ticket', { body: {} })).code).toBe(598);
  });

  it('ends the stream when its session ends (a logout elsewhere): `end` with `session`', async () => {
    const t = await testApp();
    const s = await readyToOrder(t);
    const stream = await liveClient(t, s.token);
    await stream.next();
    expect((await t.call('user/logout', { token: s.token, body: {} })).code).toBe(0);
    const end = await stream.next((e) => e.event === 'end');
    expect(end.data).toBe('session');
  });

  it('holds at most 8 streams a user (429 beyond)', async () => {
    const t = await testApp();
    const s = await readyToOrder(t);
    const streams = [];
    for (let i = 0; i < 8; i++) {
      const stream = await liveClient(t, s.token);
      expect(stream.status).toBe(200);
      streams.push(stream);
    }
    expect((await liveClient(t, s.token)).status).toBe(429);
    await streams[0]!.close();
    await streams[1]!.next();
    // a closed stream frees its place once the server has let it go
    await expect
      .poll(async () => {
        const stream = await liveClient(t, s.token);
        if (stream.status === 200) streams.push(stream);
        return stream.status;
      })
      .toBe(200);
    for (const stream of streams) await stream.close();
  });
});

/**
 * `db` as the hub reads it, but its first read of `event_heads` answers only after `meanwhile`
 * has run: what commits then committed while the head was read (a race no test could time).
 */
function headReadWaitsFor(db: DB, meanwhile: () => Promise<void>): DB {
  let armed = true;
  const late = <T extends object>(builder: T): T =>
    new Proxy(builder, {
      get(target, name) {
        const value: unknown = Reflect.get(target, name, target);
        if (typeof value !== 'function') return value;
        if (name === 'executeTakeFirst')
          return async () => {
            const row: unknown = await value.call(target);
            await meanwhile();
            return row;
          };
        return (...args: unknown[]) => {
          const next: unknown = value.apply(target, args);
          return next && typeof next === 'object' ? late(next) : next;
        };
      },
    });
  return new Proxy(db, {
    get(target, name) {
      const value: unknown = Reflect.get(target, name, target);
      if (typeof value !== 'function') return value;
      if (name !== 'selectFrom') return value.bind(target);
      return (table: string) => {
        const builder = value.call(target, table) as object;
        if (table !== 'event_heads' || !armed) return builder;
        armed = false;
        return late(builder);
      };
    },
  });
}

describe('regressions (commit b24b338)', () => {
  it('a stream whose following fails (the database away) gives its place back: the user is not locked out with 429', async () => {
    const t = await testApp();
    const s = await readyToOrder(t);
    const hub = liveHub(t.deps);
    const failing = vi.spyOn(hub, 'follow').mockRejectedValue(new Error('the database is away'));
    try {
      // more failures than the user's 8 places: each would have kept one
      for (let i = 0; i < 10; i++) {
        const stream = await liveClient(t, s.token);
        expect(stream.status).toBe(200);
        await expect(stream.next()).rejects.toThrow(/the stream ended/);
      }
      expect(failing).toHaveBeenCalledTimes(10);
    } finally {
      failing.mockRestore();
    }
    const streams = [];
    for (let i = 0; i < 8; i++) {
      const stream = await liveClient(t, s.token);
      expect(stream.status).toBe(200);
      expect((await stream.next()).event).toBe('hello');
      streams.push(stream);
    }
    for (const stream of streams) await stream.close();
  });

  it('a customer’s first follower hears what committed while the customer’s head was read (not at the next change or poll)', async () => {
    const t = await testApp();
    const s = await readyToOrder(t);
    const cuId = s.user.customers[0]!.cu_id;
    // this hub never polls: only the bus, or its own read after the head, can tell it anything
    const committedMeanwhile = async () => {
      const heard = new Promise<void>((resolve) => {
        const stop = t.deps.bus.on('live', (payload) => {
          if (!payload.startsWith(`${cuId}:`)) return;
          stop();
          resolve();
        });
      });
      await orderEvent(t.deps.db, cuId, 7);
      // the hub has heard the bus's message too (its listener came first), while it followed no one
      await heard;
    };
    const hub = new LiveHub(headReadWaitsFor(t.deps.db, committedMeanwhile), t.deps.bus, {
      pollMs: 3_600_000,
      safetyPollMs: 3_600_000,
      listen: true,
    });
    try {
      const told: LiveEvent[] = [];
      const followed = await hub.follow(cuId, (events) => told.push(...events));
      await expect.poll(() => told.map((e) => [e.seq, e.order])).toEqual([[followed.head + 1, 7]]);
      followed.stop();
    } finally {
      hub.close();
    }
  });
});
