import { describe, expect, it } from 'vitest';
import { code128Bars, code128Symbols, code128Widths } from './code128.ts';

describe('code128', () => {
  it('encodes text in code set B with the weighted checksum', () => {
    // Start B (104), 'A' = 33; checksum (104 + 33 × 1) mod 103 = 34; stop.
    expect(code128Symbols('A')).to.deep.equal([104, 33, 34, 106]);
    // 'PJJ123C' stays in B (a run of 3 digits is not worth a switch).
    const symbols = code128Symbols('PJJ123C');
    expect(symbols.slice(0, 8)).to.deep.equal([104, 48, 42, 42, 17, 18, 19, 35]);
    expect(symbols.at(-2)).to.equal((104 + 48 + 42 * 2 + 42 * 3 + 17 * 4 + 18 * 5 + 19 * 6 + 35 * 7) % 103);
  });

  it('switches to code set C for the digits of an order number', () => {
    const symbols = code128Symbols('LP20261122000042');
    // Start B, L, P, Code C, 20 26 11 22 00 00 42, checksum, stop.
    expect(symbols.slice(0, 11)).to.deep.equal([104, 44, 48, 99, 20, 26, 11, 22, 0, 0, 42]);
    const data = symbols.slice(1, -2);
    const sum = data.reduce((total, value, index) => total + value * (index + 1), 104);
    expect(symbols.at(-2)).to.equal(sum % 103);
    expect(symbols).to.have.length(13);
  });

  it('starts in C for even digits and keeps the first of an odd run in B', () => {
    expect(code128Symbols('123456').slice(0, 4)).to.deep.equal([105, 12, 34, 56]);
    expect(code128Symbols('X12345').slice(0, 6)).to.deep.equal([104, 56, 17, 99, 23, 45]);
    expect(code128Symbols('12A').slice(0, 4)).to.deep.equal([104, 17, 18, 33]);
  });

  it('lays out 11 modules a symbol, 13 for the stop, bars first', () => {
    const widths = code128Widths('LP20261122000042');
    expect(widths.reduce((a, b) => a + b, 0)).to.equal(12 * 11 + 13);
    const { bars, width } = code128Bars('A');
    expect(width).to.equal(3 * 11 + 13 + 20);
    expect(bars[0]).to.deep.equal([10, 2]); // start B: 211214
  });

  it('refuses what Code 128 B/C cannot carry', () => {
    expect(() => code128Symbols('订单')).to.throw();
    expect(() => code128Symbols('')).to.throw();
  });
});
