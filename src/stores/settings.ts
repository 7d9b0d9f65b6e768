import { map } from 'nanostores';
import { shared } from './registry.ts';
import { local, readJson, writeJson } from './storage.ts';

export interface Settings {
  /** Theme colour (spec §9). */
  theme: string;
  tagsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
}

export const DEFAULT_SETTINGS: Settings = {
  theme: '#0095A2',
  tagsView: true,
  fixedHeader: false,
  sidebarLogo: false,
};

export const SETTINGS_KEY = 'lp-settings';

const state = shared('settings', () => {
  const saved = readJson<Partial<Settings>>(local, SETTINGS_KEY, {});
  const settings = map<Settings>({ ...DEFAULT_SETTINGS, ...pick(saved) });
  settings.listen((value) => writeJson(local, SETTINGS_KEY, value));
  return { settings };
});

/** Keeps only known keys of the right type (the saved value may be old or tampered with). */
function pick(saved: Partial<Settings>): Partial<Settings> {
  const out: Partial<Settings> = {};
  if (typeof saved.theme === 'string' && /^#[0-9a-fA-F]{6}$/.test(saved.theme)) out.theme = saved.theme;
  for (const key of ['tagsView', 'fixedHeader', 'sidebarLogo'] as const)
    if (typeof saved[key] === 'boolean') out[key] = saved[key];
  return out;
}

/** The settings panel's values, persisted in localStorage. */
export const $settings = state.settings;

/** Sets and saves (the store's listener also saves, unless a test's cleanStores removed it). */
function put(settings: Settings): void {
  $settings.set(settings);
  writeJson(local, SETTINGS_KEY, settings);
}

export function changeSetting<K extends keyof Settings>(key: K, value: Settings[K]): void {
  put({ ...$settings.get(), [key]: value });
}

export function resetSettings(): void {
  put({ ...DEFAULT_SETTINGS });
}
