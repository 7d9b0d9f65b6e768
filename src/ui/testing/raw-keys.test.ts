import { describe, expect, it } from 'vitest';
import { rawKeys } from './raw-keys.ts';

describe('rawKeys()', () => {
  it('finds keys of any area shown raw, as text or as a spoken attribute, through shadow roots', () => {
    const host = document.createElement('div');
    const root = host.attachShadow({ mode: 'open' });
    root.innerHTML = `
      <h2>chat.title</h2>
      <p>状态：orderList.status.pending</p>
      <button aria-label="homeOverview.refresh">↻</button>
      <p>example.com, report.xlsx, v1.2, 3.5 kg, Order.Notes</p>`;
    expect(rawKeys(host).map((found) => found.split(' (in ')[0])).to.deep.equal([
      'chat.title',
      'orderList.status.pending',
      'homeOverview.refresh',
    ]);
  });

  it('finds nothing in translated text', () => {
    const p = document.createElement('p');
    p.textContent = '订单列表 Order list: 12 orders, updated 10:30.';
    expect(rawKeys(p)).to.deep.equal([]);
  });
});
