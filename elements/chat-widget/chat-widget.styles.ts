/**
 * The launcher and the panel frame. Sizes in px only (the page's rem and global font sizes never
 * apply); stacking through `--lp-chat-z-index` (default 2147483000). Plain text (no `css` tag):
 * the launcher's first load carries nothing it does not use.
 */
export const chatWidgetStyles = /* css */ `
  :host {
    display: contents;
    --lp-chat-launcher-size: 56px;
  }
  :host([hidden]) {
    display: none;
  }
  *,
  *::before,
  *::after {
    box-sizing: border-box;
  }
  .launcher {
    position: fixed;
    right: 24px;
    bottom: 24px;
    z-index: var(--lp-chat-z-index, 2147483000);
    display: inline-flex;
    align-items: center;
    justify-content: center;
    width: var(--lp-chat-launcher-size);
    height: var(--lp-chat-launcher-size);
    margin: 0;
    padding: 0;
    border: 0;
    border-radius: 50%;
    background: var(
      --lp-color-primary-strong,
      color-mix(in srgb, var(--lp-color-primary, #0095a2) 78%, #000)
    );
    color: var(--lp-color-on-primary, #fff);
    box-shadow: var(--lp-shadow-lg, 0 8px 24px rgb(15 23 42 / 22%));
    font: 14px/1 system-ui, sans-serif;
    cursor: grab;
    touch-action: none;
    user-select: none;
    -webkit-user-select: none;
  }
  :host([position='bottom-left']) .launcher {
    right: auto;
    left: 24px;
  }
  .launcher.placed {
    right: auto;
    bottom: auto;
  }
  .launcher.dragging {
    cursor: grabbing;
  }
  .launcher:focus-visible {
    outline: none;
    box-shadow: 0 0 0 2px #fff, 0 0 0 4px var(--lp-color-primary, #0095a2);
  }
  .launcher svg {
    display: block;
    width: 28px;
    height: 28px;
    pointer-events: none;
  }
  .hint {
    display: none;
  }
  .panel {
    position: fixed;
    right: 24px;
    bottom: 96px;
    z-index: var(--lp-chat-z-index, 2147483000);
    display: flex;
    flex-direction: column;
    width: 360px;
    height: min(560px, calc(100vh - 120px));
    max-width: calc(100vw - 32px);
    overflow: hidden;
    border-radius: var(--lp-radius-lg, 8px);
    background: var(--lp-color-bg, #fff);
    box-shadow: var(--lp-shadow-lg, 0 8px 24px rgb(15 23 42 / 22%));
    font: 14px/1.5 system-ui, sans-serif;
  }
  :host([position='bottom-left']) .panel,
  .panel.start {
    right: auto;
    left: 24px;
  }
  :host([position='bottom-left']) .panel.end {
    right: 24px;
    left: auto;
  }
  .panel[hidden] {
    display: none;
  }
  .panel-root {
    display: flex;
    flex-direction: column;
    flex: 1 1 auto;
    min-height: 0;
  }
  .panel-loading {
    margin: auto;
    color: #56606a;
    font-size: 14px;
  }
  @media (max-width: 599.98px) {
    .panel,
    .panel.start,
    .panel.end,
    :host([position='bottom-left']) .panel,
    :host([position='bottom-left']) .panel.end {
      inset: 0;
      width: 100%;
      max-width: none;
      height: 100%;
      border-radius: 0;
    }
  }
`;
