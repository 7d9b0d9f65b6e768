import { describe, expect, it } from 'vitest';
import { contentDisposition } from './content-disposition.ts';

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
