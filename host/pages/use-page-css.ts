import { useLayoutEffect } from 'react';
import { sheet } from '../../src/ui/index.ts';

/**
 * Makes sure the document has adopted a page's stylesheet (the host adopts it at start-up; this
 * covers a page rendered before or without that), without ever adopting the same sheet twice.
 */
export function usePageCss(text: string): void {
  useLayoutEffect(() => {
    const wanted = sheet(text);
    if (!document.adoptedStyleSheets.includes(wanted)) {
      document.adoptedStyleSheets = [...document.adoptedStyleSheets, wanted];
    }
  }, [text]);
}
