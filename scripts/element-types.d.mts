/** The manifest's custom elements, each with its module's path. */
export function elementsOf(manifest: unknown): unknown[];
/** The `.d.ts` of one element: its class, its events' map and its tag. */
export function elementDeclaration(element: unknown): string;
/** Writes every file of dist/embed/types from `manifest` into `outDir`; returns the file names. */
export function writeElementTypes(manifest: unknown, outDir: string): string[];
