import { describe, expect, it } from 'vitest';
import type { InventoryLine } from '../../../src/contract/inventory/schemas.ts';
import { BOXES, boxSizes, packLines } from './packing.ts';

const line = (in_id: number, goods_type: 1 | 2 | 3): InventoryLine => ({
  in_id,
  pr_id: null,
  protocol_no: '',
  project_name: '',
  goods_type,
  code: `C${in_id}`,
  name: `goods ${in_id}`,
  spec: '',
  unit: '盒',
  batch_no: '',
  expiry: null,
  quantity: 1000,
  reserved: 0,
  available: 1000,
  low_level: null,
  depot: '',
  temp_class: 'chilled',
  recoverable: false,
  hold: 'none',
  case_id: null,
  pinyin: '',
});

describe('boxSizes', () => {
  const chilled = BOXES.chilled;
  it('takes the smallest box that holds the goods', () => {
    expect(boxSizes(chilled, 3).map((b) => b.capacity_l)).toEqual([8]);
    expect(boxSizes(chilled, 8).map((b) => b.capacity_l)).toEqual([8]);
    expect(boxSizes(chilled, 8.4).map((b) => b.capacity_l)).toEqual([20]);
    expect(boxSizes(chilled, 45).map((b) => b.capacity_l)).toEqual([45]);
  });
  it('fills largest boxes while the goods overflow, then the smallest that holds the rest', () => {
    expect(boxSizes(chilled, 100).map((b) => b.capacity_l)).toEqual([45, 45, 20]);
    expect(boxSizes(chilled, 92).map((b) => b.capacity_l)).toEqual([45, 45, 8]);
  });
});

describe('packLines', () => {
  it('packs 10 kits of a drug (4 L) in one small 2-8 °C box', () => {
    const out = packLines('chilled', [{ line: line(1, 1), quantity: 10 }]);
    expect(out).toEqual({
      boxes: [
        {
          box_type: '2-8°C 保温箱 (S)',
          capacity_l: 8,
          filled_l: 4,
          weight_kg: 6,
          coolant: 'PCM 5°C',
          goods_type: 1,
          in_ids: [1],
        },
      ],
      total_volume_l: 4,
      total_weight_kg: 6,
    });
  });

  it('never puts samples with drugs, and lets a large line span boxes', () => {
    const out = packLines('deep_frozen', [
      { line: line(1, 1), quantity: 50 }, // 20 L of drugs: a 30 L box
      { line: line(2, 2), quantity: 100 }, // 2 L of samples: a 6 L box of their own
      { line: line(3, 1), quantity: 40 }, // 16 L more drugs: 36 L in all → 30 + 6
    ]);
    expect(out.boxes.map((b) => [b.box_type, b.goods_type, b.in_ids])).toEqual([
      ['干冰箱 (L)', 1, [1, 3]],
      ['干冰箱 (S)', 1, [3]],
      ['干冰箱 (S)', 2, [2]],
    ]);
    expect(out.total_volume_l).toBe(38);
    expect(out.boxes.reduce((sum, b) => sum + b.filled_l, 0)).toBe(38);
  });
});
