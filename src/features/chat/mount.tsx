import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { sheet } from '../../ui/css.ts';
import { kitSheets } from '../../ui/styles.ts';
import { ChatPanel } from './chat-panel.tsx';
import { chatStyles } from './chat.styles.ts';

export interface PanelOptions {
  headingId: string;
  onClose: () => void;
}

export interface MountedPanel {
  /** Moves focus to the question input. */
  focus(): void;
  unmount(): void;
}

/**
 * Renders the chat panel into `container` (inside the launcher's shadow root, which adopts the
 * UI kit and chat sheets). Loaded with a dynamic import on the first open only. The launcher
 * applies `api-base` and `locale` (elements/kit/page-attributes.ts); the panel reads the page's
 * stores like every React feature.
 */
export function mountPanel(shadow: ShadowRoot, container: HTMLElement, options: PanelOptions): MountedPanel {
  const own = [...kitSheets(), sheet(chatStyles)];
  shadow.adoptedStyleSheets = [...shadow.adoptedStyleSheets.filter((s) => !own.includes(s)), ...own];
  const root = createRoot(container);
  flushSync(() => root.render(<ChatPanel headingId={options.headingId} onClose={options.onClose} />));
  return {
    focus: () => container.querySelector<HTMLElement>('.lp-chat__field')?.focus(),
    unmount: () => root.unmount(),
  };
}
