import type { ChatQuestionRef } from '../../contract/chat/schemas.ts';
import { useT } from '../../ui/use-t.ts';
import { canChangeBatch, changeBatch, pickQuestion } from './chat-actions.ts';
import { ChatButton } from './chat-button.tsx';
import type { QuestionList } from './chat-messages.ts';
import '../../i18n/areas/chat.ts';

/** Questions as buttons; "change a batch" when more pages exist. */
export function QuestionLinks({ questions }: { questions: readonly ChatQuestionRef[] }) {
  return (
    <ul className="lp-chat__questions">
      {questions.map((q) => (
        <li key={q.q_id}>
          <ChatButton variant="text" className="lp-chat__question" onClick={() => void pickQuestion(q)}>
            {q.q_name}
          </ChatButton>
        </li>
      ))}
    </ul>
  );
}

export function PagedQuestions({
  messageId,
  title,
  questions,
}: {
  messageId: number;
  title: string;
  questions: QuestionList;
}) {
  const t = useT();
  if (questions.list.length === 0) return null;
  return (
    <section className="lp-chat__block" aria-label={title}>
      <div className="lp-chat__block-head">
        <h3 className="lp-chat__subtitle">{title}</h3>
        {canChangeBatch(questions) && (
          <ChatButton variant="text" className="lp-chat__batch" onClick={() => void changeBatch(messageId)}>
            {t('chat.changeBatch')}
          </ChatButton>
        )}
      </div>
      <QuestionLinks questions={questions.list} />
    </section>
  );
}
