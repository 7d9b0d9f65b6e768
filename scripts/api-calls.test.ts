import fs from 'node:fs';
import path from 'node:path';
import type { JsonSchema } from '@valibot/to-json-schema';
import { describe, expect, it } from 'vitest';
import { contractOperations } from '../server/testing/contract.ts';
import { CALLS_FILE, callsMarkdown, fieldsOf, unknownCalls } from './api-calls.ts';

const operations = await contractOperations();

describe('docs/api-calls.md', () => {
  it('is what the contract says (run `npm run docs:api` after changing an operation)', () => {
    expect(fs.readFileSync(CALLS_FILE, 'utf8')).toBe(callsMarkdown(operations));
  });

  it('lists every call once', () => {
    const rows = callsMarkdown(operations).match(/^\| `(GET|POST) [^`]+` \|/gm) ?? [];
    expect(rows).toHaveLength(operations.length);
    expect(new Set(rows).size).toBe(rows.length);
  });
});

describe('docs/api.md', () => {
  it('names only calls the contract has, with their method', () => {
    const text = fs.readFileSync(path.join(path.dirname(CALLS_FILE), 'api.md'), 'utf8');
    expect(unknownCalls(text, operations)).toEqual([]);
  });

  it('finds a call that is not declared, or declared with another method', () => {
    const text =
      '`POST user/login`, `GET user/login`, `POST user/no-such-call`, `POST user/nope {id}`, `GET /api/health.json`';
    expect(unknownCalls(text, operations)).toEqual([
      'GET user/login',
      'POST user/no-such-call',
      'POST user/nope',
    ]);
  });
});

describe('fieldsOf', () => {
  it('marks a field optional when some variant of the input leaves it out', () => {
    const schema: JsonSchema = {
      anyOf: [
        { type: 'object', properties: { action: {}, code: {} }, required: ['action', 'code'] },
        { type: 'object', properties: { action: {} }, required: ['action'] },
      ],
    };
    expect(fieldsOf(schema)).toBe('`action`, `code?`');
    expect(fieldsOf({ type: 'object', properties: {} })).toBe('–');
  });
});
