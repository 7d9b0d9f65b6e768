import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  $device,
  $sidebar,
  MOBILE_BREAKPOINT,
  SIDEBAR_COOKIE,
  closeSidebar,
  toggleSidebar,
  watchDevice,
} from './app.ts';
import { $scrollPositions, rememberScroll, savedScroll } from './scroll.ts';
import { $settings, DEFAULT_SETTINGS, SETTINGS_KEY, changeSetting } from './settings.ts';
import { cookies, local, session } from './storage.ts';
import { SYNC_STORAGE_KEY, broadcast } from './sync.ts';
import { resetStores } from './test-reset.ts';
import {
  $views,
  VIEWS_KEY,
  addView,
  closeAllViews,
  closeOtherViews,
  closeView,
  setViewTitle,
} from './tabs.ts';

const view = (path: string, affix = false) => ({
  path,
  name: path,
  title: path,
  meta: { title: path, ...(affix ? { affix } : {}) },
});

beforeEach(resetStores);
afterEach(() => {
  vi.unstubAllGlobals();
  resetStores();
});

describe('visited tabs', () => {
  it('adds once per path, keeps affix tabs in front and persists in sessionStorage', () => {
    addView(view('/a'));
    addView(view('/a'));
    addView(view('/home', true));
    addView(view('/b'));
    expect($views.get().map((v) => v.path)).toEqual(['/home', '/a', '/b']);
    expect(JSON.parse(session.get(VIEWS_KEY) ?? '[]')).toHaveLength(3);
  });

  it('close, close others and close all never close an affix tab', () => {
    for (const v of [view('/home', true), view('/a'), view('/b'), view('/c')]) addView(v);
    closeView('/home');
    closeView('/a');
    expect($views.get().map((v) => v.path)).toEqual(['/home', '/b', '/c']);
    closeOtherViews('/c');
    expect($views.get().map((v) => v.path)).toEqual(['/home', '/c']);
    closeAllViews();
    expect($views.get().map((v) => v.path)).toEqual(['/home']);
  });

  it('renames a tab (order add / edit / copy)', () => {
    addView(view('/customer-order/create'));
    setViewTitle('/customer-order/create', 'route.orderEdit');
    expect($views.get()[0]?.title).toBe('route.orderEdit');
  });
});

describe('settings', () => {
  it('start from the defaults and persist each change', () => {
    expect($settings.get()).toEqual(DEFAULT_SETTINGS);
    expect(DEFAULT_SETTINGS.theme).toBe('#0095A2');
    changeSetting('fixedHeader', true);
    changeSetting('theme', '#123456');
    expect(JSON.parse(local.get(SETTINGS_KEY) ?? '{}')).toMatchObject({
      fixedHeader: true,
      theme: '#123456',
    });
  });
});

describe('app state', () => {
  it('remembers the sidebar in a cookie', () => {
    closeSidebar();
    expect(cookies.get(SIDEBAR_COOKIE)).toBe('0');
    toggleSidebar();
    expect([$sidebar.get().opened, cookies.get(SIDEBAR_COOKIE)]).toEqual([true, '1']);
  });

  it('re-evaluates the device on resize at 992 px; mobile closes the sidebar', () => {
    const target = new EventTarget();
    const win = Object.assign(target, { innerWidth: 1280 });
    const stop = watchDevice(win as unknown as Window);
    expect($device.get()).toBe('desktop');
    win.innerWidth = MOBILE_BREAKPOINT - 1;
    target.dispatchEvent(new Event('resize'));
    expect($device.get()).toBe('mobile');
    expect($sidebar.get()).toEqual({ opened: false, withoutAnimation: true });
    win.innerWidth = MOBILE_BREAKPOINT;
    target.dispatchEvent(new Event('resize'));
    expect($device.get()).toBe('desktop');
    stop();
  });
});

describe('scroll memory', () => {
  it('remembers only the order list and the drug inventory', () => {
    rememberScroll('/customer-order/index', 420);
    rememberScroll('/customer-project/index', 99);
    expect(savedScroll('/customer-order/index')).toBe(420);
    expect(savedScroll('/customer-project/index')).toBe(0);
    expect(Object.keys($scrollPositions.get())).toEqual(['/customer-order/index']);
  });
});

describe('tab sync without BroadcastChannel', () => {
  it('falls back to a localStorage write that other tabs see as a storage event', () => {
    vi.stubGlobal('BroadcastChannel', undefined);
    broadcast({ type: 'logout' });
    expect(JSON.parse(local.get(SYNC_STORAGE_KEY) ?? '{}')).toMatchObject({ type: 'logout' });
  });
});

describe('tab sync through the storage event', () => {
  it('delivers a message another tab wrote to localStorage', async () => {
    const { SYNC_STORAGE_KEY: key, onSync, startSync } = await import('./sync.ts');
    let listener: ((event: { key: string; newValue: string | null }) => void) | undefined;
    vi.stubGlobal('BroadcastChannel', undefined);
    vi.stubGlobal('addEventListener', (type: string, fn: typeof listener) => {
      if (type === 'storage') listener = fn;
    });
    vi.stubGlobal('removeEventListener', () => {});
    const heard: string[] = [];
    const off = onSync((m) => heard.push(m.type));
    const stop = startSync();
    listener?.({ key: 'other', newValue: '{"type":"logout"}' });
    listener?.({ key, newValue: 'not json' });
    listener?.({ key, newValue: '{"type":"customer","at":1}' });
    expect(heard).toEqual(['customer']);
    off();
    stop();
  });
});
