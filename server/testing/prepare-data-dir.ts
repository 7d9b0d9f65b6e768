import { migratedDataFolder } from './pglite-template.ts';

/**
 * `node --import tsx server/testing/prepare-data-dir.ts`: fills an empty $DATA_DIR with the
 * migrated template (pglite-template.ts), so a test server's first start skips creating the
 * database cluster. For test servers only (the end-to-end runs); `npm start` never uses it.
 */
const dir = process.env.DATA_DIR;
if (!dir) {
  console.error('prepare-data-dir: DATA_DIR is not set');
  process.exit(2);
}
await migratedDataFolder(dir);
