// The contract in browser bundles. Each operation is declared once (src/contract/<area>/operations.ts)
// with everything the server needs: schemas, limits, codes, summary. A browser only calls it: the
// transport needs its method, path and encoding, and the types come from the declaration at
// compile time. This rollup plugin drops the server-only properties of `operation({...})` in the
// browser build, so an element that calls `user/login` does not ship the login schema, valibot and
// the message catalogue with it (a form that validates imports its schema itself, and gets it).
// The contract's modules are side-effect free, so what nothing uses is left out.
import { parse } from 'acorn';
import MagicString from 'magic-string';

/** Properties of a declaration that only the server, the OpenAPI document and tests read. */
export const SERVER_ONLY = new Set([
  'input',
  'output',
  'summary',
  'auth',
  'rateLimits',
  'codes',
  'background',
  'cors',
  'audit',
  'signature',
  'refusals',
  'idempotencyKey',
]);

const CONTRACT = /[\\/]src[\\/]contract[\\/]/;
const OPERATIONS = /[\\/]src[\\/]contract[\\/][^\\/]+[\\/]operations\.ts$/;

/** Removes the server-only properties of every `operation({...})` call in a module's JavaScript. */
export function stripOperations(code) {
  const ast = parse(code, { ecmaVersion: 'latest', sourceType: 'module' });
  const out = new MagicString(code);
  // The local name of the imported `operation` (a minifier may have shortened it).
  const declare = new Set(
    ast.body
      .filter((node) => node.type === 'ImportDeclaration')
      .flatMap((node) => node.specifiers)
      .filter(
        (spec) =>
          spec.type === 'ImportSpecifier' && (spec.imported.name ?? spec.imported.value) === 'operation',
      )
      .map((spec) => spec.local.name),
  );
  const stripped = new Set();
  const visit = (node) => {
    if (!node || typeof node.type !== 'string' || stripped.has(node)) return;
    if (
      node.type === 'CallExpression' &&
      node.callee.type === 'Identifier' &&
      node.arguments[0]?.type === 'ObjectExpression'
    ) {
      // each server-only property goes with its comma: `{a, input: X, b}` → `{a, b}`
      const props = node.arguments[0].properties;
      props.forEach((prop, i) => {
        const name = prop.type === 'Property' && !prop.computed ? (prop.key.name ?? prop.key.value) : null;
        if (!name || !SERVER_ONLY.has(name)) return;
        stripped.add(prop);
        if (i < props.length - 1) out.remove(prop.start, props[i + 1].start);
        else if (i > 0) out.remove(props[i - 1].end, prop.end);
        else out.remove(prop.start, prop.end);
      });
      // A declaration has no side effect: an operation no page calls is left out of its bundle,
      // even when the page calls another of the same area.
      if (declare.has(node.callee.name)) out.appendLeft(node.start, '/*#__PURE__*/ ');
    }
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) value.forEach(visit);
      else if (value && typeof value === 'object') visit(value);
    }
  };
  visit(ast);
  return out;
}

/** The rollup plugin (after the TypeScript transform): see the file comment. */
export function browserContract() {
  return {
    name: 'browser-contract',
    transform(code, id) {
      if (!CONTRACT.test(id)) return null;
      if (!OPERATIONS.test(id)) return { code, map: null, moduleSideEffects: false };
      const out = stripOperations(code);
      return { code: out.toString(), map: out.generateMap({ hires: true }), moduleSideEffects: false };
    },
  };
}
