import { describe, expect, it } from 'vitest';
import * as editor from '../../../src/i18n/messages/order-editor.ts';
import { CHAT_CATEGORIES } from './seed-content.ts';
import { QUESTIONS_EN } from './seed-content-en.ts';

const zhAnswer = (key: string) =>
  CHAT_CATEGORIES.flatMap((c) => c.questions).find((q) => q.key === key)?.answer ?? '';
const plain = (html: string) => html.replace(/<[^>]+>/g, '');
/** The editor's own label (its message catalogue: plain data, no translator needed on the server). */
const t = (key: keyof typeof editor.zh, _params: undefined, locale: 'zh-CN' | 'en') =>
  (locale === 'en' ? editor.en : editor.zh)[key];

describe('help answers that send users to the order editor', () => {
  it('name the editor’s own fields for dry ice: the deep-frozen class and the box suggestion', () => {
    for (const [answer, locale] of [
      [zhAnswer('cold-dryice'), 'zh-CN'],
      [QUESTIONS_EN['cold-dryice']?.answer ?? '', 'en'],
    ] as const) {
      const text = plain(answer);
      expect(text).toContain(t('orderEditor.temp.deep_frozen', undefined, locale));
      expect(text).toContain(t('orderEditor.boxes.suggest', undefined, locale));
    }
  });

  it('name the temperature classes as the editor does', () => {
    const zh = plain(zhAnswer('cold-zone'));
    const en = plain(QUESTIONS_EN['cold-zone']?.answer ?? '');
    expect(zh).toContain('深冷 ≤ -60℃');
    expect(zh).toContain('超低温 ≤ -150℃');
    expect(t('orderEditor.temp.deep_frozen', undefined, 'zh-CN')).toContain('深冷');
    expect(t('orderEditor.temp.cryo', undefined, 'zh-CN')).toContain('超低温');
    expect(en.toLowerCase()).toContain('deep frozen ≤ -60 °c');
    expect(t('orderEditor.temp.deep_frozen', undefined, 'en').toLowerCase()).toContain('deep frozen');
  });
});
