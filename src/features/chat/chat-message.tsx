import { useT } from '../../ui/use-t.ts';
import { judge, pickCategory, startChat } from './chat-actions.ts';
import { ChatButton } from './chat-button.tsx';
import type { ChatMessage } from './chat-messages.ts';
import { AnswerHtml } from './answer-html.tsx';
import { FeedbackForm } from './feedback-form.tsx';
import { PagedQuestions, QuestionLinks } from './question-list.tsx';
import '../../i18n/areas/chat.ts';

type Answer = Extract<ChatMessage, { kind: 'answer' }>;

function AnswerView({ message }: { message: Answer }) {
  const t = useT();
  const chosen = message.verdict;
  return (
    <>
      {message.answers.map((a) => (
        <AnswerHtml key={a.a_id} html={a.text} />
      ))}
      <div className="lp-chat__verdict">
        <span className="lp-chat__muted">
          {chosen === 'solved'
            ? t('chat.chosenSolved')
            : chosen === 'unsolved'
              ? t('chat.chosenUnsolved')
              : t('chat.solvedQuestion')}
        </span>
        <ChatButton
          className="lp-chat__solved"
          disabled={chosen !== null}
          aria-pressed={chosen === 'solved'}
          onClick={() => void judge(message.id, 'solved')}
        >
          {t('chat.solved')}
        </ChatButton>
        <ChatButton
          className="lp-chat__unsolved"
          disabled={chosen !== null}
          aria-pressed={chosen === 'unsolved'}
          onClick={() => void judge(message.id, 'unsolved')}
        >
          {t('chat.unsolved')}
        </ChatButton>
      </div>
      <PagedQuestions messageId={message.id} title={t('chat.related')} questions={message.related} />
    </>
  );
}

/** The body of one message of the conversation. */
function Body({ message }: { message: ChatMessage }) {
  const t = useT();
  switch (message.kind) {
    case 'welcome':
      return (
        <>
          <p className="lp-chat__text">{message.text}</p>
          {message.hot.length > 0 && (
            <section className="lp-chat__block" aria-label={t('chat.hot')}>
              <h3 className="lp-chat__subtitle">{t('chat.hot')}</h3>
              <QuestionLinks questions={message.hot} />
            </section>
          )}
          {message.categories.length > 0 && (
            <section className="lp-chat__block" aria-label={t('chat.categories')}>
              <h3 className="lp-chat__subtitle">{t('chat.categories')}</h3>
              <ul className="lp-chat__categories">
                {message.categories.map((c) => (
                  <li key={c.qc_id}>
                    <ChatButton className="lp-chat__category" onClick={() => void pickCategory(c)}>
                      {c.qc_name}
                    </ChatButton>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </>
      );
    case 'user':
      return <p className="lp-chat__text">{message.text}</p>;
    case 'questions':
      return <PagedQuestions messageId={message.id} title={message.title} questions={message.questions} />;
    case 'empty':
      return <p className="lp-chat__text">{t('chat.noQuestions')}</p>;
    case 'answer':
      return <AnswerView message={message} />;
    case 'not-found':
      return (
        <p className="lp-chat__text">
          {t('chat.notFound', { phone: '' })}
          <a className="lp-chat__phone" href={`tel:${message.phone.replace(/[^\d+]/g, '')}`}>
            {message.phone}
          </a>
        </p>
      );
    case 'feedback':
      return <FeedbackForm form={message} />;
    case 'thanks':
      return <p className="lp-chat__text">{message.text}</p>;
    case 'error':
      return (
        <>
          <p className="lp-chat__text lp-chat__error" role="alert">
            {message.text}
          </p>
          {message.retry === 'start' && (
            <ChatButton className="lp-chat__retry" onClick={() => void startChat()}>
              {t('chat.retry')}
            </ChatButton>
          )}
        </>
      );
  }
}

export function MessageView({ message }: { message: ChatMessage }) {
  const t = useT();
  const mine = message.kind === 'user';
  return (
    <li
      className={`lp-chat__message lp-chat__message--${mine ? 'user' : 'bot'}`}
      part="message"
      data-kind={message.kind}
    >
      <span className="lp-visually-hidden">{mine ? t('chat.you') : t('chat.bot')}: </span>
      <Body message={message} />
    </li>
  );
}

/** Plain text of a message for the live region. */
export function spoken(message: ChatMessage, t: ReturnType<typeof useT>): string {
  switch (message.kind) {
    case 'welcome':
    case 'user':
    case 'thanks':
    case 'error':
      return message.text;
    case 'questions':
      return `${message.title}: ${message.questions.list.map((q) => q.q_name).join('; ')}`;
    case 'empty':
      return t('chat.noQuestions');
    case 'answer':
      return message.answers
        .map((a) => new DOMParser().parseFromString(a.text, 'text/html').body.textContent ?? '')
        .join(' ');
    case 'not-found':
      return t('chat.notFound', { phone: message.phone });
    case 'feedback':
      return t('chat.feedbackTitle');
  }
}
