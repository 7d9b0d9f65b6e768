import type { Point } from './launcher-position.ts';
import { define } from '../kit/define.ts';
import { LpChatWidget } from './chat-widget-element.ts';

// Lit finalizes its own class; the kit's define only needs a constructor
define('lp-chat-widget', LpChatWidget as unknown as CustomElementConstructor);

declare global {
  interface HTMLElementTagNameMap {
    'lp-chat-widget': LpChatWidget;
  }
  interface GlobalEventHandlersEventMap {
    'lp-chat-toggle': CustomEvent<{ open: boolean }>;
    'lp-chat-move': CustomEvent<Point>;
  }
}
