import { describe, expect, it } from 'vitest';
import { en } from '../i18n/messages/stability.ts';
import { type BandWords, bandText, bandsOf, checkBudget, rowsOf } from './stability-bands.ts';

const words: BandWords = (key, params = {}) =>
  en[`stability.${key}`].replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? '');

describe('stability bands', () => {
  it('says a band in words: a range, an open bound, never', () => {
    expect(bandText({ min: 8, max: 25, hours: 72 }, words)).to.equal('8–25 °C: 72 h');
    expect(bandText({ min: 25, max: null, hours: 0 }, words)).to.equal('> 25 °C: never');
    expect(bandText({ min: null, max: -0.5, hours: 1.5 }, words)).to.equal('< −0.5 °C: 1.5 h');
  });

  it('reads the typed rows: empty bounds are open, a minus as typed counts, an empty hours field is refused', () => {
    expect(bandsOf([{ min: ' −2 ', max: '', hours: '0' }])).to.deep.equal([{ min: -2, max: null, hours: 0 }]);
    expect(bandsOf(rowsOf([{ min: 8, max: 25, hours: 72 }]))).to.deep.equal([{ min: 8, max: 25, hours: 72 }]);
    expect(Number.isNaN(bandsOf([{ min: '8', max: '', hours: '' }])[0]?.hours)).to.equal(true);
  });

  it('checks the rows with the contract’s schema, messages by path in the user’s language', () => {
    const ok = checkBudget(7, 'IP-1', [{ min: '8', max: '25', hours: '72' }], 'en');
    expect(ok.problems.size).to.equal(0);
    expect(ok.request).to.deep.equal({ pr_id: 7, code: 'IP-1', bands: [{ min: 8, max: 25, hours: 72 }] });

    const bad = checkBudget(
      7,
      'IP-1',
      [
        { min: '25', max: '8', hours: '1' },
        { min: '', max: '', hours: '-1' },
      ],
      'en',
    );
    expect(bad.request).to.equal(null);
    expect(bad.problems.get('bands.0')).to.equal(
      'A range needs a lower or an upper bound, the lower below the upper',
    );
    expect(bad.problems.get('bands.1.hours')).to.equal('At least 0');
    expect(
      checkBudget(7, 'IP-1', [{ min: 'x', max: '', hours: '' }], 'zh-CN').problems.get('bands.0.min'),
    ).to.equal('请填写数字');
    const overlapping = checkBudget(
      7,
      'IP-1',
      [
        { min: '8', max: '25', hours: '72' },
        { min: '20', max: '', hours: '0' },
      ],
      'en',
    );
    expect(overlapping.problems.get('bands')).to.equal('The ranges must not overlap');
  });
});
