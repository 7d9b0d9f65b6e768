import { type FormEvent, useEffect, useState } from 'react';
import { isApiError } from '../../api/errors.ts';
import { chinaStamp } from '../../lib/china-time.ts';
import { toast } from '../../stores/notices.ts';
import { messagesByField } from '../../ui/admin-page/messages-by-field.ts';
import { Button } from '../../ui/button/button.tsx';
import { TextField } from '../../ui/form/text-field.tsx';
import { useT } from '../../ui/use-t.ts';
import { type PolicyValues, type SessionPolicy, sessionsApi } from './sessions-api.ts';
import '../../i18n/areas/sessions-dialog.ts';

type Field = Exclude<keyof PolicyValues, 'second_factor_required'>;
const FIELDS: ReadonlyArray<readonly [Field, 'idle' | 'absolute' | 'max']> = [
  ['idle_minutes', 'idle'],
  ['absolute_minutes', 'absolute'],
  ['max_sessions', 'max'],
];

type Draft = Record<Field, string> & { second_factor_required: boolean };
const draftOf = (p: SessionPolicy): Draft => ({
  idle_minutes: String(p.idle_minutes),
  absolute_minutes: String(p.absolute_minutes),
  max_sessions: String(p.max_sessions),
  second_factor_required: p.second_factor_required,
});
/** A whole number as a number, else the text as typed (the server's schema says what is wrong). */
const asTyped = (text: string) => (/^\d{1,9}$/.test(text.trim()) ? Number(text.trim()) : text);

/**
 * The customer's session policy (`customer-account/session-policy`), for its administrators: idle
 * minutes, lifetime minutes, sessions per person. The server checks the bounds; its 422 messages
 * show under their fields. Hidden when the server says the user is no administrator (403).
 */
export function PolicyForm({ onSaved }: { onSaved: () => void }) {
  const t = useT();
  const [policy, setPolicy] = useState<SessionPolicy | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState('');
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    sessionsApi.policy().then(
      (read) => {
        setPolicy(read);
        setDraft(draftOf(read));
      },
      () => setPolicy(null),
    );
  }, []);
  if (!policy || !draft) return null;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setErrors({});
    setFormError('');
    try {
      const saved = await sessionsApi.savePolicy({
        idle_minutes: asTyped(draft.idle_minutes),
        absolute_minutes: asTyped(draft.absolute_minutes),
        max_sessions: asTyped(draft.max_sessions),
        second_factor_required: draft.second_factor_required,
      });
      setPolicy(saved);
      setDraft(draftOf(saved));
      toast(t('sessionsDialog.policy.saved'), 'success');
      onSaved();
    } catch (error) {
      const byField = messagesByField(error);
      setErrors(byField);
      setFormError(Object.keys(byField).length === 0 && isApiError(error) ? error.message : '');
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="sessions-dialog__policy" aria-labelledby="sessions-dialog-policy">
      <h3 id="sessions-dialog-policy">{t('sessionsDialog.policy.title')}</h3>
      <p className="sessions-dialog__note">{t('sessionsDialog.policy.intro')}</p>
      <form className="sessions-dialog__form" onSubmit={(event) => void save(event)} noValidate>
        {FIELDS.map(([field, key]) => (
          <TextField
            key={field}
            name={field}
            type="number"
            required
            label={t(`sessionsDialog.policy.${key}`)}
            hint={t(`sessionsDialog.policy.${key}Hint`)}
            value={draft[field]}
            error={errors[field]}
            onChange={(value) => setDraft({ ...draft, [field]: value })}
          />
        ))}
        <label className="sessions-dialog__check">
          <input
            type="checkbox"
            name="second_factor_required"
            checked={draft.second_factor_required}
            onChange={(e) => setDraft({ ...draft, second_factor_required: e.target.checked })}
          />
          <span>
            {t('sessionsDialog.policy.factor')}
            <small className="sessions-dialog__small">{t('sessionsDialog.policy.factorHint')}</small>
          </span>
        </label>
        {formError && (
          <p className="sessions-dialog__error" role="alert">
            {formError}
          </p>
        )}
        <p className="sessions-dialog__small">
          {policy.updated_at
            ? t('sessionsDialog.policy.updated', {
                name: policy.updated_by,
                time: chinaStamp(policy.updated_at),
              })
            : t('sessionsDialog.policy.defaults')}
        </p>
        <Button variant="primary" type="submit" guardMs={400} loading={saving}>
          {t('sessionsDialog.policy.save')}
        </Button>
      </form>
    </section>
  );
}
