import type { ChatQuestionRef } from '../../contract/chat/schemas.ts';
import { ask, pickQuestion, startChat } from '../chat/chat-actions.ts';

/** The page's chat launcher (`<lp-chat-widget>`, mounted by the portal or the partner page). */
interface ChatLauncher extends HTMLElement {
  show(): Promise<void>;
}

export function chatLauncher(): ChatLauncher | null {
  const found = document.querySelector('lp-chat-widget');
  return found && typeof (found as Partial<ChatLauncher>).show === 'function'
    ? (found as ChatLauncher)
    : null;
}

/**
 * Opens the page's chat with the user's question: a question of the knowledge base is asked as
 * in the chat (its answer follows the welcome), typed text is searched like a typed question,
 * nothing opens the chat as it is. The conversation is the page's one (src/features/chat), so
 * the chat panel shows it. False when the page has no chat.
 */
export async function askInChat(question: ChatQuestionRef | string | null): Promise<boolean> {
  const launcher = chatLauncher();
  if (!launcher) return false;
  if (question !== null && question !== '') {
    await startChat();
    void (typeof question === 'string' ? ask(question) : pickQuestion(question));
  }
  await launcher.show();
  return true;
}
