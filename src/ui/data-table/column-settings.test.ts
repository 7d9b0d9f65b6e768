import { describe, expect, it } from 'vitest';
import {
  defaultColumnSettings,
  memoryColumnSettings,
  moveColumn,
  resolveColumnSettings,
} from './column-settings.ts';

const columns = [
  { key: 'order_no', hideable: false },
  { key: 'status' },
  { key: 'pr_name', hidden: true },
  { key: 'to_company' },
  { key: 'created_at' },
];

describe('column settings', () => {
  it('default to the definition order, hidden columns hidden', () => {
    expect(defaultColumnSettings(columns)).to.deep.equal([
      { key: 'order_no', visible: true },
      { key: 'status', visible: true },
      { key: 'pr_name', visible: false },
      { key: 'to_company', visible: true },
      { key: 'created_at', visible: true },
    ]);
    expect(resolveColumnSettings(columns, null)).to.deep.equal(defaultColumnSettings(columns));
  });

  it('apply saved ones to today’s columns: unknown, repeated and malformed entries dropped, new columns placed', () => {
    const saved = [
      { key: 'created_at', visible: true, width: 180.4 },
      { key: 'order_no', visible: false }, // cannot be hidden
      { key: 'removed_column', visible: true },
      { key: 'status', visible: 'no' },
      { key: 'created_at', visible: false },
      { key: 'to_company', visible: false, width: -3 },
      null,
      'status',
      { key: 'status', visible: false },
    ];
    expect(resolveColumnSettings(columns, saved)).to.deep.equal([
      { key: 'created_at', visible: true, width: 180 },
      { key: 'order_no', visible: true },
      { key: 'to_company', visible: false },
      { key: 'status', visible: false },
      // added since: after the column it follows in the definition
      { key: 'pr_name', visible: false },
    ]);
  });

  it('move a column up or down, not past either end', () => {
    const s = defaultColumnSettings(columns);
    expect(moveColumn(s, 'to_company', -1).map((c) => c.key)).to.deep.equal([
      'order_no',
      'status',
      'to_company',
      'pr_name',
      'created_at',
    ]);
    expect(moveColumn(s, 'order_no', -1)).to.deep.equal(s);
    expect(moveColumn(s, 'created_at', 1)).to.deep.equal(s);
    expect(moveColumn(s, 'missing', 1)).to.deep.equal(s);
  });

  it('are kept in memory per list as copies', async () => {
    const memory = memoryColumnSettings();
    expect(await memory.load('orders')).to.equal(null);
    const settings = [{ key: 'status', visible: false }];
    await memory.save('orders', settings);
    settings[0]!.visible = true;
    expect(await memory.load('orders')).to.deep.equal([{ key: 'status', visible: false }]);
    expect(await memory.load('drafts')).to.equal(null);
  });
});
