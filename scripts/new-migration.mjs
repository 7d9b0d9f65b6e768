// `npm run new:migration -- <area> <name>`: a new migration of a server area, named so that it
// runs after every migration there is (`server/areas/<area>/migrations/<date>T<nnnn>-<name>.ts`).
//
// Migrations run in the order of their names across all areas, and a database refuses a new one
// that sorts before one it has already run (Kysely's migrator). So the name's date is today's or
// the newest migration's, whichever is later, and its number the next one after every migration
// of that date in any area: two areas never share a prefix, and nothing sorts before what exists.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MIGRATION = /^(\d{4}-\d{2}-\d{2})T(\d{4})-[\w-]+\.ts$/;

/** Every migration file name of every area under `areasDir`. */
export function migrationNames(areasDir) {
  const names = [];
  for (const area of fs.readdirSync(areasDir, { withFileTypes: true })) {
    if (!area.isDirectory()) continue;
    const dir = path.join(areasDir, area.name, 'migrations');
    if (!fs.existsSync(dir)) continue;
    names.push(...fs.readdirSync(dir).filter((file) => MIGRATION.test(file)));
  }
  return names.sort();
}

/** The prefix (`2026-12-01T2702`) that sorts after every name in `existing`, on `today` or later. */
export function nextPrefix(existing, today) {
  const newest = existing.at(-1)?.match(MIGRATION);
  const date = newest && newest[1] > today ? newest[1] : today;
  const numbers = existing
    .map((name) => name.match(MIGRATION))
    .filter((m) => m && m[1] === date)
    .map((m) => Number(m[2]));
  const next = numbers.length ? Math.max(...numbers) + 1 : 1;
  if (next > 9999) throw new Error(`no migration number left on ${date}`);
  return `${date}T${String(next).padStart(4, '0')}`;
}

const TEMPLATE = `import { type Kysely, sql } from 'kysely';

/**
 * What this migration changes, and why (the call or page that needs it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql\`\`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql\`\`.execute(db);
}
`;

/**
 * Writes the new migration file of `area` under `areasDir` and returns its path. Refuses an area
 * that does not exist and a name that is not lower-case words joined by hyphens.
 */
export function newMigration(areasDir, area, name, today = new Date().toISOString().slice(0, 10)) {
  if (!/^[a-z][a-z0-9-]*$/.test(area) || !fs.existsSync(path.join(areasDir, area))) {
    const areas = fs
      .readdirSync(areasDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    throw new Error(`no area "${area}" (areas: ${areas.join(', ')})`);
  }
  if (!/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(name)) {
    throw new Error(`the name "${name}" must be lower-case words joined by hyphens (order-notes)`);
  }
  const dir = path.join(areasDir, area, 'migrations');
  const file = path.join(dir, `${nextPrefix(migrationNames(areasDir), today)}-${name}.ts`);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(file, TEMPLATE, { flag: 'wx' });
  return file;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [area, name] = process.argv.slice(2);
  if (!area || !name) {
    console.error('usage: npm run new:migration -- <area> <name>   (e.g. orders order-notes)');
    process.exit(2);
  }
  try {
    const file = newMigration(path.join(root, 'server', 'areas'), area, name);
    console.log(`created ${path.relative(root, file)}: write its up() and down(), then npm run db:migrate`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
