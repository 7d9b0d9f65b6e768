import { buildServerBundles, bundlePath } from './server-bundle.mjs';

/**
 * vitest's global set-up of the `node` and `postgres` projects (vitest.config.ts): the server
 * processes the tests start run from a bundle made now from the sources (scripts/server-bundle.mjs),
 * named to them (and to the workers, which inherit it) by LP_SERVER_BUNDLE; made again before
 * each rerun in watch mode, so they never run older code than the tests.
 */
export default async function setup(project) {
  await buildServerBundles();
  process.env.LP_SERVER_BUNDLE = bundlePath('main');
  project.onTestsRerun(() => buildServerBundles());
}
