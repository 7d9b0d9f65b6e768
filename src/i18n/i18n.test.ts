import { describe, expect, it } from 'vitest';
import { DEFAULT_MENU } from '../../server/areas/menu/seed.ts';
import './areas/chat.ts';
import './areas/host.ts';
import * as chat from './messages/chat.ts';
import { catalogues } from './catalogue.ts';
import { $t, isMessageKey, LOCALES, type MessageKey, t } from './translate.ts';

function titles(routes: typeof DEFAULT_MENU): string[] {
  return routes.flatMap((r) => [r.title, ...titles(r.children ?? [])]);
}

describe('catalogues', () => {
  it('zh-CN and en have the same keys and no empty message', () => {
    const zh = Object.keys(catalogues['zh-CN']).sort();
    expect(Object.keys(catalogues.en).sort()).toEqual(zh);
    for (const locale of LOCALES)
      for (const [key, text] of Object.entries(catalogues[locale]))
        expect([key, text.trim()]).not.toEqual([key, '']);
  });

  it('knows every route title of the server menu', () => {
    const unknown = titles(DEFAULT_MENU).filter((title) => !isMessageKey(title));
    expect(unknown).toEqual([]);
  });

  it('an area registers its messages in both languages when imported', () => {
    const key = Object.keys(chat.zh)[0] as MessageKey;
    expect(t(key, undefined, 'zh-CN')).toBe(chat.zh[key as keyof typeof chat.zh]);
    expect(t(key, undefined, 'en')).toBe(chat.en[key as keyof typeof chat.en]);
  });

  it('reads as a product in English: the spec messages in full sentences, titles in title case', () => {
    expect(t('api.network', undefined, 'en')).toBe(
      'Your network connection is poor. Please check it and try again.',
    );
    expect(t('api.loggedInElsewhere', undefined, 'en')).toBe(
      'Your account has been signed in elsewhere. Cancel to stay on this page, or sign in again.',
    );
    expect(t('session.switchSuccess', undefined, 'en')).toBe('Customer account switched.');
    expect(t('route.orderCreate', undefined, 'en')).toBe('New Order');
    expect(t('host.nav.about', undefined, 'en')).toBe('About');
    expect(t('time.minutesAgo', { n: 3 }, 'zh-CN')).toBe('3分钟前');
    expect($t.get()('route.home')).toBe(t('route.home'));
  });

  it('writes every English route title in title case', () => {
    const small = new Set(['a', 'an', 'and', 'the', 'of', 'to', 'in', 'on', 'for', 'or']);
    const lower = titles(DEFAULT_MENU)
      .map((key) => t(key as MessageKey, undefined, 'en'))
      .filter((title) =>
        title.split(' ').some((word, i) => (i === 0 || !small.has(word)) && /^[a-z]/.test(word)),
      );
    expect(lower).toEqual([]);
  });

  it('falls back to the key for an unknown message', () => {
    expect(t('no.such.key' as MessageKey)).toBe('no.such.key');
    expect(isMessageKey('no.such.key')).toBe(false);
  });
});
