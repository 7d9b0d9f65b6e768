import { randomInt } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../../testing/test-app.ts';
import { dailyCapped, OutboxSmsSender, TEXTS_PER_NUMBER_PER_DAY } from './sms.ts';

beforeAll(() => testDatabase());

const newMobile = () => `137${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;

describe('dailyCapped: at most TEXTS_PER_NUMBER_PER_DAY texts to one number a day', () => {
  it('refuses the next text to that number (however written) with 429 until the next day, and no other number', async () => {
    const { db } = await testDatabase();
    let now = new Date('2026-11-28T01:00:00Z');
    const sms = dailyCapped(new OutboxSmsSender(db), db, () => now);
    const mobile = newMobile();
    const other = newMobile();
    const spellings = [mobile, `+86${mobile}`, `0086${mobile}`, `${mobile.slice(0, 3)} ${mobile.slice(3)}`];
    for (let i = 0; i < TEXTS_PER_NUMBER_PER_DAY; i++)
      await sms.send(spellings[i % spellings.length] as string, `text ${i}`);

    await expect(sms.send(`+86 ${mobile}`, 'one too many')).rejects.toMatchObject({
      code: 429,
      message: 'This number has had as many codes as it may today, please try again tomorrow',
    });
    await expect(sms.send(other, 'another number')).resolves.toBeUndefined();
    const sent = async (to: string[]) =>
      (await db.selectFrom('sms_outbox').select('body').where('mobile', 'in', to).execute()).length;
    expect(await sent(spellings)).toBe(TEXTS_PER_NUMBER_PER_DAY);

    now = new Date('2026-11-29T00:00:01Z');
    await expect(sms.send(mobile, 'the next day')).resolves.toBeUndefined();
    expect(await sent(spellings)).toBe(TEXTS_PER_NUMBER_PER_DAY + 1);
  });
});
