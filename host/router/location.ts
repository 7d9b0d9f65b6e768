import { createRouter } from '@nanostores/router';

/**
 * The address bar as a store. The route table is dynamic (the server's menu), so the router only
 * tracks the location (history, link clicks) and `resolvePath` maps it against the current table.
 */
export const $location = createRouter({ any: [/^(.*)$/, (path: string) => ({ path })] } as const, {
  links: true,
  search: false,
});

/** The full path with query (`/login?redirect=%2Fx`), as the guard and the tabs use it. */
export function currentFullPath(): string {
  const { pathname, search } = globalThis.location ?? { pathname: '/', search: '' };
  return `${pathname}${search}`;
}

export function go(path: string, replace = false): void {
  $location.open(path, replace);
}
