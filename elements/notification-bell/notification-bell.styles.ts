import { css } from '../../src/ui/css.ts';

/** Own rules of `<lp-notification-bell>` (tokens and the UI kit come first): the live mark, the bell, its panel, the settings. */
export const notificationBellStyles = css`
  :host { display: inline-block; }
  /* the element's wrapper (not the panel, a .lp-root of its own in the top layer): the mark beside the bell */
  [part='base'] { display: flex; align-items: center; }
  .lp-live { display: flex; align-items: center; gap: 6px; white-space: nowrap; font-size: var(--lp-font-size-sm); }
  .lp-live:not([data-state='off']) { margin-inline-end: 6px; }
  .lp-live__mark { display: inline-flex; align-items: center; gap: 6px; color: var(--lp-color-text-muted); }
  .lp-live__dot {
    flex: none; width: 8px; height: 8px; border-radius: 50%; box-sizing: border-box;
    background: var(--lp-color-border-strong);
  }
  .lp-live[data-state='live'] .lp-live__dot { background: var(--lp-color-success); }
  .lp-live[data-state='reconnecting'] .lp-live__dot {
    background: transparent; border: 2px solid var(--lp-color-warning); animation: lp-live-pulse 1.2s ease-in-out infinite;
  }
  .lp-live[data-state='down'] .lp-live__dot { background: var(--lp-color-warning); }
  .lp-live[data-state='down'] .lp-live__mark { color: var(--lp-color-warning); font-weight: 600; }
  .lp-live__stale { font-weight: 400; }
  /* before the stream is up (and while every tab is hidden): the place kept, nothing said */
  .lp-live[data-state='connecting'] .lp-live__label, .lp-live[data-state='paused'] .lp-live__label { visibility: hidden; }
  @keyframes lp-live-pulse { 50% { opacity: 0.35; } }
  @media (prefers-reduced-motion: reduce) { .lp-live__dot { animation: none !important; } }
  .lp-live__again {
    display: inline-flex; align-items: center; gap: 4px; height: 28px; padding: 0 8px;
    border: 1px solid var(--lp-color-border); border-radius: var(--lp-radius);
    background: var(--lp-color-bg); color: var(--lp-color-primary-strong); font: inherit; cursor: pointer;
  }
  .lp-live__again:hover { background: var(--lp-color-bg-hover); }
  .lp-live__again:focus-visible { outline: none; box-shadow: var(--lp-focus-ring); }
  .lp-live__icon { fill: none; stroke: currentColor; stroke-width: 2.2; stroke-linecap: round; stroke-linejoin: round; }
  /* the explanation where the top bar has room for it; the words stay the mark's for screen readers */
  @media (max-width: 1279px) {
    .lp-live__stale {
      position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap;
    }
  }
  /* a narrower desktop's one-row bar: "Read again" as its icon (the words its name and title) */
  @media (max-width: 1199px) and (min-width: 992px) {
    .lp-live__again-text {
      position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap;
    }
    .lp-live__again { width: 28px; padding: 0; justify-content: center; }
  }
  /* a small desktop's bar: the dot (and the button's icon), their words for screen readers */
  @media (max-width: 1099px) and (min-width: 992px) {
    .lp-live__label {
      position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap;
    }
    .lp-live:not([data-state='off']) { margin-inline-end: 2px; }
  }
  /*
   * A phone's bar has no room to spare (the customer switcher takes what is left): the dot sits on
   * the bell's corner, and "Updates paused" with its button floats just under the bell.
   */
  @media (max-width: 600px) {
    [part='base'] { position: relative; }
    .lp-live { position: absolute; z-index: 1; left: 5px; bottom: 7px; pointer-events: none; }
    .lp-live:not([data-state='off']) { margin: 0; }
    .lp-live__dot { box-shadow: 0 0 0 2px var(--lp-color-bg); }
    .lp-live[data-state='connecting'] .lp-live__label, .lp-live[data-state='paused'] .lp-live__label,
    .lp-live[data-state='live'] .lp-live__label, .lp-live[data-state='reconnecting'] .lp-live__label,
    .lp-live__again-text {
      position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap;
    }
    .lp-live[data-state='down'] {
      left: auto; right: 0; bottom: auto; top: calc(100% + 6px); pointer-events: auto;
      padding: 4px 4px 4px 10px; border: 1px solid var(--lp-color-border); border-radius: var(--lp-radius-lg);
      background: var(--lp-color-bg); box-shadow: var(--lp-shadow);
    }
    .lp-live[data-state='down'] .lp-live__dot { box-shadow: none; }
    .lp-live__again { width: 32px; height: 32px; padding: 0; justify-content: center; }
  }
  .lp-bell {
    position: relative; display: inline-flex; align-items: center; justify-content: center;
    width: 36px; height: 36px; padding: 0; border: 0; border-radius: var(--lp-radius);
    background: transparent; color: inherit; cursor: pointer;
  }
  .lp-bell:hover { background: var(--lp-color-bg-hover); }
  .lp-bell:focus-visible { outline: none; box-shadow: var(--lp-focus-ring); }
  .lp-bell__icon { fill: none; stroke: currentColor; stroke-width: 1.8; stroke-linecap: round; stroke-linejoin: round; }
  .lp-bell__count {
    position: absolute; top: 2px; right: 0; min-width: 18px; height: 18px; padding: 0 5px;
    border-radius: 9px; background: var(--lp-color-danger); color: #fff;
    font-size: 11px; font-weight: 600; line-height: 18px; text-align: center; box-sizing: border-box;
  }
  .lp-visually-hidden {
    position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap;
  }
  .lp-bell-panel { width: min(380px, calc(100vw - 16px)); padding: 0; }
  .lp-bell-panel__head {
    display: flex; align-items: center; justify-content: space-between; gap: 8px;
    padding: 10px 12px; border-bottom: 1px solid var(--lp-color-border);
  }
  .lp-bell-panel__title { margin: 0; font-weight: 600; }
  .lp-bell-panel__list { list-style: none; margin: 0; padding: 0; max-height: min(60vh, 420px); overflow-y: auto; }
  .lp-bell-panel__item a {
    display: grid; grid-template-columns: 10px 1fr; gap: 2px 8px; padding: 10px 12px;
    color: inherit; text-decoration: none; border-bottom: 1px solid var(--lp-color-border);
  }
  .lp-bell-panel__item a:hover, .lp-bell-panel__item a:focus-visible {
    background: var(--lp-color-bg-hover); outline: none;
  }
  .lp-bell-panel__dot { grid-row: 1 / span 2; width: 8px; height: 8px; margin-top: 6px; border-radius: 50%; }
  .lp-bell-panel__item.is-unread .lp-bell-panel__dot { background: var(--lp-color-primary); }
  .lp-bell-panel__item.is-unread .lp-bell-panel__text { font-weight: 600; }
  .lp-bell-panel__time { grid-column: 2; color: var(--lp-color-text-muted); font-size: 12px; }
  .lp-bell-panel__empty { margin: 0; padding: 24px 12px; text-align: center; color: var(--lp-color-text-muted); }
  .lp-bell-panel__foot { display: flex; justify-content: flex-end; padding: 6px 8px; }
  .lp-notify-settings table { width: 100%; border-collapse: collapse; margin: 8px 0 16px; }
  .lp-notify-settings th, .lp-notify-settings td {
    padding: 6px 8px; border-bottom: 1px solid var(--lp-color-border); text-align: center;
  }
  .lp-notify-settings th:first-child, .lp-notify-settings td:first-child { text-align: left; }
  .lp-notify-settings__fields { display: grid; gap: 12px; grid-template-columns: 1fr 160px; }
  .lp-notify-settings__fields label { display: grid; gap: 4px; }
  .lp-notify-settings__hint { color: var(--lp-color-text-muted); font-size: 12px; }
  .lp-notify-settings h3 { margin: 16px 0 4px; font-size: 14px; }
  @media (max-width: 600px) {
    .lp-notify-settings__fields { grid-template-columns: 1fr; }
    .lp-notify-settings th, .lp-notify-settings td { padding: 6px 4px; }
  }
`;
