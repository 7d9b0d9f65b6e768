import { existsSync, readdirSync } from 'node:fs';

/**
 * The areas' files, found by name: every folder here is an area (`accounts`, `chat` …), and its
 * `routes.ts`, `housekeeping.ts` and `migrations/*.ts` are read from it, so adding an area means
 * adding a folder; no list elsewhere names them. The test servers' bundle
 * (scripts/server-bundle.mjs) puts a static list of the same files in this module's place.
 */
const AREAS = new URL('./', import.meta.url);

/** A file of an area: where it is, and its module. */
export interface AreaFile {
  area: string;
  url: URL;
  load(): Promise<unknown>;
}

export const AREA_NAMES: readonly string[] = readdirSync(AREAS, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

const file = (area: string, url: URL): AreaFile => ({ area, url, load: () => import(url.href) });

/** The file `name` of every area that has one. */
export function areaFiles(name: string): AreaFile[] {
  return AREA_NAMES.map((area) => file(area, new URL(`./${area}/${name}`, AREAS))).filter(({ url }) =>
    existsSync(url),
  );
}

/** The migration files of every area (`<area>/migrations/<timestamp>-<name>.ts`), by file name. */
export function migrationFiles(): Array<AreaFile & { name: string }> {
  const out: Array<AreaFile & { name: string }> = [];
  for (const area of AREA_NAMES) {
    const dir = new URL(`./${area}/migrations/`, AREAS);
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir)) {
      if (!/^\d{4}-\d{2}-\d{2}T\d{4}-[\w-]+\.ts$/.test(name)) continue;
      out.push({ ...file(area, new URL(name, dir)), name: name.replace(/\.ts$/, '') });
    }
  }
  return out.sort((a, b) => a.name.localeCompare(b.name));
}
