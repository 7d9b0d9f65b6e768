import { COMMENT_DESC_MAX, CommentReason } from '../../contract/chat/schemas.ts';
import type { MessageKey } from '../../i18n/translate.ts';
import { useT } from '../../ui/use-t.ts';
import { setDescription, submitFeedback, toggleReason } from './chat-actions.ts';
import { ChatButton } from './chat-button.tsx';
import type { ChatMessage } from './chat-messages.ts';
import '../../i18n/areas/chat.ts';

type Feedback = Extract<ChatMessage, { kind: 'feedback' }>;

const REASONS = Object.values(CommentReason);

/** The unsolved feedback form: reasons 1–6 and a description of at most 200 characters. */
export function FeedbackForm({ form }: { form: Feedback }) {
  const t = useT();
  const base = `lp-chat-feedback-${form.id}`;
  return (
    <form
      className="lp-chat__feedback"
      aria-labelledby={`${base}-title`}
      onSubmit={(e) => {
        e.preventDefault();
      }}
    >
      <p id={`${base}-title`} className="lp-chat__subtitle">
        {t('chat.feedbackTitle')}
      </p>
      <fieldset className="lp-chat__reasons" disabled={form.sent}>
        <legend className="lp-visually-hidden">{t('chat.reasons')}</legend>
        {REASONS.map((reason) => (
          <label key={reason} className="lp-chat__reason">
            <input
              type="checkbox"
              value={reason}
              checked={form.tags.includes(reason)}
              onChange={() => toggleReason(form.id, reason)}
            />
            <span>{t(`chat.reason.${reason}` as MessageKey)}</span>
          </label>
        ))}
      </fieldset>
      <label className="lp-chat__label" htmlFor={`${base}-desc`}>
        {t('chat.description')}
      </label>
      <textarea
        id={`${base}-desc`}
        className="lp-chat__textarea"
        rows={3}
        maxLength={COMMENT_DESC_MAX}
        placeholder={t('chat.descriptionPlaceholder')}
        value={form.desc}
        disabled={form.sent}
        aria-describedby={`${base}-count`}
        onChange={(e) => setDescription(form.id, e.currentTarget.value)}
      />
      <div className="lp-chat__form-foot">
        <span id={`${base}-count`} className="lp-chat__counter">
          {t('chat.counter', { count: form.desc.length, max: COMMENT_DESC_MAX })}
        </span>
        <ChatButton
          variant="primary"
          className="lp-chat__submit"
          disabled={form.sent}
          onClick={() => void submitFeedback(form.id)}
        >
          {form.sent ? t('chat.submitted') : t('chat.submit')}
        </ChatButton>
      </div>
    </form>
  );
}
