import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OrderEvent } from '../../contract/orders/schemas.ts';
import { setLocale } from '../../i18n/translate.ts';
import { cleanup, mount } from '../../ui/testing/mount.tsx';
import { until } from '../../ui/testing/clock.ts';
import { rawKeys } from '../../ui/testing/raw-keys.ts';
import { TimelineSection } from './timeline-section.tsx';

const edited: OrderEvent = {
  id: 2,
  at: '2026-11-28T02:30:00.000Z',
  kind: 'edited',
  status_from: 'pending_confirm',
  status_to: 'pending_confirm',
  actor_kind: 'customer',
  actor_name: '张三',
  reason: '',
  location: '',
  changes: [
    { field: 'remark', old: '', new: '改备注' },
    { field: 'deliver_by', old: '2026-12-01T02:00:00.000Z', new: '2026-12-02T06:30:00.000Z' },
    { field: 'temp_class', old: 'ambient', new: 'chilled' },
    { field: 'pr_id', old: '项目甲', new: '项目乙' },
    {
      field: 'goods',
      old: [{ in_id: 1, name: '试验药A', batch_no: 'B1', quantity: 5, unit: '盒' }],
      new: [
        { in_id: 1, name: '试验药A', batch_no: 'B1', quantity: 7, unit: '盒' },
        { in_id: 2, name: '冰袋', batch_no: '', quantity: 2, unit: '个' },
      ],
    },
  ],
};
const asked: OrderEvent = {
  ...edited,
  id: 3,
  at: '2026-11-28T03:00:00.000Z',
  kind: 'modify_requested',
  reason: '患者换号',
  changes: [
    { field: 'request', old: null, new: 'change' },
    { field: 'requested.to_phone', old: '******', new: '******' },
  ],
};

describe('TimelineSection: what an edit or a request changed', () => {
  // each test says its language: a file before this one in the worker may have left another
  beforeEach(() => {
    setLocale('zh-CN');
  });
  afterEach(() => {
    cleanup();
    setLocale('zh-CN');
  });

  it('reads each change as a line, old → new, in Chinese: names, times in China time, goods, masked values', async () => {
    const m = mount(<TimelineSection events={[edited, asked]} />);
    await until(() => m.$$('.order-view__changes').length === 2, 'the change lines');
    const lines = (li: Element) =>
      Array.from(li.querySelectorAll('.order-view__changes li')).map((x) => x.textContent);
    const [newest, older] = m.$$('.order-view__event');
    expect(newest?.querySelector('strong')?.textContent).toBe('申请修改');
    expect(lines(newest as Element)).to.deep.equal(['申请类型：修改', '收货电话（申请）：****** → ******']);
    expect(older?.querySelector('strong')?.textContent).toBe('修改订单');
    expect(lines(older as Element)).to.deep.equal([
      '备注：（空） → 改备注',
      '要求送达时间：2026-12-01 10:00 → 2026-12-02 14:30',
      '温度等级：常温 15–25 °C → 冷藏 2–8 °C',
      '项目：项目甲 → 项目乙',
      '货物：试验药A B1 × 5 盒 → 试验药A B1 × 7 盒；冰袋 × 2 个',
    ]);
    expect(rawKeys(m.host)).to.deep.equal([]);
    await expect(m.host).to.be.accessible();
  });

  it('in English', async () => {
    setLocale('en');
    const m = mount(<TimelineSection events={[asked]} />);
    await until(() => m.$$('.order-view__changes li').length === 2, 'the change lines');
    expect(Array.from(m.$$('.order-view__changes li')).map((x) => x.textContent)).to.deep.equal([
      'Request: Change',
      'Recipient phone (requested): ****** → ******',
    ]);
    expect(m.$('strong')?.textContent).toBe('Change requested');
    expect(rawKeys(m.host)).to.deep.equal([]);
  });
});
