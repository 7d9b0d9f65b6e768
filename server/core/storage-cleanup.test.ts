import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../src/contract/codes.ts';
import { operation } from '../../src/contract/operation.ts';
import { handle } from '../http/route.ts';
import { postFile, SAMPLES } from '../testing/file-fixtures.ts';
import { createUser } from '../testing/fixtures.ts';
import { type TestApp, tempStorage, testApp, testDatabase } from '../testing/test-app.ts';
import { ApiError } from './errors.ts';
import { areaChores } from '../areas/index.ts';

beforeAll(() => testDatabase());

/**
 * A public upload probe: keeps the file as a `files` row of customer `cu` in its own committed
 * transaction when `keep` is 1, then fails as asked (`fail`: `refuse` a 409, `crash` a fault),
 * as a handler may fail after its commit.
 */
const probe = operation({
  area: 'probe',
  method: 'POST',
  path: '__probe/keep-then-fail',
  summary: 'probe',
  auth: 'public',
  input: v.strictObject({
    cu: v.pipe(v.string(), v.transform(Number)),
    keep: v.picklist(['0', '1']),
    fail: v.picklist(['refuse', 'crash']),
  }),
  output: v.unknown(),
  encoding: 'multipart',
  upload: { field: 'file', maxBytes: 10_000 },
});

const storage = tempStorage();
let t: TestApp;
let cuId: number;
beforeAll(async () => {
  t = await testApp(
    {},
    {
      storage,
      routes: [
        handle(probe, async ({ input, file, deps }) => {
          if (input.keep === '1')
            await deps.db
              .insertInto('files')
              .values({
                cu_id: input.cu,
                uid: null,
                name: file!.name,
                media_type: 'application/pdf',
                size: file!.size,
                sha256: file!.sha256,
                storage_key: file!.key,
              })
              .execute();
          if (input.fail === 'refuse')
            throw new ApiError(Code.conflict, 'This document has already been audited');
          throw new Error('a fault after the commit');
        }),
      ],
    },
  );
  cuId = (await createUser(t.deps.db)).customers[0]!.cu_id;
});

const stored = (key: string) => fs.existsSync(path.join(storage.root, key.slice(0, 2), key.slice(2, 4), key));

const keyOf = async (sha256: string) =>
  (await t.deps.db.selectFrom('files').select('storage_key').where('sha256', '=', sha256).executeTakeFirst())
    ?.storage_key;

describe('stored bytes and the rows that name them', () => {
  it('a failed call keeps the bytes its committed row names, and removes those no row names', async () => {
    for (const fail of ['refuse', 'crash'] as const) {
      const content = Buffer.concat([SAMPLES.pdf(), Buffer.from(`% ${fail} ${Math.random()}\n`)]);
      const res = await postFile(t, '__probe/keep-then-fail', {
        fields: { cu: cuId, keep: '1', fail },
        file: { name: `${fail}.pdf`, content },
      });
      expect(res.code).toBe(fail === 'refuse' ? 409 : 500);
      const key = await keyOf(createHash('sha256').update(content).digest('hex'));
      expect(key, 'the row committed').toBeDefined();
      expect(stored(key!), `${fail}: the bytes a committed row names stay`).toBe(true);
    }
    const files = () =>
      fs.readdirSync(storage.root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
    const kept = files();
    const res = await postFile(t, '__probe/keep-then-fail', {
      fields: { cu: cuId, keep: '0', fail: 'crash' },
      file: { name: 'x.pdf', content: SAMPLES.pdf() },
    });
    expect(res.code).toBe(500);
    expect(files(), 'no row: the bytes are removed').toBe(kept);
  });

  it('the hourly sweep removes bytes no row names a day after they were written, and nothing else', async () => {
    const { key: orphan } = await t.deps.storage.put(Buffer.from('orphan'));
    const { key: young } = await t.deps.storage.put(Buffer.from('young orphan'));
    const { key: named, size, sha256 } = await t.deps.storage.put(SAMPLES.pdf());
    await t.deps.db
      .insertInto('files')
      .values({
        cu_id: cuId,
        uid: null,
        name: 'a.pdf',
        media_type: 'application/pdf',
        size,
        sha256,
        storage_key: named,
      })
      .execute();
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    for (const key of [orphan, named]) {
      const file = path.join(storage.root, key.slice(0, 2), key.slice(2, 4), key);
      fs.utimesSync(file, twoDaysAgo, twoDaysAgo);
    }
    const sweep = (await areaChores()).find((c) => c.name === 'stored files no row names');
    expect(await sweep!.run(t.deps, new Date())).toBe(1);
    expect(stored(orphan)).toBe(false);
    expect(stored(young)).toBe(true);
    expect(stored(named)).toBe(true);
  });
});
