/** Every answer of the API: HTTP 200 (or a transport fault) with this body. */
export interface Envelope<T = unknown> {
  code: number;
  message: string;
  data: T;
}

/** Field messages of a 422 answer: `{ field: message }`. */
export type FieldErrors = Record<string, string>;
