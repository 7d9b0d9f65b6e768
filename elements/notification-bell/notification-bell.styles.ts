import { css } from '../../src/ui/css.ts';

/** Own rules of `<lp-notification-bell>` (tokens and the UI kit come first): the bell, its panel, the settings. */
export const notificationBellStyles = css`
  :host { display: inline-block; }
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
