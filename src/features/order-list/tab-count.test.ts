import { describe, expect, it } from 'vitest';
import { tabCount } from './tab-count.ts';

describe('tabCount', () => {
  it('shows exact counts as they are, zero included', () => {
    expect(tabCount(500098, false)).to.equal('500098');
    expect(tabCount(0, false)).to.equal('0');
  });

  it('shows lower bounds with a plus, and no number for a tab with none counted', () => {
    expect(tabCount(10_000, true)).to.equal('10,000+');
    expect(tabCount(37, true)).to.equal('37+');
    expect(tabCount(0, true)).to.equal(null);
  });
});
