import { useId } from 'react';

/** A stable id usable in `id`/`aria-*` attributes and CSS (React's ids contain colons). */
export function useDomId(prefix: string): string {
  return `${prefix}-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
}
