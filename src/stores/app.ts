import { atom } from 'nanostores';
import { shared } from './registry.ts';
import { cookies } from './storage.ts';

export type Device = 'desktop' | 'mobile';

/** Below this width the layout is the mobile one (spec §2). */
export const MOBILE_BREAKPOINT = 992;
export const SIDEBAR_COOKIE = 'sidebarStatus';

export interface Sidebar {
  opened: boolean;
  withoutAnimation: boolean;
}

const state = shared('app', () => ({
  sidebar: atom<Sidebar>({ opened: cookies.get(SIDEBAR_COOKIE) !== '0', withoutAnimation: false }),
  device: atom<Device>('desktop'),
}));

/** Sidebar open or closed (remembered in a cookie). */
export const $sidebar = state.sidebar;
export const $device = state.device;

function setSidebar(opened: boolean, withoutAnimation = false): void {
  cookies.set(SIDEBAR_COOKIE, opened ? '1' : '0');
  $sidebar.set({ opened, withoutAnimation });
}

export function toggleSidebar(): void {
  setSidebar(!$sidebar.get().opened);
}

export function closeSidebar(withoutAnimation = false): void {
  setSidebar(false, withoutAnimation);
}

export const deviceForWidth = (width: number): Device => (width < MOBILE_BREAKPOINT ? 'mobile' : 'desktop');

/** Sets the device from the window's width now and on every resize; mobile closes the sidebar. */
export function watchDevice(
  win: Pick<Window, 'innerWidth' | 'addEventListener' | 'removeEventListener'>,
): () => void {
  const update = () => {
    const device = deviceForWidth(win.innerWidth);
    $device.set(device);
    if (device === 'mobile' && $sidebar.get().opened) closeSidebar(true);
  };
  update();
  win.addEventListener('resize', update);
  return () => win.removeEventListener('resize', update);
}
