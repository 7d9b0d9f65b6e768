import { type FormEvent, useRef, useState } from 'react';
import { fieldMessagesOf, isApiError } from '../../api/errors.ts';
import { Code } from '../../contract/codes.ts';
import { COMMENT_MAX, type CaseView } from '../../contract/excursions/schemas.ts';
import { chinaStamp } from '../../lib/china-time.ts';
import { Button } from '../../ui/button/button.tsx';
import { TextAreaField } from '../../ui/form/text-area-field.tsx';
import { useDomId } from '../../ui/use-id.ts';
import { useT } from '../../ui/use-t.ts';
import { commentCase } from './api.ts';
import '../../i18n/areas/excursion-case.ts';

/** What happened to the case, oldest first: opened, assigned, comments (with their evidence), decided, closed. */
export function CaseTimeline({ timeline }: { timeline: CaseView['timeline'] }) {
  const t = useT();
  // entries have no id of their own: each is keyed by what it says, a repeat by its count
  const seen = new Map<string, number>();
  const keyed = timeline.map((entry) => {
    const base = `${entry.at}|${entry.kind}|${entry.author}|${entry.text}`;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return { entry, key: `${base}|${n}` };
  });
  return (
    <ol className="exc-timeline">
      {keyed.map(({ entry, key }) => (
        <li key={key} className={`exc-event exc-event--${entry.kind}`}>
          <time className="exc-event__at" dateTime={entry.at}>
            {chinaStamp(entry.at)}
          </time>
          <div className="exc-event__body">
            <strong>{t(`excursionCase.kind.${entry.kind}`)}</strong>
            {entry.author && <span className="exc-muted"> · {entry.author}</span>}
            {entry.text && <p className="exc-event__text">{entry.text}</p>}
            {entry.file && (
              <p className="exc-event__file">{t('excursionCase.evidenceFile', { name: entry.file.name })}</p>
            )}
          </div>
        </li>
      ))}
    </ol>
  );
}

/** A comment on the case, optionally pointing to one of its order's documents as evidence. */
export function CommentForm({
  caseId,
  evidence,
  onDone,
  onChanged,
}: {
  caseId: number;
  evidence: CaseView['evidence'];
  onDone: () => Promise<void>;
  onChanged: () => void;
}) {
  const t = useT();
  const fileId = useDomId('exc-comment-file');
  const [text, setText] = useState('');
  const [file, setFile] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const textRef = useRef<HTMLTextAreaElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!text.trim()) {
      setError(t('excursionCase.commentRequired'));
      textRef.current?.focus();
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      await commentCase(caseId, text.trim(), file ? Number(file) : null);
      setText('');
      setFile('');
      await onDone();
    } catch (failure) {
      if (isApiError(failure) && (failure.code === Code.conflict || failure.code === Code.notFound))
        onChanged();
      else if (isApiError(failure) && failure.code === Code.invalid)
        setError(fieldMessagesOf(failure).text ?? failure.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="exc-form" onSubmit={submit} noValidate aria-label={t('excursionCase.comment')}>
      <TextAreaField
        name="text"
        label={t('excursionCase.commentText')}
        value={text}
        onChange={setText}
        required
        maxLength={COMMENT_MAX}
        rows={3}
        error={error}
        inputRef={textRef}
      />
      {evidence.length > 0 && (
        <div className="exc-field">
          <label htmlFor={fileId}>{t('excursionCase.commentFile')}</label>
          <select
            id={fileId}
            className="lp-input"
            value={file}
            onChange={(event) => setFile(event.currentTarget.value)}
          >
            <option value="">{t('excursionCase.noFile')}</option>
            {evidence.map((doc) => (
              <option key={doc.id} value={String(doc.id)}>
                {doc.name} · {chinaStamp(doc.uploaded_at)}
              </option>
            ))}
          </select>
        </div>
      )}
      <Button type="submit" guardMs={0} loading={busy}>
        {t('excursionCase.send')}
      </Button>
    </form>
  );
}
