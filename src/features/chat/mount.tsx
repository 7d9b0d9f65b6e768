import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { applyLocale } from '../../../elements/kit/locale.ts';
import { setApiBase } from '../../api/config.ts';
import { $locale } from '../../i18n/translate.ts';
import { sheet } from '../../ui/css.ts';
import { kitSheets } from '../../ui/styles.ts';
import { ChatPanel } from './chat-panel.tsx';
import { chatStyles } from './chat.styles.ts';

export interface PanelOptions {
  /** The element's `api-base` (null: the page's default). */
  apiBase: string | null;
  locale: string | null;
  headingId: string;
  onClose: () => void;
}

export interface MountedPanel {
  update(options: Pick<PanelOptions, 'apiBase' | 'locale'>): void;
  /** Moves focus to the question input. */
  focus(): void;
  unmount(): void;
}

/**
 * Renders the chat panel into `container` (inside the launcher's shadow root, which adopts the
 * UI kit and chat sheets). Loaded with a dynamic import on the first open only.
 */
export function mountPanel(shadow: ShadowRoot, container: HTMLElement, options: PanelOptions): MountedPanel {
  const own = [...kitSheets(), sheet(chatStyles)];
  shadow.adoptedStyleSheets = [...shadow.adoptedStyleSheets.filter((s) => !own.includes(s)), ...own];
  const configure = ({ apiBase, locale }: Pick<PanelOptions, 'apiBase' | 'locale'>) => {
    if (apiBase) setApiBase(apiBase);
    applyLocale(locale);
  };
  configure(options);
  const root = createRoot(container);
  flushSync(() => root.render(<ChatPanel headingId={options.headingId} onClose={options.onClose} />));
  return {
    update: configure,
    focus: () => container.querySelector<HTMLElement>('.lp-chat__field')?.focus(),
    unmount: () => root.unmount(),
  };
}

/** Calls `listener` with the page's language now and whenever it changes; returns the unsubscribe. */
export function watchLocale(listener: (locale: string) => void): () => void {
  return $locale.subscribe(listener);
}
