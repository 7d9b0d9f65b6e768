import { type FormEvent, useState } from 'react';
import { isApiError } from '../../api/errors.ts';
import { messagesByField } from '../../ui/admin-page/messages-by-field.ts';
import { Button } from '../../ui/button/button.tsx';
import { Dialog } from '../../ui/dialog/dialog.tsx';
import { ChoiceGroup } from '../../ui/form/choice-group.tsx';
import { TextAreaField } from '../../ui/form/text-area-field.tsx';
import { TextField } from '../../ui/form/text-field.tsx';
import { useT } from '../../ui/use-t.ts';
import {
  API_CLIENT_RATE_DEFAULT,
  API_CLIENT_SCOPES,
  type ApiClient,
  type ApiClientScope,
  type ClientValues,
} from './api-clients-api.ts';
import '../../i18n/areas/api-clients.ts';

/** Buttons of this page act at once (the list reloads after each): a short guard is enough. */
export const GUARD = 400;

/** What the form shows: a new client (`client` null) or an active one being changed. */
export type Editing = { client: ApiClient | null };

type Draft = { name: string; scopes: ApiClientScope[]; addresses: string; rate: string };

/** The text area's lines as a list of addresses (blank lines left out). */
const addressesOf = (text: string) =>
  text
    .split(/[\n,]/)
    .map((line) => line.trim())
    .filter(Boolean);

const draftOf = (client: ApiClient | null): Draft =>
  client
    ? {
        name: client.name,
        scopes: [...client.scopes],
        addresses: client.allowed_addresses.join('\n'),
        rate: String(client.rate_per_minute),
      }
    : { name: '', scopes: [], addresses: '', rate: String(API_CLIENT_RATE_DEFAULT) };

/**
 * The dialog that makes a client (name, scopes, allowed source addresses, calls a minute) or
 * changes an active one (the same but its name, which the audit trail names it by). The server
 * checks the values with the contract's schema; its 422 messages show under their fields.
 */
export function ClientForm({
  editing,
  onClose,
  onSave,
}: {
  editing: Editing | null;
  onClose: () => void;
  /** Sends the values; resolves when saved (the dialog closes), rejects with the server's refusal. */
  onSave: (values: ClientValues) => Promise<void>;
}) {
  const t = useT();
  return (
    <Dialog
      open={editing !== null}
      onClose={onClose}
      title={
        editing?.client
          ? t('apiClients.edit.title', { name: editing.client.name })
          : t('apiClients.form.title')
      }
      width={560}
    >
      {editing && (
        <ClientFields
          key={editing.client?.id ?? 0}
          client={editing.client}
          onClose={onClose}
          onSave={onSave}
        />
      )}
    </Dialog>
  );
}

function ClientFields({
  client,
  onClose,
  onSave,
}: {
  client: ApiClient | null;
  onClose: () => void;
  onSave: (values: ClientValues) => Promise<void>;
}) {
  const t = useT();
  const [draft, setDraft] = useState(() => draftOf(client));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState('');
  const [saving, setSaving] = useState(false);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    try {
      const rate = draft.rate.trim();
      await onSave({
        name: draft.name,
        scopes: draft.scopes,
        allowed_addresses: addressesOf(draft.addresses),
        // as typed when not a whole number: the schema says what is wrong with it
        rate_per_minute: /^\d{1,9}$/.test(rate) ? Number(rate) : rate,
      });
    } catch (error) {
      const byField = messagesByField(error);
      setErrors(byField);
      setFormError(Object.keys(byField).length === 0 && isApiError(error) ? error.message : '');
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="lp-admin-page__form" onSubmit={(event) => void save(event)} noValidate>
      {!client && (
        <TextField
          name="name"
          required
          label={t('apiClients.form.name')}
          hint={t('apiClients.form.nameHint')}
          value={draft.name}
          error={errors.name}
          onChange={(name) => setDraft({ ...draft, name })}
        />
      )}
      <ChoiceGroup
        type="checkbox"
        name="scopes"
        legend={t('apiClients.form.scopes')}
        choices={API_CLIENT_SCOPES.map((scope) => ({
          value: scope,
          label: t(`apiClients.scope.${scope}`),
          detail: scope,
        }))}
        value={draft.scopes}
        onChange={(scopes) => setDraft({ ...draft, scopes })}
        hint={client ? t('apiClients.edit.scopesHint') : t('apiClients.form.noDecide')}
        error={errors.scopes}
      />
      <TextAreaField
        name="allowed_addresses"
        label={t('apiClients.form.addresses')}
        hint={t('apiClients.form.addressesHint')}
        rows={3}
        value={draft.addresses}
        error={errors.allowed_addresses}
        onChange={(addresses) => setDraft({ ...draft, addresses })}
      />
      <TextField
        name="rate_per_minute"
        type="number"
        required
        label={t('apiClients.form.rate')}
        hint={t('apiClients.form.rateHint')}
        value={draft.rate}
        error={errors.rate_per_minute}
        onChange={(rate) => setDraft({ ...draft, rate })}
      />
      {formError && (
        <p className="lp-admin-page__error" role="alert">
          {formError}
        </p>
      )}
      <div className="lp-admin-page__buttons">
        <Button variant="text" guardMs={GUARD} onClick={onClose}>
          {t('apiClients.form.cancel')}
        </Button>
        <Button variant="primary" type="submit" guardMs={GUARD} loading={saving}>
          {client ? t('apiClients.edit.save') : t('apiClients.form.save')}
        </Button>
      </div>
    </form>
  );
}
