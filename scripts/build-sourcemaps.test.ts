import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { rollup } from 'rollup';
import { afterAll, describe, expect, it } from 'vitest';
import { embedBuild } from '../rollup.config.mjs';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** The embed build of the chat widget (the smallest element), with `env` as the build's environment. */
async function buildEmbed(env: Record<string, string>): Promise<{ files: string[]; entry: string }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lp-embed-'));
  dirs.push(dir);
  const config = embedBuild('chat-widget', { dir, env });
  const bundle = await rollup(config);
  try {
    await bundle.write(config.output);
  } finally {
    await bundle.close();
  }
  return {
    files: readdirSync(dir, { recursive: true, encoding: 'utf8' }),
    entry: readFileSync(path.join(dir, 'lp-chat-widget.js'), 'utf8'),
  };
}

describe('embed build source maps', () => {
  // Two real builds: seconds, more on a busy machine.
  it('writes none unless SOURCEMAPS=1 asks for them', { timeout: 60_000 }, async () => {
    const [plain, asked] = await Promise.all([buildEmbed({}), buildEmbed({ SOURCEMAPS: '1' })]);
    expect(plain.files.filter((f) => f.endsWith('.map'))).toEqual([]);
    expect(plain.entry).not.toContain('sourceMappingURL');
    expect(asked.files).toContain('lp-chat-widget.js.map');
    expect(asked.entry).toContain('//# sourceMappingURL=lp-chat-widget.js.map');
  });
});
