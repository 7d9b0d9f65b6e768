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

describe('plural words', () => {
  it('picks the word that fits the number in English: 1 item, 0 and 2 items; Chinese has one form', () => {
    expect([0, 1, 2, 1000].map((total) => t('ui.pagination.total', { total }, 'en'))).toEqual([
      '0 items',
      '1 item',
      '2 items',
      '1000 items',
    ]);
    expect(t('ui.pagination.total', { total: 1 }, 'zh-CN')).toBe('共 1 条');
  });

  it('leaves a plural placeholder without its number as it is', () => {
    expect(t('ui.pagination.total', {}, 'en')).toBe('{total} {total|item|items}');
  });

  it('uses the plural syntax only with a placeholder that the message fills', () => {
    const plural = /\{(\w+)\|[^|{}]*\|[^|{}]*\}/g;
    for (const locale of LOCALES)
      for (const text of Object.values(catalogues[locale]))
        for (const [, name] of text.matchAll(plural)) expect(text).toContain(`{${name}}`);
  });
});
