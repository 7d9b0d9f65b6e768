import { shared } from '../stores/registry.ts';

/** A `fetch` the client calls through (tests and embedders inject their own). */
export type FetchLike = (input: Request | URL | string, init?: RequestInit) => Promise<Response> | Response;

/** Page-wide settings an embedding page may give before the first element loads. */
export interface LpConfig {
  apiBase?: string;
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
  return (state.fetch ?? globalThis.fetch)(input, init);
}
