import { lpManifestPlugin } from './scripts/cem-plugin.mjs';

/** `cem analyze` (scripts/cem.mjs): the element classes' JSDoc, completed by our plugin. */
export default {
  globs: ['elements/*/*.ts'],
  exclude: ['elements/**/*.test.ts', 'elements/**/*.styles.ts', 'elements/kit/**'],
  outdir: '.',
  // package.json's `customElements` names the manifest once, by hand: an analysis into another
  // folder (scripts/element-types.test.ts) must not rewrite it
  packagejson: false,
  plugins: [lpManifestPlugin()],
};
