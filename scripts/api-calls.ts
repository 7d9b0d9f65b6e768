import fs from 'node:fs';
import path from 'node:path';
import type { JsonSchema } from '@valibot/to-json-schema';
import type { Auth, Operation, RateLimit } from '../src/contract/operation.ts';
import { inputSchema } from '../server/openapi/json-schema.ts';
import { contractOperations } from '../server/testing/contract.ts';

/**
 * docs/api-calls.md, the table of every API call, written from the contract
 * (src/contract/<area>/operations.ts) by `npm run docs:api`; scripts/api-calls.test.ts fails when
 * the file is not what the contract says. docs/api.md explains the calls; this file lists them.
 */
export const CALLS_FILE = path.resolve(import.meta.dirname, '..', 'docs', 'api-calls.md');

const WHO: Record<Auth, string> = {
  public: 'anyone',
  optional: 'anyone (a session if sent)',
  account: 'a session',
  session: 'a session (password current)',
  chat: 'a chat session',
  signed: 'a signed server',
};

const MINUTE = 60_000;

function per(windowMs: number): string {
  if (windowMs === MINUTE) return 'a minute';
  if (windowMs === 60 * MINUTE) return 'an hour';
  if (windowMs % MINUTE === 0) return `in ${windowMs / MINUTE} minutes`;
  return `in ${windowMs / 1000} s`;
}

function limitText(limit: RateLimit): string {
  const by = limit.by === 'ip' ? 'address' : limit.by === 'user' ? 'user' : `\`${limit.field}\``;
  return `${limit.limit} ${per(limit.windowMs)} per ${by}${limit.bucket ? ` (\`${limit.bucket}\`)` : ''}`;
}

/** The objects a schema may be: itself, or each variant of a union (`action: 'captcha' | 'submit'`). */
function variantsOf(schema: JsonSchema): JsonSchema[] {
  const variants = [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])] as JsonSchema[];
  return variants.length ? variants.flatMap(variantsOf) : [schema];
}

/** The input's top-level fields, `name?` when some input may leave it out; '–' for none. */
export function fieldsOf(schema: JsonSchema): string {
  const variants = variantsOf(schema);
  const names = [
    ...new Set(variants.flatMap((s) => Object.keys((s.properties ?? {}) as Record<string, unknown>))),
  ];
  if (!names.length) return schema.type === 'object' || !schema.type ? '–' : `(${schema.type})`;
  const always = (name: string) => variants.every((s) => (s.required ?? []).includes(name));
  return names.map((name) => `\`${name}${always(name) ? '' : '?'}\``).join(', ');
}

/** Code-unit order, the same on every machine (localeCompare follows the locale and ICU). */
const order = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** A table cell: one line, no column break. */
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');

/** The file's text for these operations (by area, then path). */
export function callsMarkdown(operations: readonly Operation[]): string {
  const areas = new Map<string, Operation[]>();
  for (const op of [...operations].sort(
    (a, b) => order(a.area, b.area) || order(a.path, b.path) || order(a.method, b.method),
  ))
    areas.set(op.area, [...(areas.get(op.area) ?? []), op]);
  const lines = [
    '# API calls',
    '',
    '<!-- Written by `npm run docs:api` from src/contract/*/operations.ts: do not edit by hand. -->',
    '',
    `Every call of the API (${operations.length}), by contract area: \`/api/<path>.html\`, its method, who may`,
    'call it, its input fields (`?`: optional; the query of a GET, the body of a POST), its rate limits and',
    'the codes it answers besides those every call of its kind may (docs/api.md, "Codes"). docs/api.md',
    'explains the envelope, the inputs and the answers; `GET /api/openapi.json` has the full schemas.',
  ];
  for (const [area, ops] of areas) {
    lines.push(
      '',
      `## ${area}`,
      '',
      '| call | who | input | what | limits | codes |',
      '|---|---|---|---|---|---|',
    );
    for (const op of ops) {
      const input =
        op.encoding === 'multipart'
          ? `${fieldsOf(inputSchema(op.input))}, a file`
          : fieldsOf(inputSchema(op.input));
      const row = [
        `\`${op.method} ${op.path}\``,
        WHO[op.auth],
        input,
        cell(op.summary) + (op.media ? ` (answers \`${op.media}\`)` : ''),
        (op.rateLimits ?? []).map(limitText).join('; ') || '–',
        [...new Set(op.codes ?? [])].sort((a, b) => a - b).join(', ') || '–',
      ];
      lines.push(`| ${row.join(' | ')} |`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/** The calls docs/api.md names (`` `GET path` ``, `` `POST path` ``) that the contract lacks. */
export function unknownCalls(markdown: string, operations: readonly Operation[]): string[] {
  const known = new Set(operations.map((op) => `${op.method} ${op.path}`));
  // `POST user/login`, also with its input after it (`GET user/captcha?username=`, `POST x {id}`);
  // paths under /api/ (health, integration) are not contract calls
  const named = [...markdown.matchAll(/`((?:GET|POST|PUT|PATCH|DELETE) [a-z0-9/_-]+)[^`\n]*`/g)]
    .map((m) => m[1] ?? '')
    .filter((call) => !call.includes(' /'));
  return [...new Set(named)].filter((call) => !known.has(call));
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const text = callsMarkdown(await contractOperations());
  fs.writeFileSync(CALLS_FILE, text);
  console.log(`Wrote ${path.relative(process.cwd(), CALLS_FILE)} (${text.split('\n').length} lines).`);
}
