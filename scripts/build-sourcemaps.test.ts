import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { rollup } from 'rollup';
import { afterAll, describe, expect, it } from 'vitest';
import { buildReactRuntime, embedBuild } from '../rollup.config.mjs';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/**
 * The embed build of the chat widget (the smallest element) with the shared React runtime its
 * panel imports, with `env` as the build's environment.
 */
async function buildEmbed(
  env: Record<string, string>,
): Promise<{ files: string[]; entry: string; runtime: string; dir: string }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lp-embed-'));
  dirs.push(dir);
  const runtime = await buildReactRuntime({ dir, env });
  const config = embedBuild('chat-widget', { runtime, dir, env });
  const bundle = await rollup(config);
  try {
    await bundle.write(config.output);
  } finally {
    await bundle.close();
  }
  return {
    files: readdirSync(dir, { recursive: true, encoding: 'utf8' }),
    entry: readFileSync(path.join(dir, 'lp-chat-widget.js'), 'utf8'),
    runtime,
    dir,
  };
}

/** The plain build, made once for the tests that read it. */
let plainOnce: ReturnType<typeof buildEmbed> | undefined;
const plainBuild = () => {
  plainOnce ??= buildEmbed({});
  return plainOnce;
};

describe('embed build', () => {
  // Two real builds: seconds, more on a busy machine.
  it('writes none unless SOURCEMAPS=1 asks for them', { timeout: 60_000 }, async () => {
    const [plain, asked] = await Promise.all([plainBuild(), buildEmbed({ SOURCEMAPS: '1' })]);
    expect(plain.files.filter((f) => f.endsWith('.map'))).toEqual([]);
    expect(plain.entry).not.toContain('sourceMappingURL');
    expect(asked.files).toContain('lp-chat-widget.js.map');
    expect(asked.entry).toContain('//# sourceMappingURL=lp-chat-widget.js.map');
    expect(asked.files).toContain(`${asked.runtime}.map`);
  });

  it('loads React from the shared runtime chunk, relative to each file, and only in the lazy panel', {
    timeout: 60_000,
  }, async () => {
    const { files, entry, runtime, dir } = await plainBuild();
    expect(runtime).toMatch(/^chunks\/react-[\w-]{8}\.js$/);
    const panel = files.find((f) => f.startsWith(`lp-chat-widget${path.sep}`) && f.endsWith('.js'));
    expect(panel).toBeDefined();
    const panelCode = readFileSync(path.join(dir, panel ?? ''), 'utf8');
    expect(panelCode).toContain(`from"../${runtime}"`);
    // the launcher (a plain custom element) neither carries React nor imports the runtime before the panel opens
    expect(entry).not.toContain(runtime);
    expect(entry).not.toContain('react.transitional.element');
  });

  // a Lit element, and a plain custom element (the chat launcher's kind)
  for (const [name, fixture] of [
    ['lp-lit-with-react', 'scripts/fixtures/lit-with-react.ts'],
    ['lp-plain-with-react', 'scripts/fixtures/plain-with-react.ts'],
  ] as const) {
    it(`refuses an element that is not a React element but would load React on its first load (${name})`, {
      timeout: 60_000,
    }, async () => {
      const config = {
        ...embedBuild('chat-widget', { runtime: 'chunks/react-Ab12Cd34.js', dir: os.tmpdir(), env: {} }),
        input: { [name]: fixture },
      };
      const bundle = await rollup(config);
      try {
        await expect(bundle.generate(config.output)).rejects.toThrow(
          `${name}.js is not a React element but imports React on its first load`,
        );
      } finally {
        await bundle.close();
      }
    });
  }
});
