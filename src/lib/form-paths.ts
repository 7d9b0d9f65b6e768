/**
 * Dot paths into form values (`mobile`, `goods.0.quantity`), the same names valibot's
 * `getDotPath` gives an issue and the server uses as keys of a 422's `data`.
 */
type Leaf = string | number | boolean | bigint | symbol | null | undefined | Date | Blob;

/**
 * What a form holds while the user fills it in: a choice of fixed strings (a picklist) may be any
 * text, '' before one is picked; a number may be '' while its field is empty.
 */
export type Draft<T> = T extends string
  ? string
  : T extends number
    ? number | ''
    : T extends boolean | bigint | symbol | null | undefined | Date | Blob
      ? T
      : T extends readonly (infer E)[]
        ? Draft<E>[]
        : { [K in keyof T]: Draft<T[K]> };

/** Every path of `T` that names a value: `'goods' | 'goods.0' | 'goods.0.quantity' | …`. */
export type FieldPath<T> = T extends Leaf
  ? never
  : T extends readonly (infer E)[]
    ? `${number}` | (E extends Leaf ? never : `${number}.${FieldPath<E>}`)
    : {
        [K in keyof T & string]: T[K] extends Leaf ? K : K | `${K}.${FieldPath<T[K]>}`;
      }[keyof T & string];

/** The type of the value at `P` in `T`. */
export type PathValue<T, P extends string> = T extends readonly (infer E)[]
  ? P extends `${number}.${infer R}`
    ? PathValue<E, R>
    : E
  : P extends `${infer K}.${infer R}`
    ? K extends keyof T
      ? PathValue<T[K], R>
      : never
    : P extends keyof T
      ? T[P]
      : never;

const parts = (path: string): string[] => (path === '' ? [] : path.split('.'));

/** The value at `path` (undefined when a step is missing). */
export function getPath(values: unknown, path: string): unknown {
  let at: unknown = values;
  for (const key of parts(path)) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<string, unknown>)[key];
  }
  return at;
}

/** A copy of `values` with `value` at `path`; objects and arrays on the way are copied, the rest shared. */
export function setPath<T>(values: T, path: string, value: unknown): T {
  const [key, ...rest] = parts(path);
  if (key === undefined) return value as T;
  const current = values as unknown;
  if (Array.isArray(current)) {
    const copy = [...current];
    copy[Number(key)] = setPath(copy[Number(key)], rest.join('.'), value);
    return copy as T;
  }
  const record = current !== null && typeof current === 'object' ? (current as Record<string, unknown>) : {};
  return { ...record, [key]: setPath(record[key], rest.join('.'), value) } as T;
}

/** True when `path` is `ancestor` or lies inside it (`goods.0.quantity` inside `goods`). */
export const isWithin = (path: string, ancestor: string): boolean =>
  path === ancestor || path.startsWith(`${ancestor}.`);
