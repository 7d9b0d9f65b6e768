export interface OutputChunkLike {
  type: 'chunk';
  fileName: string;
  name: string;
  isEntry: boolean;
  imports: string[];
  dynamicImports: string[];
  moduleIds: string[];
  code: string;
}
export function staticClosure(bundle: Record<string, OutputChunkLike>, roots: string[]): Set<string>;
export function firstLoadGroups(
  bundle: Record<string, OutputChunkLike>,
  options: {
    hostEntry: string;
    layoutModule: string;
    switcher: string;
    publicPages: string[];
    publicElements: string[];
  },
): { boot: Set<string>; portal: Set<string>; publicRoots: string[]; layout: string };
export function tagsIn(code: string, elementNames: string[]): string[];
