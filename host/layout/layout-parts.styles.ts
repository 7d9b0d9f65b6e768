import { css } from '../../src/ui/index.ts';

/**
 * The layout's own parts (menu, bar tools, breadcrumbs, search, tags, page states, home, settings):
 * adopted by layout.tsx when its module loads, after the host's sheet. Only the frame that the boot
 * shell draws before it (layout.styles.ts) is in the main bundle, so the login page does not load
 * the signed-in portal's CSS (3 KB brotli of its first load).
 */
export const layoutPartsCss = css`
  .lp-sidebar-logo {
    display: flex; align-items: center; gap: 10px; padding: 14px 16px; color: #fff;
    font-weight: 600; text-decoration: none; white-space: nowrap;
  }
  .lp-menu, .lp-submenu { list-style: none; margin: 0; padding: 0; }
  .lp-menu { padding: 8px 0; }
  .lp-menu-bottom { margin-top: auto; border-top: 1px solid rgb(255 255 255 / 12%); }
  .lp-submenu { background: rgb(0 0 0 / 18%); }
  .lp-submenu .lp-menu-link { padding-left: 30px; }
  .lp-menu-link {
    display: flex; align-items: center; gap: 10px; width: 100%; min-height: 48px; padding: 0 18px;
    box-sizing: border-box; border: 0; background: transparent; color: inherit; font: inherit;
    text-align: left; text-decoration: none; white-space: nowrap; cursor: pointer;
  }
  .lp-menu-link:hover { background: rgb(255 255 255 / 8%); color: #fff; }
  /* The active entry: white on the theme's readable shade (#0095A2 itself is 3.6:1 under white). */
  .lp-menu-link.is-active {
    background: var(--lp-color-primary-strong); color: #fff;
    box-shadow: inset 4px 0 0 color-mix(in srgb, var(--lp-color-primary) 55%, #fff);
  }
  .lp-submenu-title.has-active { color: #fff; }
  /* a long entry wraps onto a second line ("Order Attachments" in English), never cut */
  .lp-menu-text { flex: 1; min-width: 0; padding: 6px 0; white-space: normal; overflow-wrap: anywhere; line-height: 1.3; }
  /* the darker primary: white on it is about 5.5:1 (on the primary itself 3.6:1, under AA) */
  .lp-menu-badge { min-width: 18px; padding: 0 5px; border-radius: 9px; background: var(--lp-color-primary-strong); color: #fff; font-size: 12px; line-height: 18px; text-align: center; }
  .lp-sidebar[data-collapsed='true'] .lp-menu-badge { display: none; }
  .lp-submenu-arrow { transition: transform 0.2s; }
  .lp-submenu-title[aria-expanded='true'] .lp-submenu-arrow { transform: rotate(90deg); }

  .lp-navbar-right { margin-left: auto; display: flex; align-items: center; gap: 6px; }
  /* the switcher's place while it loads: as wide as the element (its :host), so nothing beside it moves */
  .lp-customer-switcher--pending { display: inline-block; width: 320px; max-width: 100%; }
  .lp-breadcrumbs ol { display: flex; flex-wrap: wrap; list-style: none; margin: 0; padding: 0; }
  .lp-breadcrumbs li + li::before { content: '/'; margin: 0 8px; color: var(--lp-color-text-muted); }
  .lp-breadcrumbs a { text-decoration: none; font-weight: 600; }
  .lp-breadcrumbs span { color: var(--lp-color-text-muted); }
  .lp-browser-hint {
    display: flex; align-items: center; gap: 6px; padding: 2px 4px 2px 10px; border-radius: var(--lp-radius);
    background: #fff7e6; color: var(--lp-color-warning); font-size: var(--lp-font-size-sm);
  }
  .lp-locale-switch { display: inline-flex; align-items: center; gap: 4px; }
  .lp-locale-switch select {
    height: 30px; border: 1px solid var(--lp-color-border); border-radius: var(--lp-radius);
    background: var(--lp-color-bg); color: inherit; font: inherit;
  }
  .lp-user-name { max-width: 12em; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; font-weight: 600; }

  .lp-header-search { position: relative; display: flex; align-items: center; }
  .lp-header-search-box { position: relative; }
  .lp-header-search-box input {
    width: 220px; height: 32px; padding: 0 10px; box-sizing: border-box; font: inherit;
    border: 1px solid var(--lp-color-border); border-radius: var(--lp-radius);
  }
  .lp-header-search-results {
    position: absolute; top: 36px; right: 0; z-index: 30; width: 300px; margin: 0; padding: 4px 0;
    list-style: none; background: var(--lp-color-bg); border: 1px solid var(--lp-color-border);
    border-radius: var(--lp-radius); box-shadow: var(--lp-shadow);
  }
  .lp-header-search-results > div { display: flex; flex-direction: column; padding: 6px 12px; cursor: pointer; }
  .lp-header-search-results > .is-active, .lp-header-search-results > [role='option']:hover { background: var(--lp-color-primary-soft); }
  .lp-header-search-results small { color: var(--lp-color-text-muted); }
  .lp-header-search-kind { display: inline-block; min-width: 3em; margin-right: 8px; color: var(--lp-color-text-muted); font-size: 12px; }
  .lp-header-search-none { color: var(--lp-color-text-muted); cursor: default; }

  .lp-tags-view { border-top: 1px solid var(--lp-color-border); }
  /* a tag's height even before the first tag is added (after the layout's first render): the page
     below does not move down when it appears */
  .lp-tags {
    display: flex; gap: 4px; box-sizing: content-box; min-height: 26px; margin: 0; padding: 4px 8px;
    overflow-x: auto; list-style: none;
  }
  .lp-tag {
    display: inline-flex; align-items: center; flex: none; height: 26px; border: 1px solid var(--lp-color-border);
    border-radius: 3px; background: var(--lp-color-bg); font-size: var(--lp-font-size-sm);
  }
  .lp-tag a { padding: 0 8px; color: var(--lp-color-text); text-decoration: none; line-height: 24px; }
  .lp-tag.is-active { background: var(--lp-color-primary-strong); border-color: var(--lp-color-primary-strong); }
  .lp-tag.is-active a, .lp-tag.is-active .lp-tag-close { color: #fff; }
  .lp-tag-close {
    display: inline-flex; width: 18px; height: 18px; margin-right: 4px; padding: 3px; border: 0; border-radius: 50%;
    background: transparent; color: var(--lp-color-text-muted); cursor: pointer;
  }
  .lp-tag-close:hover { background: rgb(0 0 0 / 15%); }

  .lp-page[hidden] { display: none; }
  /* no margin: it would collapse through the page's section, which then moves up when the
     element replaces it (a layout shift of the whole page) */
  .lp-page-loading { margin: 0; color: var(--lp-color-text-muted); }
  .lp-unavailable {
    max-width: 560px; margin: 48px auto; padding: 40px 32px; box-sizing: border-box;
    border-radius: 12px; background: var(--lp-color-bg); box-shadow: var(--lp-shadow); text-align: center;
  }
  .lp-unavailable__art {
    display: inline-flex; align-items: center; justify-content: center; width: 80px; height: 80px;
    border-radius: 50%; background: var(--lp-color-primary-soft); color: var(--lp-color-primary-strong);
  }
  .lp-unavailable__eyebrow {
    margin: 16px 0 0; color: var(--lp-color-primary-strong); font-size: var(--lp-font-size-sm); font-weight: 600;
  }
  .lp-unavailable__title { margin: 4px 0 12px; font-size: 22px; font-weight: 600; }
  .lp-unavailable__text { margin: 0 0 8px; color: var(--lp-color-text-muted); }
  .lp-unavailable__actions { display: flex; flex-wrap: wrap; justify-content: center; gap: 12px; margin-top: 24px; }

  .lp-home-welcome {
    padding: 24px; border-radius: var(--lp-radius-lg); color: #fff;
    /* Both ends carry the white text at 4.5:1 or more. */
    background: linear-gradient(120deg, color-mix(in srgb, var(--lp-color-primary-strong) 80%, #000), var(--lp-color-primary-strong));
  }
  .lp-home-welcome h1 { margin: 0 0 4px; font-size: 22px; }
  .lp-home-welcome p { margin: 0; opacity: 0.92; }
  .lp-home h2 { font-size: 16px; margin: 24px 0 12px; }
  .lp-home-overview { display: block; margin-top: 24px; }
  .lp-home-overview--waiting { min-height: 100vh; }
  .lp-home-shortcuts {
    display: grid; grid-template-columns: repeat(auto-fill, minmax(160px, 1fr)); gap: 12px;
    margin: 0; padding: 0; list-style: none;
  }
  .lp-home-shortcuts a {
    display: flex; align-items: center; gap: 10px; padding: 16px; border-radius: var(--lp-radius-lg);
    background: var(--lp-color-bg); color: var(--lp-color-text); text-decoration: none; box-shadow: var(--lp-shadow);
  }
  .lp-home-shortcuts a:hover { color: var(--lp-color-primary-strong); }

  .lp-about { display: grid; grid-template-columns: max-content 1fr; gap: 8px 16px; margin: 0; }
  .lp-about dt { color: var(--lp-color-text-muted); }
  .lp-about dd { margin: 0; }
  .lp-settings-group { border: 0; margin: 0 0 12px; padding: 0; }
  .lp-settings-group legend { margin-bottom: 8px; font-weight: 600; }
  .lp-theme-swatches { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; }
  .lp-theme-swatch { width: 24px; height: 24px; border: 2px solid transparent; border-radius: 4px; cursor: pointer; }
  .lp-theme-swatch[aria-pressed='true'] { border-color: var(--lp-color-text); }
  .lp-theme-swatch[data-colour='#0095A2'] { background: #0095a2; }
  .lp-theme-swatch[data-colour='#1677FF'] { background: #1677ff; }
  .lp-theme-swatch[data-colour='#13A8A8'] { background: #13a8a8; }
  .lp-theme-swatch[data-colour='#52C41A'] { background: #52c41a; }
  .lp-theme-swatch[data-colour='#722ED1'] { background: #722ed1; }
  .lp-theme-swatch[data-colour='#EB2F96'] { background: #eb2f96; }
  .lp-theme-swatch[data-colour='#FA541C'] { background: #fa541c; }
  .lp-settings-toggle { display: flex; justify-content: space-between; align-items: center; padding: 8px 0; }
  .lp-size-options { display: flex; flex-wrap: wrap; gap: 4px 16px; }
  .lp-size-option { display: inline-flex; align-items: center; gap: 4px; min-height: 24px; cursor: pointer; }
  .lp-size-preview {
    display: grid;
    gap: var(--lp-space-2);
    margin-top: var(--lp-space-2);
    padding: var(--lp-space-3);
    border: 1px dashed var(--lp-color-border);
    border-radius: var(--lp-radius);
    font-size: var(--lp-font-size-md);
  }
  .lp-size-preview__controls { display: flex; gap: var(--lp-space-2); }
  .lp-size-preview__controls .lp-input { flex: 1; min-width: 0; }
  .lp-size-preview__table { width: 100%; border-collapse: collapse; }
  .lp-size-preview__table th,
  .lp-size-preview__table td {
    height: var(--lp-row-height);
    padding: 0 var(--lp-space-3);
    border-bottom: 1px solid var(--lp-color-bg-muted);
    text-align: start;
  }
  .lp-size-preview__table th { background: var(--lp-color-bg-muted); font-weight: 600; }

  /*
   * Mobile layout (spec §2: below 992 px), down to 320 px without a horizontal scroll: the top
   * bar wraps into two rows (tools and account menu above, the customer switcher full width
   * below), the search opens as a full-width row under the bar, and the account menu's company
   * name gives way before anything else does.
   */
  @media (max-width: 991px) {
    .lp-breadcrumbs, .lp-browser-hint { display: none; }
    .lp-navbar-right { display: contents; }
    .lp-header-search { position: static; margin-left: auto; }
    .lp-header-search-box {
      position: absolute; top: 100%; left: 0; right: 0; z-index: 30; padding: 8px;
      background: var(--lp-color-bg); box-shadow: var(--lp-shadow);
    }
    .lp-header-search-box input { width: 100%; }
    .lp-header-search-results { top: 100%; left: 8px; right: 8px; width: auto; }
    .lp-locale-switch > .lp-icon { display: none; }
    .lp-user-menu { flex: 0 1 auto; min-width: 0; }
    .lp-user-name { min-width: 0; max-width: 100%; }
    .lp-customer-switcher {
      order: 1; flex: 1 1 100%; width: 100%; margin-bottom: 8px;
      /* as tall while it loads as its field once there: the page below does not move */
      min-height: var(--lp-control-height);
    }
    .lp-unavailable { margin: 16px auto; padding: 28px 16px; }
  }
  /*
   * A phone: one row of bar above the tabs. The customer switcher takes the room between the menu
   * button and the tools; the language moves to the settings panel, full screen goes (a phone's
   * browser has its own), the account menu shows its icon.
   */
  @media (max-width: 600px) {
    .lp-locale-switch, .lp-fullscreen { display: none; }
    .lp-customer-switcher {
      order: 0; flex: 1 1 0; width: auto; min-width: 0; margin-bottom: 0;
    }
    .lp-header-search, .lp-navbar-right > .lp-icon-button, .lp-notification-bell, .lp-user-menu { order: 1; }
    /* the name stays the button's accessible name, only hidden from sight */
    .lp-user-name {
      position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap;
    }
  }
`;
