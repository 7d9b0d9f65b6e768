/** The manifest's custom elements, each with its module's path. */
export function elementsOf(manifest: unknown): unknown[];
/** The `.d.ts` of one element: its class, its events' map and its tag. */
export function elementDeclaration(element: unknown): string;
/** The manifest without read-only properties, for the framework generators (JSX, Vue). */
export function settableOnly(manifest: unknown): unknown;
/** Writes every file of dist/embed/types from `manifest` into `outDir`; returns the file names. */
export function writeElementTypes(manifest: unknown, outDir: string): string[];
