import { describe, expect, it } from 'vitest';
import { safeCell } from './spreadsheet-cell.ts';

describe('safeCell', () => {
  it('prefixes text a spreadsheet could read as a formula, and leaves the rest and numbers as they are', () => {
    expect(safeCell('=1+1')).toBe("'=1+1");
    expect(safeCell('+8613900000000')).toBe("'+8613900000000");
    expect(safeCell('-5')).toBe("'-5");
    expect(safeCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(safeCell('\t=cmd')).toBe("'\t=cmd");
    expect(safeCell('\r=cmd')).toBe("'\r=cmd");
    expect(safeCell('北京协和医院 = 收货方')).toBe('北京协和医院 = 收货方');
    expect(safeCell(-5)).toBe(-5);
    expect(safeCell('a\u0000b\u0007c')).toBe('abc');
    expect(safeCell('\u0001=x')).toBe("'=x");
  });
});
