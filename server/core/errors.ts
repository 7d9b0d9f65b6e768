import { Code } from '../../src/contract/codes.ts';
import { fill, type Lang, type Params } from '../../src/contract/messages.ts';
import { SERVER_MESSAGES, type ServerMessage } from './messages.ts';

/** A server message in a language (English is the key itself). */
export function say(message: ServerMessage, lang: Lang, params?: Params): string {
  return fill(lang === 'en' ? message : SERVER_MESSAGES[message], params);
}

interface Options {
  params?: Params;
  /** Field messages: a 422's `data`, translated like the message and filled with its params. */
  fields?: Record<string, ServerMessage>;
}

/**
 * A failure that becomes an envelope `{code, message, data}` in the caller's language; never
 * carries internals. Services throw it with an English message from server/core/messages.ts.
 */
export class ApiError extends Error {
  #key: ServerMessage | null;
  readonly #options: Options;

  constructor(
    readonly code: number,
    message: ServerMessage,
    readonly data: unknown = null,
    options: Options = {},
  ) {
    super(fill(message, options.params));
    this.name = 'ApiError';
    this.#key = message;
    this.#options = options;
  }

  /** A failure whose message and data are already in the caller's language (schema validation). */
  static localized(code: number, message: string, data: unknown = null): ApiError {
    const error = new ApiError(code, 'Invalid request', data);
    error.message = message;
    error.#key = null;
    return error;
  }

  /** The message in `lang`. */
  textIn(lang: Lang): string {
    return this.#key === null ? this.message : say(this.#key, lang, this.#options.params);
  }

  /** `data` for the envelope, field messages translated. */
  dataIn(lang: Lang): unknown {
    const fields = this.#options.fields;
    if (!fields) return this.data;
    const out: Record<string, string> = {};
    for (const [field, message] of Object.entries(fields))
      out[field] = say(message, lang, this.#options.params);
    return out;
  }
}

export const badRequest = (message: ServerMessage) => new ApiError(Code.badRequest, message);
export const forbidden = (message: ServerMessage) => new ApiError(Code.forbidden, message);
export const notFound = (message: ServerMessage) => new ApiError(Code.notFound, message);
/** 422 with one field's message (also the envelope's message). */
export const invalidField = (field: string, message: ServerMessage, params?: Params) =>
  new ApiError(Code.invalid, message, null, { fields: { [field]: message }, ...(params ? { params } : {}) });
