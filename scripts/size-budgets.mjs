/**
 * Brotli budgets in bytes (1 KB = 1000 bytes). `core` is the measured first load of
 * src/core.ts (API client, stores, helpers, i18n; lazy chunks such as pinyin-pro and fuse.js
 * not counted); `host-first-load` the scripts dist/host/index.html names; `data-table` the table's
 * chunk measured from source (scripts/size.mjs). Any other key is a path under dist/ (a file, or a
 * folder: the sum of its files); an embed entry `embed/lp-<name>.js` counts with the files it
 * imports statically (its first load). Every element has a line for its embed (see
 * docs/decisions/element-anatomy.md, "Budgets").
 */
export const budgets = {
  core: 15_000,
  /** The chat launcher a partner page loads first (Lit; the React panel is a lazy chunk beside it). */
  'embed/lp-chat-widget.js': 12_000,
  /** The chat panel, loaded on the first open (React, the UI kit, DOMPurify, the chat's strings). */
  'embed/lp-chat-widget/': 90_000,
  /** React elements: React and ReactDOM (~58 KB) with the kit, the stores they use and their feature. */
  'embed/lp-customer-switcher.js': 80_000,
  'embed/lp-download-centre.js': 80_000,
  'embed/lp-notices.js': 72_000,
  'embed/lp-password-dialog.js': 86_000,
  /** The portal page's scripts before any lazy chunk: what the login page runs (issue 4: ≤ 100 KB). */
  'host-first-load': 100_000,
  /** The data table's own chunk (src/ui/data-table, TanStack Table v8, its strings), beside the kit. */
  'data-table': 20_000,
};
