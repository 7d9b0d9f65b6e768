import { css } from '../../src/ui/index.ts';

/**
 * The shell's CSS. Unlike elements, the host is a whole page: its sizes follow the root font
 * size, which scales with the window (spec §9: sidebar 13.125rem).
 */
export const layoutCss = css`
  html, body { margin: 0; }
  body {
    font-family: var(--lp-font-family);
    font-size: var(--lp-font-size-md);
    line-height: var(--lp-line-height);
    color: var(--lp-color-text);
    background: var(--lp-color-bg-muted);
  }
  a { color: var(--lp-color-primary-strong); }
  .lp-visually-hidden {
    position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap;
  }
  .lp-icon { flex: none; display: block; }
  .lp-icon-button {
    display: inline-flex; align-items: center; justify-content: center;
    width: 36px; height: 36px; padding: 0; border: 0; border-radius: var(--lp-radius);
    background: transparent; color: inherit; cursor: pointer;
  }
  .lp-icon-button:hover { background: var(--lp-color-bg-hover); }
  .lp-icon-button:focus-visible, .lp-menu-link:focus-visible, .lp-tag a:focus-visible {
    outline: none; box-shadow: var(--lp-focus-ring);
  }

  .lp-layout { --lp-sidebar-width: 13.125rem; --lp-sidebar-collapsed: 56px; min-height: 100vh; }
  .lp-sidebar {
    position: fixed; inset: 0 auto 0 0; z-index: 20; width: var(--lp-sidebar-width);
    display: flex; flex-direction: column; overflow-y: auto; overflow-x: hidden;
    background: #17323a; color: #dce7ea;
  }
  .lp-layout[data-animate='true'] .lp-sidebar, .lp-layout[data-animate='true'] .lp-main-column {
    transition: width 0.2s, margin-left 0.2s, transform 0.2s;
  }
  .lp-main-column { margin-left: var(--lp-sidebar-width); min-width: 0; }
  .lp-layout[data-device='desktop'][data-sidebar='closed'] .lp-sidebar { width: var(--lp-sidebar-collapsed); }
  .lp-layout[data-device='desktop'][data-sidebar='closed'] .lp-main-column { margin-left: var(--lp-sidebar-collapsed); }
  .lp-sidebar[data-collapsed='true'] .lp-menu-text,
  .lp-sidebar[data-collapsed='true'] .lp-submenu-arrow { display: none; }
  .lp-sidebar[data-collapsed='true'] .lp-submenu .lp-menu-link { padding-left: 18px; }

  .lp-layout[data-device='mobile'] .lp-main-column { margin-left: 0; }
  .lp-layout[data-device='mobile'][data-sidebar='closed'] .lp-sidebar { transform: translateX(-100%); }
  .lp-drawer-backdrop { position: fixed; inset: 0; z-index: 19; background: var(--lp-color-backdrop); }

  .lp-header { background: var(--lp-color-bg); box-shadow: 0 1px 4px rgb(0 21 41 / 8%); }
  .lp-layout[data-fixed-header='true'] .lp-header { position: sticky; top: 0; z-index: 10; }
  .lp-navbar { display: flex; align-items: center; gap: 8px; min-height: 50px; padding: 0 12px; }

  /* the bottom keeps clear of the chat launcher (56 px, 24 px from the corner): a page's last
     row (a pager, its buttons) can always scroll above it */
  .lp-app-main { padding: 16px 16px 96px; min-height: calc(100vh - 90px); box-sizing: border-box; }

  /* below 992 px and on a phone (the rest of the bar: layout-parts.styles.ts) */
  @media (max-width: 991px) {
    .lp-navbar { position: relative; flex-wrap: wrap; gap: 4px; padding: 4px 8px 0; }
    .lp-app-main { padding: 10px 10px 96px; }
  }
  @media (max-width: 600px) {
    .lp-navbar { flex-wrap: nowrap; padding: 4px 8px; }
  }

  /* Printing (the order's waybill): only the page's content, no shell around it. */
  @media print {
    .lp-sidebar, .lp-header, .lp-drawer-backdrop, lp-chat-widget { display: none !important; }
    .lp-main-column { margin-left: 0 !important; }
    .lp-app-main { padding: 0; min-height: 0; }
  }
`;
