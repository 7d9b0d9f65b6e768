/**
 * One instance of every store per page, whichever bundles load this code: stores live on a
 * versioned global registry, created by the first bundle that asks and reused by every other.
 * Bump the version when a store's shape changes incompatibly.
 */
export const REGISTRY_KEY = Symbol.for('lp.stores.v1');

/** The page's registry (created on first use). */
export function storeRegistry(): Map<string, unknown> {
  const holder = globalThis as unknown as Record<symbol, Map<string, unknown> | undefined>;
  let registry = holder[REGISTRY_KEY];
  if (!registry) {
    registry = new Map();
    holder[REGISTRY_KEY] = registry;
  }
  return registry;
}

/** The instance registered under `name`, created with `create` if no bundle has made it yet. */
export function shared<T>(name: string, create: () => T): T {
  const registry = storeRegistry();
  if (!registry.has(name)) registry.set(name, create());
  return registry.get(name) as T;
}
