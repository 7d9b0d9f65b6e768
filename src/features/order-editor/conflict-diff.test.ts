import { describe, expect, it } from 'vitest';
import type { OrderDraftData } from '../../contract/order-editor/schemas.ts';
import { changedFields, conflictValue } from './conflict-diff.ts';

describe('the conflict of an edit', () => {
  it('takes a time by its moment: the same wanted time in two spellings is no change', () => {
    const mine = {
      pickup_at: '2026-11-27T18:55:00+08:00',
      deliver_by: '2026-11-28T09:00:00+08:00',
    } as OrderDraftData;
    const theirs = {
      pickup_at: '2026-11-27T10:55:00.000Z',
      deliver_by: '2026-11-28T02:00:00.000Z',
    } as OrderDraftData;
    expect(changedFields(mine, { form: theirs, cleared: [] })).toEqual(['deliver_by']);
  });

  it('names ids and times as the editor shows them, not as an id or a raw ISO time', () => {
    const known = {
      zone: 'Asia/Shanghai',
      projects: [{ pr_id: 7, protocol_no: 'SHR-1210-III-317', name: '肺癌三期' }],
      regionPaths: new Map([[310104, '上海 / 上海市 / 徐汇区']]),
    };
    expect(conflictValue('pickup_at', '2026-11-27T10:55:41.816Z', known)).toBe(
      '2026-11-27 18:55 Asia/Shanghai (UTC+08:00)',
    );
    expect(conflictValue('to_city_id', 310104, known)).toBe('上海 / 上海市 / 徐汇区');
    expect(conflictValue('pr_id', 7, known)).toBe('SHR-1210-III-317 肺癌三期');
    expect(conflictValue('pr_id', 8, known), 'an unknown project: the plain value').toBeUndefined();
    expect(conflictValue('remark', 'x', known)).toBeUndefined();
  });
});
