import type { MessageKey } from '../../src/i18n/translate.ts';

/** Pages the shell renders itself (spec §2 static routes). */
export type StaticPage =
  | 'login'
  | 'home'
  | 'auth-redirect'
  | 'jump'
  | 'not-found'
  | 'unauthorized'
  | 'service-agreement'
  | 'privacy-policy'
  | 'track'
  | 'station'
  | 'supplier'
  | 'redirect';

export interface StaticRoute {
  path: string;
  page: StaticPage;
  title: MessageKey;
  /** Rendered inside the portal layout (sidebar, tabs) rather than full screen. */
  inLayout: boolean;
  affix?: boolean;
}

export const HOME_PATH = '/home/index';
export const LOGIN_PATH = '/login';
export const FIRST_PAGE = '/customer-order/attachment';
/** Where any unknown path goes (spec §2). */
export const NOT_FOUND_PATH = '/404';
/** new-login hand-over (`?token=`): needs a token (spec §2), then replaces the session. */
export const JUMP_PATH = '/jump';
/** Order tracking for people outside the portal: a share link (`?share=`) or the lookup form. */
export const TRACK_PATH = '/track';
/** The provider's stations and depots (spec §2), for anybody. */
export const STATION_PATH = '/station';

/** A carrier's or supplier's answer to an order's task, from a signed link (`?link=`, spec §2). */
export const SUPPLIER_PATH = '/supplier-allback';

/** Reachable without a token (spec §2 route guard). */
export const PUBLIC_PATHS: readonly string[] = [
  '/login',
  '/auth-redirect',
  '/service-agreement',
  '/privacy-policy',
  TRACK_PATH,
  STATION_PATH,

  SUPPLIER_PATH,
];

/** Paths that only redirect: `/` and `/home` go to the home page. */
export const ALIASES: Readonly<Record<string, string>> = { '/': HOME_PATH, '/home': HOME_PATH };

export const STATIC_ROUTES: readonly StaticRoute[] = [
  { path: LOGIN_PATH, page: 'login', title: 'host.login.title', inLayout: false },
  { path: HOME_PATH, page: 'home', title: 'route.home', inLayout: true, affix: true },
  { path: '/auth-redirect', page: 'auth-redirect', title: 'host.jump.title', inLayout: false },
  { path: JUMP_PATH, page: 'jump', title: 'host.jump.title', inLayout: false },
  { path: NOT_FOUND_PATH, page: 'not-found', title: 'host.error.notFound', inLayout: false },
  { path: '/401', page: 'unauthorized', title: 'host.error.unauthorized', inLayout: false },
  { path: '/service-agreement', page: 'service-agreement', title: 'host.legal.agreement', inLayout: false },
  { path: '/privacy-policy', page: 'privacy-policy', title: 'host.legal.privacy', inLayout: false },
  { path: TRACK_PATH, page: 'track', title: 'host.track.title', inLayout: false },
  { path: STATION_PATH, page: 'station', title: 'host.station.title', inLayout: false },

  { path: SUPPLIER_PATH, page: 'supplier', title: 'host.supplier.title', inLayout: false },
];
