import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { ValidateFunction } from 'ajv';
import type { TestApp } from './test-app.ts';

/**
 * Checks answers against the OpenAPI document as a client of it would read them: the operation of
 * the request's method and path, the answer of its HTTP status (no `default`: a status the
 * document does not list is an answer outside it), a content type it lists, the headers it says,
 * and the JSON body against that answer's schema, with ajv (JSON Schema 2020-12, the dialect of
 * OpenAPI 3.1) over the document itself, so `$ref`s resolve as in any client.
 */

type Json = Record<string, unknown>;
interface ResponseObject {
  $ref?: string;
  headers?: Record<string, unknown>;
  content?: Record<string, { schema?: unknown }>;
}
interface DocumentShape {
  paths: Record<string, Record<string, { operationId: string; responses: Record<string, ResponseObject> }>>;
  components: { responses?: Record<string, ResponseObject> };
}

const ID = 'urn:lp:openapi';
/** A JSON pointer's token (RFC 6901). */
const token = (text: string) => text.replaceAll('~', '~0').replaceAll('/', '~1');

export interface Checked {
  operationId: string;
  status: number;
  /** The envelope's code, when the body is one. */
  code: number | null;
}

export class AnswerChecker {
  readonly #doc: DocumentShape;
  readonly #ajv: Ajv2020;
  readonly #compiled = new Map<string, ValidateFunction>();
  /** Every answer checked, and what was wrong with those that were outside the document. */
  readonly checked: Checked[] = [];
  readonly problems: string[] = [];

  constructor(document: Json) {
    this.#doc = document as unknown as DocumentShape;
    this.#ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(this.#ajv);
    this.#ajv.addSchema({ ...document, $id: ID });
  }

  /** The problems of one answer (none when the document describes it); records it either way. */
  async check(method: string, url: string, res: Response): Promise<string[]> {
    const path = new URL(url, 'http://portal.test').pathname;
    const where = `${method} ${path} → ${res.status}`;
    const template = this.#templateOf(path);
    const op = this.#doc.paths[template]?.[method.toLowerCase()];
    if (!op) return this.#fail([`${where}: no such operation in the document`]);
    let answer = op.responses[String(res.status)];
    let pointer = `${ID}#/paths/${token(template)}/${method.toLowerCase()}/responses/${res.status}`;
    if (answer?.$ref) {
      const name = answer.$ref.split('/').pop() ?? '';
      answer = this.#doc.components.responses?.[name];
      pointer = `${ID}#/components/responses/${token(name)}`;
    }
    const body = await res.text();
    let code: number | null = null;
    const problems: string[] = [];
    if (!answer) problems.push(`${where}: the document lists no HTTP ${res.status} for ${op.operationId}`);
    else {
      for (const header of Object.keys(answer.headers ?? {}))
        if (!res.headers.has(header)) problems.push(`${where}: header ${header} missing`);
      const type = (res.headers.get('content-type') ?? '').split(';')[0]?.trim() ?? '';
      const media = answer.content?.[type];
      if (!media)
        problems.push(`${where}: content type "${type}" not among ${Object.keys(answer.content ?? {})}`);
      else if ((type === 'application/json' || type.endsWith('+json')) && media.schema) {
        let value: unknown;
        try {
          value = JSON.parse(body);
        } catch {
          problems.push(`${where}: the body is not JSON`);
        }
        if (value !== undefined) {
          code =
            typeof (value as { code?: unknown })?.code === 'number' ? (value as { code: number }).code : null;
          const validate = this.#validator(`${pointer}/content/${token(type)}/schema`);
          if (!validate(value))
            problems.push(
              `${where}: code ${code} outside the schema: ${this.#ajv.errorsText(validate.errors, { separator: '; ' }).slice(0, 600)}`,
            );
        }
      }
    }
    this.checked.push({ operationId: op.operationId, status: res.status, code });
    return problems.length ? this.#fail(problems) : problems;
  }

  /** The document's path `path` is: itself, or a template whose `{name}` segments match it (the SCIM service's). */
  #templateOf(path: string): string {
    if (this.#doc.paths[path]) return path;
    const segments = path.split('/');
    return (
      Object.keys(this.#doc.paths).find((candidate) => {
        const parts = candidate.split('/');
        return (
          parts.length === segments.length &&
          parts.some((p) => p.startsWith('{')) &&
          parts.every((p, i) =>
            p.startsWith('{') && p.endsWith('}') ? segments[i] !== '' : p === segments[i],
          )
        );
      }) ?? path
    );
  }

  #validator(ref: string): ValidateFunction {
    let validate = this.#compiled.get(ref);
    if (!validate) {
      validate = this.#ajv.compile({ $ref: ref });
      this.#compiled.set(ref, validate);
    }
    return validate;
  }

  #fail(problems: string[]): string[] {
    this.problems.push(...problems);
    return problems;
  }

  /**
   * Every answer of `t.app` from now on is checked (its calls through `t.call`, `callOperation`
   * and `app.request` alike); the caller still reads the answer as sent.
   */
  watch(t: TestApp): void {
    const app = t.app;
    const request = app.request.bind(app);
    app.request = (async (input: string | Request | URL, init?: RequestInit, ...rest: unknown[]) => {
      const res = await (request as (...args: unknown[]) => Promise<Response>)(input, init, ...rest);
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
      await this.check(method, url, res.clone());
      return res;
    }) as typeof app.request;
  }
}
