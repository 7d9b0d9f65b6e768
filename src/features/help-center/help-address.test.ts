import { describe, expect, it } from 'vitest';
import { readPlace, samePlace, writePlace } from './help-address.ts';

describe('help centre address', () => {
  it('reads an answer, a topic or the start from the query (an answer wins)', () => {
    expect(readPlace('?q=12')).to.deep.equal({ kind: 'answer', qId: 12 });
    expect(readPlace('?c=3&x=1')).to.deep.equal({ kind: 'category', qcId: 3 });
    expect(readPlace('?c=3&q=7')).to.deep.equal({ kind: 'answer', qId: 7 });
    expect(readPlace('')).to.deep.equal({ kind: 'home' });
  });

  it('ignores ids that are not positive 32-bit integers', () => {
    for (const bad of ['?q=0', '?q=-1', '?q=1.5', '?q=abc', '?q=99999999999', '?q=', '?c=%201'])
      expect(readPlace(bad), bad).to.deep.equal({ kind: 'home' });
  });

  it('writes a place into the query, keeping the page’s other parameters', () => {
    expect(writePlace({ kind: 'answer', qId: 5 }, '?x=1&c=2')).to.equal('?x=1&q=5');
    expect(writePlace({ kind: 'category', qcId: 2 }, '?q=5')).to.equal('?c=2');
    expect(writePlace({ kind: 'home' }, '?q=5')).to.equal('');
    expect(samePlace({ kind: 'answer', qId: 5 }, readPlace(writePlace({ kind: 'answer', qId: 5 })))).to.equal(
      true,
    );
  });
});
