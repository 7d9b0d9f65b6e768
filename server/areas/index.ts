import { existsSync, readdirSync } from 'node:fs';
import type { Chore } from '../core/housekeeping.ts';
import type { Route } from '../http/route.ts';

/**
 * The areas of the server: every folder here (`accounts`, `chat` …). Routes, migrations and
 * table types are found in them by name (`routes.ts`, `migrations/*.ts`, `tables.ts`), so adding
 * an area means adding a folder; no list elsewhere names them.
 */
const AREAS = new URL('./', import.meta.url);

export const AREA_NAMES: readonly string[] = readdirSync(AREAS, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

/** The file `name` of every area that has one, as a URL to import. */
export function areaFiles(name: string): Array<{ area: string; url: URL }> {
  return AREA_NAMES.map((area) => ({ area, url: new URL(`./${area}/${name}`, AREAS) })).filter(({ url }) =>
    existsSync(url),
  );
}

/** The migration files of every area (`<area>/migrations/<timestamp>-<name>.ts`), by file name. */
export function migrationFiles(): Array<{ name: string; url: URL }> {
  const out: Array<{ name: string; url: URL }> = [];
  for (const area of AREA_NAMES) {
    const dir = new URL(`./${area}/migrations/`, AREAS);
    if (!existsSync(dir)) continue;
    for (const file of readdirSync(dir)) {
      if (!/^\d{4}-\d{2}-\d{2}T\d{4}-[\w-]+\.ts$/.test(file)) continue;
      out.push({ name: file.replace(/\.ts$/, ''), url: new URL(file, dir) });
    }
  }
  return out.sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * Every area's routes (`<area>/routes.ts` exports `routes`, a list of `handle(operation, …)`),
 * loaded once when the server starts.
 */
export async function loadAreaRoutes(): Promise<Route[]> {
  const out: Route[] = [];
  for (const { area, url } of areaFiles('routes.ts')) {
    const module = (await import(url.href)) as { routes?: Route[] };
    if (!Array.isArray(module.routes)) throw new Error(`server/areas/${area}/routes.ts must export routes`);
    out.push(...module.routes);
  }
  return out;
}

let chores: Promise<Chore[]> | undefined;

/** Every area's housekeeping chores (`<area>/housekeeping.ts` exports `chores`), loaded once. */
export function areaChores(): Promise<Chore[]> {
  chores ??= (async () => {
    const out: Chore[] = [];
    for (const { area, url } of areaFiles('housekeeping.ts')) {
      const module = (await import(url.href)) as { chores?: Chore[] };
      if (!Array.isArray(module.chores))
        throw new Error(`server/areas/${area}/housekeeping.ts must export chores`);
      out.push(...module.chores);
    }
    return out;
  })();
  return chores;
}
