import { describe, expect, it } from 'vitest';
import type { InventoryLine } from '../../contract/inventory/schemas.ts';
import { orderFromLines, stockIdsOf } from './handoff.ts';

const line = (patch: Partial<InventoryLine>): InventoryLine => ({
  in_id: 1,
  pr_id: 7,
  protocol_no: 'P-1',
  project_name: '项目',
  goods_type: 1,
  code: 'C1',
  name: '阿帕替尼片',
  spec: '',
  unit: '盒',
  batch_no: 'B1',
  expiry: '2030-01-01',
  quantity: 10,
  reserved: 0,
  available: 10,
  low_level: null,
  depot: '上海仓',
  temp_class: 'chilled',
  recoverable: false,
  hold: 'none',
  case_id: null,
  pinyin: '',
  ...patch,
});

describe('orderFromLines', () => {
  it('makes the editor’s address of lines that fit one order', () => {
    expect(orderFromLines([line({ in_id: 12 }), line({ in_id: 15 })], 'key-1')).to.deep.equal({
      path: '/customer-order/create?stock=12,15&form-key=key-1',
      problem: null,
    });
    // each order asked for is a new form
    const a = new URL(orderFromLines([line({ in_id: 12 })]).path ?? '', 'http://x').searchParams;
    const b = new URL(orderFromLines([line({ in_id: 12 })]).path ?? '', 'http://x').searchParams;
    expect(a.get('form-key')).to.match(/^[0-9a-f-]{36}$/);
    expect(a.get('form-key')).to.not.equal(b.get('form-key'));
  });

  it('says why lines cannot make one order', () => {
    const kind = (lines: InventoryLine[]) => orderFromLines(lines).problem?.kind;
    expect(kind([line({}), line({ in_id: 2, pr_id: 8 })])).to.equal('mixedProject');
    expect(kind([line({}), line({ in_id: 2, goods_type: 2 })])).to.equal('mixedType');
    expect(kind([line({}), line({ in_id: 2, temp_class: 'frozen' })])).to.equal('mixedTemp');
    expect(kind([line({}), line({ in_id: 2, depot: '北京仓' })])).to.equal('mixedDepot');
    expect(kind([line({}), line({ in_id: 2, available: 0 })])).to.equal('nothingAvailable');
    // a line an excursion holds back is never ordered, on hold or quarantined, whatever it has
    expect(kind([line({}), line({ in_id: 2, hold: 'on_hold', case_id: 5 })])).to.equal('held');
    expect(orderFromLines([line({ hold: 'quarantined', case_id: 5 })]).problem).to.deep.include({
      kind: 'held',
    });
    expect(kind(Array.from({ length: 101 }, (_, i) => line({ in_id: i + 1 })))).to.equal('tooMany');
  });
});

describe('stockIdsOf', () => {
  it('reads positive ids once each and ignores the rest', () => {
    expect(stockIdsOf('12, 15,12,x,-3,0,1.5')).to.deep.equal([12, 15]);
    expect(stockIdsOf(null)).to.deep.equal([]);
  });
});
