import { describe, expect, it } from 'vitest';
import { fieldChanges, setFields } from './changes.ts';

describe('fieldChanges', () => {
  it('lists only what differs, old → new, times as ISO 8601 UTC', () => {
    const before = {
      remark: '原备注',
      to_phone: '138-0000-0000',
      pickup_at: new Date('2026-07-01T02:00:00Z'),
      deliver_by: new Date('2026-07-02T02:00:00Z'),
      ho_id: null,
      is_dtp: false,
    };
    const after = {
      remark: '原备注',
      to_phone: '139-1111-2222',
      // the same instant written with China's offset: not a change
      pickup_at: '2026-07-01T10:00:00+08:00',
      deliver_by: '2026-07-03T10:00:00+08:00',
      ho_id: 12,
      is_dtp: false,
    };
    expect(fieldChanges(before, after)).toEqual([
      { field: 'to_phone', old: '138-0000-0000', new: '139-1111-2222' },
      { field: 'deliver_by', old: '2026-07-02T02:00:00.000Z', new: '2026-07-03T02:00:00.000Z' },
      { field: 'ho_id', old: null, new: 12 },
    ]);
  });

  it('compares lists and objects by content, not by key order', () => {
    const before = { goods: [{ name: 'A', quantity: 10 }] };
    expect(fieldChanges(before, { goods: [{ quantity: 10, name: 'A' }] })).toEqual([]);
    expect(fieldChanges(before, { goods: [{ name: 'A', quantity: 12 }] })).toEqual([
      { field: 'goods', old: [{ name: 'A', quantity: 10 }], new: [{ name: 'A', quantity: 12 }] },
    ]);
  });

  it('setFields: a new record’s every field, from nothing', () => {
    expect(setFields({ remark: 'x', pickup_at: new Date('2026-07-01T02:00:00Z'), ho_id: undefined })).toEqual(
      [
        { field: 'remark', old: null, new: 'x' },
        { field: 'pickup_at', old: null, new: '2026-07-01T02:00:00.000Z' },
        { field: 'ho_id', old: null, new: null },
      ],
    );
  });
});
