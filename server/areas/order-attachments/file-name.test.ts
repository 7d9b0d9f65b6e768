import { describe, expect, it } from 'vitest';
import { cleanName, NAME_MAX } from './file-name.ts';

describe('cleanName', () => {
  it.each([
    ['report.PDF', 'pdf', 'report.pdf'],
    ['photo.jpeg', 'jpg', 'photo.jpg'],
    ['scan.tar.gz', 'png', 'scan.tar.png'],
    ['no extension', 'csv', 'no extension.csv'],
    ['zero\u200Bwidth\uFEFF.pdf', 'pdf', 'zerowidth.pdf'],
    ['isolate\u2066d\u2069.pdf', 'pdf', 'isolated.pdf'],
    ['a<b>c:d|e?f*g.pdf', 'pdf', 'a_b_c_d_e_f_g.pdf'],
    ['  .hidden  ', 'pdf', 'hidden.pdf'],
    ['CON.pdf', 'pdf', '_CON.pdf'],
    ['/', 'docx', 'file.docx'],
    ['e\u0301te\u0301.xlsx', 'xlsx', 'été.xlsx'],
  ] as const)('%j as %s → %j', (given, type, kept) => {
    expect(cleanName(given, type)).toBe(kept);
  });

  it('caps the stem by characters, not bytes, and never splits a surrogate pair', () => {
    const name = cleanName(`${'😀'.repeat(NAME_MAX + 20)}.pdf`, 'pdf');
    expect([...name.replace(/\.pdf$/, '')]).toHaveLength(NAME_MAX);
    expect(name).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
  });
});
