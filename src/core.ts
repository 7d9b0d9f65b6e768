/**
 * The framework-free core: API client, stores, helpers and i18n, without React or Lit.
 * `npm run size` bundles this entry to measure what every element pays for it.
 */
export * as api from './api/index.ts';
export * from './i18n/translate.ts';
export * from './lib/index.ts';
export * from './stores/index.ts';
