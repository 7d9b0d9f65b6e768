import { describe, expect, it } from 'vitest';
import { contentDisposition } from './download.ts';
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

describe('contentDisposition', () => {
  it('always an attachment, an ASCII fallback and the UTF-8 name per RFC 5987', () => {
    expect(contentDisposition("装箱单 (v2) it's.pdf")).toBe(
      `attachment; filename="___ (v2) it's.pdf"; filename*=UTF-8''%E8%A3%85%E7%AE%B1%E5%8D%95%20%28v2%29%20it%27s.pdf`,
    );
    expect(contentDisposition('a;b%c"d\\e.pdf')).toBe(
      `attachment; filename="a_b_c_d_e.pdf"; filename*=UTF-8''a%3Bb%25c%22d%5Ce.pdf`,
    );
  });
});
