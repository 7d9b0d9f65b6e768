/**
 * Brotli budgets in bytes (1 KB = 1000 bytes). `core` is the measured first load of
 * src/core.ts (API client, stores, helpers, i18n; lazy chunks such as pinyin-pro and fuse.js
 * not counted). Any other key is a path under dist/ (a file, or a folder: the sum of its files).
 */
export const budgets = {
  core: 15_000,
  /** The chat launcher a partner page loads first (Lit; the React panel is a lazy chunk beside it). */
  'embed/lp-chat-widget.js': 12_000,
};
