/** `order-notes` → `orderNotes`. */
export function camel(name: string): string;
/** `order-notes` → `OrderNotes`. */
export function pascal(name: string): string;
/** Writes a new element's files under `dir` and adds it to the lists; returns the paths written. */
export function newElement(dir: string, name: string, zhTitle: string, enTitle: string): string[];
