import { shared } from '../stores/registry.ts';
import { takeEarlyCall } from './early-calls.ts';

/** A `fetch` the client calls through (tests and embedders inject their own). */
export type FetchLike = (input: Request | URL | string, init?: RequestInit) => Promise<Response> | Response;

/** Page-wide settings an embedding page may give before the first element loads. */
export interface LpConfig {
  apiBase?: string;
  /**
   * The cookie the elements keep the session's token in (default `Admin-Token`, the portal's):
   * a host whose own session cookie has that name (vue-element-admin's default) names another
   * (src/stores/token-cookie.ts).
   */
  tokenCookie?: string;
}

declare global {
  var LP_CONFIG: LpConfig | undefined;
}

export const DEFAULT_API_BASE = '/api';

const state = shared('api.config', () => ({
  base: '',
  fetch: null as FetchLike | null,
}));

/** The base URL calls go to: set explicitly, else `globalThis.LP_CONFIG.apiBase`, else same-origin `/api`. */
export function apiBase(): string {
  return state.base || globalThis.LP_CONFIG?.apiBase || DEFAULT_API_BASE;
}

/** Points every call on the page at another API (elements call this from their `api-base` attribute). */
export function setApiBase(url: string): void {
  state.base = url.replace(/\/+$/, '');
}

/** Replaces the `fetch` used for every call (null: the global fetch). */
export function setApiFetch(fetcher: FetchLike | null): void {
  state.fetch = fetcher;
}

export async function apiFetch(input: Request | URL | string, init?: RequestInit): Promise<Response> {
  // the session's first calls may have been started by the page itself (host/early.ts)
  const early = input instanceof Request ? takeEarlyCall(input) : null;
  return early ?? (state.fetch ?? globalThis.fetch)(input, init);
}
