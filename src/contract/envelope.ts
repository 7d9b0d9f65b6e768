import * as v from 'valibot';

/** Every answer of the API: HTTP 200 (or a transport fault) with this body. */
export interface Envelope<T = unknown> {
  code: number;
  message: string;
  data: T;
}

export const EnvelopeSchema = v.object({
  code: v.number(),
  message: v.string(),
  data: v.unknown(),
});

/** Field messages of a 422 answer: `{ field: message }`. */
export type FieldErrors = Record<string, string>;
