import { describe, expect, it } from 'vitest';
import { pdfPages } from '../testing/pdf-text.ts';
import { pdfDocument, pdfFonts } from './pdf.ts';

const info = (lang: 'zh-CN' | 'en') => ({
  title: '测试文件 Test document',
  subject: 'pdf.ts',
  lang,
  now: new Date('2026-12-01T08:00:00Z'),
  header: '页眉 Header',
  headerRight: '右侧 Right',
  footer: '页脚 Footer',
  pageOf: (page: number, pages: number) => `第 ${page} 页，共 ${pages} 页`,
});

describe('server/core/pdf.ts', () => {
  it('writes Chinese and Latin text, hashes in a fixed-width font, and every page’s header and "page X of Y"', async () => {
    const pdf = await pdfDocument(info('zh-CN'));
    pdf.title('温度记录 Temperature record');
    pdf.fields([
      ['温度等级', '冷藏 2–8 °C'],
      ['SHA-256', 'ab'.repeat(32)],
    ]);
    // a table longer than a page: the next page repeats its heading row
    pdf.table(
      [
        { title: '时间', width: 1 },
        { title: '读数 °C', width: 1, align: 'right' },
        { title: 'SHA-256', width: 3, mono: true },
      ],
      Array.from({ length: 120 }, (_, i) => [`第 ${i + 1} 行`, String(4 + i / 100), 'f0'.repeat(32)]),
    );
    const bytes = Buffer.from(await pdf.finish());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const pages = pdfPages(bytes);
    expect(pages.length).toBeGreaterThan(1);
    expect(pages.length).toBe(Number(/\/Type \/Pages\s*\/Count (\d+)/.exec(bytes.toString('latin1'))?.[1]));
    pages.forEach((page, i) => {
      expect(page).toContain('页眉 Header');
      expect(page).toContain('右侧 Right');
      expect(page).toContain(`第 ${i + 1} 页，共 ${pages.length} 页`);
      expect(page).toContain('读数 °C');
    });
    const text = pages.join('\n');
    expect(text).toContain('温度记录 Temperature record');
    expect(text).toContain('冷藏 2–8 °C');
    expect(text).toContain('第 120 行');
    // (a hash wider than its column wraps: compare without the line breaks)
    expect(text.replace(/\s+/g, '')).toContain('f0'.repeat(32));
    // the document's language and title for readers and assistive technology
    expect(bytes.toString('latin1')).toMatch(/\/Lang \(zh-CN\)/);
  });

  it('reads the font files once per process and embeds only the glyphs used (a page of text is kilobytes, not the 10 MB font)', async () => {
    const fonts = await pdfFonts();
    expect(await pdfFonts()).toBe(fonts);
    expect(fonts.regular.byteLength).toBeGreaterThan(5_000_000);
    const pdf = await pdfDocument(info('en'));
    pdf.paragraph('证据包 Evidence pack');
    const bytes = await pdf.finish();
    expect(bytes.byteLength).toBeLessThan(60_000);
  });
});
