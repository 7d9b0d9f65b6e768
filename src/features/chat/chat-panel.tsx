import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { KEYWORD_MAX } from '../../contract/chat/schemas.ts';
import { useT } from '../../ui/use-t.ts';
import { ask, setDraft, startChat } from './chat-actions.ts';
import { ChatButton } from './chat-button.tsx';
import { MessageView, spoken } from './chat-message.tsx';
import { $chat } from './chat-store.ts';
import '../../i18n/areas/chat.ts';

export interface ChatPanelProps {
  /** id given to the heading (the launcher's dialog is labelled by it). */
  headingId: string;
  onClose: () => void;
}

/** The conversation: header, messages, a polite live region and the question input. */
export function ChatPanel({ headingId, onClose }: ChatPanelProps) {
  const t = useT();
  const chat = useStore($chat);
  const list = useRef<HTMLOListElement>(null);
  const seen = useRef(chat.nextId);
  const [live, setLive] = useState('');

  // start on mount (or continue a restored conversation), and again when the conversation is
  // forgotten while the panel is open (sign-out, another account: chat-store.ts)
  const empty = chat.messages.length === 0;
  const started = useRef(false);
  useEffect(() => {
    if (started.current && !empty) return;
    started.current = true;
    void startChat();
  }, [empty]);

  // announce and reveal messages that arrive while the panel is open (not those restored)
  useEffect(() => {
    const fresh = chat.messages.filter((m) => m.id >= seen.current && m.kind !== 'user');
    seen.current = chat.nextId;
    const last = fresh.at(-1);
    if (last) setLive(t('chat.newMessage', { text: spoken(last, t) }));
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [chat.messages, chat.nextId, t]);

  return (
    <div className="lp-chat">
      <header className="lp-chat__header" part="header">
        <h2 id={headingId} className="lp-chat__title">
          {t('chat.title')}
        </h2>
        <button type="button" className="lp-chat__close" aria-label={t('chat.close')} onClick={onClose}>
          <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
            <path d="M3 3l10 10M13 3L3 13" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </header>
      <ol ref={list} className="lp-chat__log" aria-label={t('chat.log')} aria-busy={chat.busy}>
        {chat.messages.map((m) => (
          <MessageView key={m.id} message={m} />
        ))}
        {chat.busy && (
          <li className="lp-chat__message lp-chat__message--bot lp-chat__muted" data-kind="loading">
            {t('chat.loading')}
          </li>
        )}
      </ol>
      <div className="lp-visually-hidden" aria-live="polite" aria-atomic="true">
        {live}
      </div>
      <form
        className="lp-chat__input"
        part="input"
        onSubmit={(e) => {
          e.preventDefault();
          void ask(chat.draft);
        }}
      >
        <label className="lp-visually-hidden" htmlFor={`${headingId}-input`}>
          {t('chat.input')}
        </label>
        <input
          id={`${headingId}-input`}
          className="lp-chat__field"
          type="text"
          autoComplete="off"
          maxLength={KEYWORD_MAX}
          placeholder={t('chat.input')}
          value={chat.draft}
          onChange={(e) => setDraft(e.currentTarget.value)}
        />
        <ChatButton
          type="submit"
          variant="primary"
          size="md"
          className="lp-chat__send"
          disabled={!chat.draft.trim()}
        >
          {t('chat.send')}
        </ChatButton>
      </form>
    </div>
  );
}
