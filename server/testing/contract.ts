import { existsSync, readdirSync } from 'node:fs';
import { type Operation, operationsIn } from '../../src/contract/operation.ts';

/** Every operation declared in `src/contract/<area>/operations.ts`, found by name (tests only). */
export async function contractOperations(): Promise<Operation[]> {
  const root = new URL('../../src/contract/', import.meta.url);
  const out: Operation[] = [];
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    const file = new URL(`./${entry.name}/operations.ts`, root);
    if (!entry.isDirectory() || !existsSync(file)) continue;
    out.push(...operationsIn((await import(file.href)) as Record<string, unknown>));
  }
  return out;
}
