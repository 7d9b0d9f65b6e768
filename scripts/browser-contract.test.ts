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
    expect(out).toContain('input:void 0');
    expect(out).toContain('summary:void 0');
    expect(out).not.toMatch(/input: Query|output: Answer/);
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
