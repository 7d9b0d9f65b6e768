import { describe, expect, it } from 'vitest';
import { isSafeHref, sanitizeRichText } from './sanitize.ts';

describe('isSafeHref', () => {
  it('keeps http(s), mailto, tel and site paths', () => {
    for (const href of [
      'https://a.cn/x',
      'HTTP://a.cn',
      'mailto:a@b.cn',
      'tel:400-820-6088',
      '/customer-order/index',
    ]) {
      expect(isSafeHref(href), href).toBe(true);
    }
  });

  it('refuses scripts, data, protocol-relative, backslash tricks, whitespace and relative paths', () => {
    const bad = [
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'java\nscript:alert(1)',
      'data:text/html,x',
      'vbscript:x',
      '//evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      'https:evil.example',
      'https:///evil',
      'page.html',
      '',
      '/a b',
      '/x\u2028y',
    ];
    for (const href of bad) expect(isSafeHref(href), JSON.stringify(href)).toBe(false);
  });
});

describe('sanitizeRichText', () => {
  it('keeps text and entities of dropped tags but not the content of code-like elements', () => {
    expect(sanitizeRichText('<div><span>保留</span></div><script>x()</script><textarea>t</textarea>')).toBe(
      '保留',
    );
    expect(sanitizeRichText('<p>&lt;b&gt; 5 &gt; 3 &amp; 中文</p>')).toBe(
      '<p>&lt;b&gt; 5 &gt; 3 &amp; 中文</p>',
    );
  });
});
