import { describe, expect, it } from 'vitest';
import { DEFAULT_MENU } from '../../server/areas/menu/seed.ts';
import * as chat from './messages/chat.ts';
import { catalogues } from './catalogue.ts';
import { $t, isMessageKey, LOCALES, type MessageKey, t } from './index.ts';

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

  it('index.ts registers the feature areas (host, account, chat)', () => {
    const key = Object.keys(chat.zh)[0] as MessageKey;
    expect(t(key, undefined, 'zh-CN')).toBe(chat.zh[key as keyof typeof chat.zh]);
    expect(t(key, undefined, 'en')).toBe(chat.en[key as keyof typeof chat.en]);
  });

  it('uses the spec English texts and fills placeholders', () => {
    expect(t('api.network', undefined, 'en')).toBe(
      'your network environment is poor, please check the network',
    );
    expect(t('api.loggedInElsewhere', undefined, 'en')).toBe(
      'your account has been logged in elsewhere; cancel to stay on this page or log in again',
    );
    expect(t('session.switchSuccess', undefined, 'en')).toBe('switch success');
    expect(t('time.minutesAgo', { n: 3 }, 'zh-CN')).toBe('3分钟前');
    expect($t.get()('route.home')).toBe(t('route.home'));
  });

  it('falls back to the key for an unknown message', () => {
    expect(t('no.such.key' as MessageKey)).toBe('no.such.key');
    expect(isMessageKey('no.such.key')).toBe(false);
  });
});
