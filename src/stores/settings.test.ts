import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { $settings, changeSetting, DEFAULT_SETTINGS, loadSettings, SETTINGS_KEY, SIZES } from './settings.ts';
import { local, webStorage } from './storage.ts';
import { resetStores } from './test-reset.ts';

beforeEach(resetStores);
afterEach(resetStores);

describe('size setting', () => {
  it('offers the four sizes of the spec and starts at default', () => {
    expect(SIZES).toEqual(['default', 'medium', 'small', 'mini']);
    expect($settings.get().size).toBe('default');
  });

  it('saves a chosen size with the other settings', () => {
    changeSetting('size', 'small');
    expect($settings.get().size).toBe('small');
    expect(JSON.parse(local.get(SETTINGS_KEY) ?? '{}')).toMatchObject({ size: 'small', theme: '#0095A2' });
  });

  it('a new page starts with the saved size', () => {
    const store = webStorage(undefined);
    store.set(SETTINGS_KEY, JSON.stringify({ size: 'mini', fixedHeader: true }));
    expect(loadSettings(store)).toEqual({ ...DEFAULT_SETTINGS, size: 'mini', fixedHeader: true });
  });

  it('ignores a saved size it does not know, and saved values that are not settings', () => {
    const store = webStorage(undefined);
    store.set(SETTINGS_KEY, JSON.stringify({ size: 'large', theme: 'red' }));
    expect(loadSettings(store)).toEqual(DEFAULT_SETTINGS);
    for (const raw of ['null', '7', '"mini"', '{not json']) {
      store.set(SETTINGS_KEY, raw);
      expect(loadSettings(store)).toEqual(DEFAULT_SETTINGS);
    }
  });
});
