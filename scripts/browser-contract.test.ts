import { parse } from 'acorn';
import { describe, expect, it } from 'vitest';
import { stripOperations } from './browser-contract.mjs';

const source = `
import { operation } from '../operation.ts';
import { Query, Answer } from './schemas.ts';
export const used = operation({ area: 'a', method: 'GET', path: 'a/used', summary: 'x', auth: 'session', input: Query, output: Answer });
export const unused = operation({ area: 'a', method: 'POST', path: 'a/unused', input: Query, output: Answer, encoding: 'form' });
`;

describe('stripOperations (the contract in browser bundles)', () => {
  const out: string = stripOperations(source).toString();

  it('drops what only the server reads and keeps what the transport needs', () => {
    expect(out).toContain("path: 'a/used'");
    expect(out).toContain("encoding: 'form'");
    expect(out).not.toMatch(/input|output|summary|auth/);
    // what is left parses, each declaration with the transport's properties only (no `x: void 0` left)
    const keys = [...out.matchAll(/operation\(\{([^}]*)\}\)/g)].map((m) =>
      [...(m[1] as string).matchAll(/(\w+):/g)].map((k) => k[1]),
    );
    expect(keys).toEqual([
      ['area', 'method', 'path'],
      ['area', 'method', 'path', 'encoding'],
    ]);
    expect(() => parse(out, { ecmaVersion: 'latest', sourceType: 'module' })).not.toThrow();
  });

  it('marks each declaration pure, so a bundle keeps only the operations it calls', () => {
    expect(out.match(/\/\*#__PURE__\*\/ operation\(/g)).toHaveLength(2);
    // as a minifier leaves it: the import renamed
    const minified: string = stripOperations(
      "import{operation as o}from'../operation.ts';export const a=o({path:'a',input:1});",
    ).toString();
    expect(minified).toContain('/*#__PURE__*/ o(');
  });
});
