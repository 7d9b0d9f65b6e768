/** Names of the elements built into dist/elements/ (injected by rollup.config.mjs). */
declare const __LP_ELEMENTS__: readonly string[];
