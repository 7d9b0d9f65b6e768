/** Types of new-migration.mjs (`npm run new:migration`). */
export function migrationNames(areasDir: string): string[];
export function nextPrefix(existing: readonly string[], today: string): string;
export function newMigration(areasDir: string, area: string, name: string, today?: string): string;
