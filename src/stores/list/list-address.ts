import type { ListAnswer, ListParams, ListSort, ListStore } from './list-store.ts';

/**
 * A list's parameters in the page's address (`?keyword=协和&pr_id=3&page=2&limit=20&sort=-name`),
 * so a reload or a shared link shows the same list. Only what differs from the list's defaults is
 * written; what the address says is read through each filter's spec, so a hand-edited address
 * gives a valid list (an unknown value is the default), never a refused call.
 */

/** How one filter reads from and writes to the address. */
export interface ParamSpec<V> {
  /** The value an address text names, or undefined (then the default). */
  read(text: string): V | undefined;
  /** The address text of a value. */
  write(value: V): string;
}

/** Free text (a keyword), at most `max` characters. */
export const textParam = (max = 100): ParamSpec<string> => ({
  read: (text) => text.slice(0, max),
  write: (value) => value.trim(),
});

/** One of `values`. */
export const choiceParam = <T extends string>(values: readonly T[]): ParamSpec<T> => ({
  read: (text) => (values as readonly string[]).find((v) => v === text) as T | undefined,
  write: (value) => value,
});

/** A positive id, or null for none. */
export const idParam = (): ParamSpec<number | null> => ({
  read: (text) => (/^[1-9]\d{0,9}$/.test(text) && Number(text) <= 2_147_483_647 ? Number(text) : undefined),
  write: (value) => (value === null ? '' : String(value)),
});

export type FilterSpec<F> = { [K in keyof F]: ParamSpec<F[K]> };

export interface ListAddressCodec<F> {
  /** The list an address names (the defaults where it says nothing valid). */
  read(search: string): ListParams<F>;
  /** The address of a list: `''` for the defaults, else `?…`. */
  write(params: ListParams<F>): string;
}

const LIMIT_MAX = 100;
const whole = (text: string | null, max: number): number | undefined =>
  text !== null && /^\d{1,7}$/.test(text) && Number(text) >= 1 && Number(text) <= max
    ? Number(text)
    : undefined;

/**
 * The codec of a list whose filters follow `spec`, starting from `defaults`; `sorts` are the keys
 * the list may be sorted by (ascending, or descending with `-`).
 */
export function listAddressCodec<F>(
  spec: FilterSpec<F>,
  defaults: { filters: F; pageSize?: number; sorts: readonly string[] },
): ListAddressCodec<F> {
  const pageSize = defaults.pageSize ?? 10;
  const keys = Object.keys(spec) as Array<keyof F & string>;
  return {
    read(search) {
      const q = new URLSearchParams(search);
      const filters = { ...defaults.filters };
      for (const key of keys) {
        const text = q.get(key);
        const value = text === null ? undefined : spec[key].read(text);
        if (value !== undefined) filters[key] = value;
      }
      const sortText = q.get('sort') ?? '';
      const key = sortText.replace(/^-/, '');
      const sort: ListSort | null = defaults.sorts.includes(key)
        ? { key, desc: sortText.startsWith('-') }
        : null;
      return {
        filters,
        page: whole(q.get('page'), 1_000_000) ?? 1,
        pageSize: whole(q.get('limit'), LIMIT_MAX) ?? pageSize,
        sort,
      };
    },
    write(params) {
      const q = new URLSearchParams();
      for (const key of keys) {
        const text = spec[key].write(params.filters[key]);
        if (text && text !== spec[key].write(defaults.filters[key])) q.set(key, text);
      }
      if (params.page > 1) q.set('page', String(params.page));
      if (params.pageSize !== pageSize) q.set('limit', String(params.pageSize));
      if (params.sort) q.set('sort', `${params.sort.desc ? '-' : ''}${params.sort.key}`);
      const text = q.toString();
      return text ? `?${text}` : '';
    },
  };
}

/** Makes `list` the list `params` names (before its first load, or to follow a link): one request. */
export function applyListParams<R, F, A extends ListAnswer<R>>(
  list: ListStore<R, F, A>,
  params: ListParams<F>,
): void {
  list.setParams(params);
}
