import { map } from 'nanostores';
import { shared } from './registry.ts';
import { type KeyValue, local, readJson, writeJson } from './storage.ts';

/** The sizes of spec §4, largest first: every kit part's heights, spacing and text follow. */
export const SIZES = ['default', 'medium', 'small', 'mini'] as const;
export type Size = (typeof SIZES)[number];

export const isSize = (value: unknown): value is Size => SIZES.includes(value as Size);

export interface Settings {
  /** Theme colour (spec §9). */
  theme: string;
  /** Size of controls, tables and spacing (spec §4); `default` is the kit's own. */
  size: Size;
  tagsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
}

export const DEFAULT_SETTINGS: Settings = {
  theme: '#0095A2',
  size: 'default',
  tagsView: true,
  fixedHeader: false,
  sidebarLogo: false,
};

export const SETTINGS_KEY = 'lp-settings';

/** The settings saved in `store` (what a page starts with), defaults for what is missing or bad. */
export function loadSettings(store: KeyValue = local): Settings {
  return {
    ...DEFAULT_SETTINGS,
    ...pick(readJson<Partial<Settings> | null>(store, SETTINGS_KEY, null) ?? {}),
  };
}

const state = shared('settings', () => {
  const settings = map<Settings>(loadSettings());
  settings.listen((value) => writeJson(local, SETTINGS_KEY, value));
  return { settings };
});

/** Keeps only known keys of the right type (the saved value may be old or tampered with). */
function pick(saved: Partial<Settings>): Partial<Settings> {
  const out: Partial<Settings> = {};
  if (typeof saved.theme === 'string' && /^#[0-9a-fA-F]{6}$/.test(saved.theme)) out.theme = saved.theme;
  if (isSize(saved.size)) out.size = saved.size;
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
