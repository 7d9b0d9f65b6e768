import { type FormEvent, useState } from 'react';
import { messagesByField } from '../../ui/admin-page/messages-by-field.ts';
import { Button } from '../../ui/button/button.tsx';
import { Dialog } from '../../ui/dialog/dialog.tsx';
import { ChoiceGroup } from '../../ui/form/choice-group.tsx';
import { TextField } from '../../ui/form/text-field.tsx';
import { useT } from '../../ui/use-t.ts';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from './webhook-api.ts';
import '../../i18n/areas/webhook-endpoints.ts';

/** Buttons of this page act at once (the list reloads after each): a short guard is enough. */
export const GUARD = 400;

export type Editing = { id: number | null; url: string; description: string; events: WebhookEventType[] };
export type EndpointValues = { url: string; description: string; event_types: WebhookEventType[] };

/** The dialog that adds an endpoint or edits one (address, description, events). */
export function EndpointForm({
  editing,
  eventLabel,
  onClose,
  onSave,
}: {
  editing: Editing | null;
  eventLabel: (type: string) => string;
  onClose: () => void;
  /** Resolves when saved (the dialog closes), rejects with the server's refusal. */
  onSave: (id: number | null, values: EndpointValues) => Promise<void>;
}) {
  const t = useT();
  return (
    <Dialog
      open={editing !== null}
      onClose={onClose}
      title={t(editing?.id ? 'webhookEndpoints.form.editTitle' : 'webhookEndpoints.form.createTitle')}
      width={560}
    >
      {editing && (
        <EndpointFields
          key={editing.id ?? 0}
          editing={editing}
          eventLabel={eventLabel}
          onClose={onClose}
          onSave={onSave}
        />
      )}
    </Dialog>
  );
}

function EndpointFields({
  editing,
  eventLabel,
  onClose,
  onSave,
}: {
  editing: Editing;
  eventLabel: (type: string) => string;
  onClose: () => void;
  onSave: (id: number | null, values: EndpointValues) => Promise<void>;
}) {
  const t = useT();
  const [draft, setDraft] = useState(editing);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const save = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    try {
      await onSave(draft.id, { url: draft.url, description: draft.description, event_types: draft.events });
    } catch (error) {
      setErrors(messagesByField(error));
    } finally {
      setSaving(false);
    }
  };
  return (
    <form className="lp-admin-page__form" onSubmit={(event) => void save(event)} noValidate>
      <TextField
        name="url"
        type="url"
        required
        label={t('webhookEndpoints.form.url')}
        value={draft.url}
        error={errors.url}
        onChange={(url) => setDraft({ ...draft, url })}
      />
      <TextField
        name="description"
        label={t('webhookEndpoints.form.description')}
        value={draft.description}
        error={errors.description}
        onChange={(description) => setDraft({ ...draft, description })}
      />
      <ChoiceGroup
        type="checkbox"
        name="event_types"
        legend={t('webhookEndpoints.form.events')}
        choices={WEBHOOK_EVENT_TYPES.map((type) => ({ value: type, label: eventLabel(type), detail: type }))}
        value={draft.events}
        onChange={(events) => setDraft({ ...draft, events })}
        error={errors.event_types}
      />
      <div className="lp-admin-page__buttons">
        <Button variant="text" guardMs={GUARD} onClick={onClose}>
          {t('webhookEndpoints.form.cancel')}
        </Button>
        <Button variant="primary" type="submit" loading={saving}>
          {t('webhookEndpoints.form.save')}
        </Button>
      </div>
    </form>
  );
}
