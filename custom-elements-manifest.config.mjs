import { lpManifestPlugin } from './scripts/cem-plugin.mjs';

/** `cem analyze` (scripts/cem.mjs): the element classes' JSDoc, completed by our plugin. */
export default {
  globs: ['elements/*/*.ts'],
  exclude: ['elements/**/*.test.ts', 'elements/**/*.styles.ts', 'elements/kit/**'],
  outdir: '.',
  plugins: [lpManifestPlugin()],
};
