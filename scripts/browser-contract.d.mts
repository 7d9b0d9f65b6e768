/** Types of browser-contract.mjs (the dev server's Vite config and the build use the plugin). */
import type MagicString from 'magic-string';

export declare const SERVER_ONLY: ReadonlySet<string>;
export declare function stripOperations(code: string): MagicString;
export declare function browserContract(): {
  name: string;
  transform(
    code: string,
    id: string,
  ): { code: string; map: ReturnType<MagicString['generateMap']> | null; moduleSideEffects: false } | null;
};
