import { atom } from 'nanostores';
import { $identity, $token } from '../../stores/auth.ts';
import { shared } from '../../stores/registry.ts';
import { readJson, session, writeJson } from '../../stores/storage.ts';
import { type ChatMessage, type ChatState, emptyChat } from './chat-messages.ts';

/** Session-storage key of the conversation: it survives reloads and route changes of the page. */
export const CHAT_STORAGE_KEY = 'lp-chat-v1';

function restore(): ChatState {
  const saved = readJson<Partial<ChatState> | null>(session, CHAT_STORAGE_KEY, null);
  if (!saved || !Array.isArray(saved.messages)) return emptyChat();
  return { ...emptyChat(), ...saved, busy: false };
}

/** The page's conversation (one per page, whichever bundle loaded it). */
export const $chat = shared('chat', () => {
  const store = atom<ChatState>(restore());
  store.listen((state) => {
    const { busy: _busy, ...kept } = state;
    writeJson(session, CHAT_STORAGE_KEY, kept);
  });
  return store;
});

export function update(change: (state: ChatState) => Partial<ChatState>): void {
  const state = $chat.get();
  $chat.set({ ...state, ...change(state) });
}

/** Distributes over the union, so a message can be written without its id. */
type Unsent<M> = M extends ChatMessage ? Omit<M, 'id'> : never;
export type NewMessage = Unsent<ChatMessage>;

/** Appends messages, numbering them; returns the id of the last. */
export function append(...messages: NewMessage[]): number {
  let last = 0;
  update((state) => {
    let id = state.nextId;
    const added = messages.map((m) => {
      last = id;
      return { ...m, id: id++ } as ChatMessage;
    });
    return { messages: [...state.messages, ...added], nextId: id };
  });
  return last;
}

/** Replaces message `id` with `change(message)` (same kind). */
export function patch<K extends ChatMessage['kind']>(
  id: number,
  kind: K,
  change: (message: Extract<ChatMessage, { kind: K }>) => Partial<Extract<ChatMessage, { kind: K }>>,
): void {
  update((state) => ({
    messages: state.messages.map((m) =>
      m.id === id && m.kind === kind
        ? ({ ...m, ...change(m as Extract<ChatMessage, { kind: K }>) } as ChatMessage)
        : m,
    ),
  }));
}

export function find<K extends ChatMessage['kind']>(
  id: number,
  kind: K,
): Extract<ChatMessage, { kind: K }> | undefined {
  return $chat
    .get()
    .messages.find((m): m is Extract<ChatMessage, { kind: K }> => m.id === id && m.kind === kind);
}

/** Forgets the conversation and its chat session (a new tab starts empty anyway). */
export function resetChat(): void {
  $chat.set(emptyChat());
}

/**
 * A conversation belongs to whoever had it: when the page signs out (the token goes: the user,
 * another tab, a 598/599) or another account signs in, it is forgotten with its chat session.
 * The launcher loads this module, so this holds before the panel was ever opened.
 */
function followSignIns(): () => void {
  let account = $identity.get().account;
  const offToken = $token.listen((token) => {
    if (!token) resetChat();
  });
  const offIdentity = $identity.listen(({ account: next }) => {
    if (account && next && next !== account) resetChat();
    account = next;
  });
  return () => {
    offToken();
    offIdentity();
  };
}

if (typeof window !== 'undefined') shared('chat.follow', followSignIns);
