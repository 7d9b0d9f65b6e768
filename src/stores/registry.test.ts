import { build } from 'esbuild';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { $toasts } from './notices.ts';
import { REGISTRY_KEY, shared, storeRegistry } from './registry.ts';
import { resetStores } from './test-reset.ts';

beforeEach(resetStores);
afterEach(resetStores);

/** Bundles notices.ts (with nanostores) as a separate, self-contained module, like a standalone embed. */
async function separateBundle(tag: string): Promise<typeof import('./notices.ts')> {
  const result = await build({
    entryPoints: [new URL('./notices.ts', import.meta.url).pathname],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    write: false,
    banner: { js: `// bundle ${tag}` },
  });
  const code = result.outputFiles[0]!.text;
  return import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
}

describe('store registry', () => {
  it('lives on the versioned global symbol and creates each store once', () => {
    expect((globalThis as unknown as Record<symbol, unknown>)[Symbol.for('lp.stores.v1')]).toBe(
      storeRegistry(),
    );
    expect(REGISTRY_KEY).toBe(Symbol.for('lp.stores.v1'));
    let made = 0;
    const a = shared('test.once', () => ({ n: ++made }));
    const b = shared('test.once', () => ({ n: ++made }));
    expect(a).toBe(b);
    expect(made).toBe(1);
  });

  it('two separately built bundles share one notices store', async () => {
    const one = await separateBundle('one');
    const two = await separateBundle('two');
    expect(one).not.toBe(two);
    one.toast('from bundle one', 'error', 0);
    expect(two.$toasts.get().map((t) => t.message)).toEqual(['from bundle one']);
    expect($toasts.get().map((t) => t.message)).toEqual(['from bundle one']);
    two.clearNotices();
    expect(one.$toasts.get()).toEqual([]);
  });
});
