import { useStore } from '@nanostores/react';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { fieldMessagesOf, isApiError } from '../../api/errors.ts';
import { Code } from '../../contract/codes.ts';
import { chinaStamp } from '../../lib/china-time.ts';
import { $token } from '../../stores/auth.ts';
import { toast } from '../../stores/notices.ts';
import { Button } from '../../ui/button/button.tsx';
import { ConfirmDialog } from '../../ui/confirm/confirm-dialog.tsx';
import { Dialog } from '../../ui/dialog/dialog.tsx';
import { TextAreaField } from '../../ui/form/text-area-field.tsx';
import { TextField } from '../../ui/form/text-field.tsx';
import { ErrorState } from '../../ui/states/error-state.tsx';
import { useT } from '../../ui/use-t.ts';
import {
  API_CLIENT_SCOPES,
  type ApiClient,
  type ApiClientScope,
  apiClientsApi,
  ROTATION_GRACE_HOURS,
} from './api-clients-api.ts';
import '../../i18n/areas/api-clients.ts';

type Draft = { name: string; scopes: ApiClientScope[]; addresses: string };
type Shown = { name: string; clientId: string; secret: string; rotated: boolean };

/** Buttons of this page act at once (the list reloads after each): a short guard is enough. */
const GUARD = 400;

/** The text area's lines as a list of addresses (blank lines left out). */
const addressesOf = (text: string) =>
  text
    .split(/[\n,]/)
    .map((line) => line.trim())
    .filter(Boolean);

/**
 * The customer's API clients, for its administrators: the list (name and client id, scopes, made
 * when and by whom, last used, state), making one (name, scopes, allowed source addresses), its
 * secret shown once with a copy button and a warning, rotating the secret (with how long the old
 * one still holds) and revoking (asked first). Anyone else is told the page is its administrators'.
 */
export function ApiClients() {
  const t = useT();
  const token = useStore($token);
  const [list, setList] = useState<ApiClient[] | null>(null);
  const [tokenUrl, setTokenUrl] = useState('');
  const [failure, setFailure] = useState<'refused' | 'failed' | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState('');
  const [saving, setSaving] = useState(false);
  const [shown, setShown] = useState<Shown | null>(null);
  const [copied, setCopied] = useState('');
  const [rotating, setRotating] = useState<{ client: ApiClient; grace: number } | null>(null);
  const [revoking, setRevoking] = useState<ApiClient | null>(null);
  const secretRef = useRef<HTMLElement>(null);

  const load = useCallback(async () => {
    try {
      const answer = await apiClientsApi.list();
      setList(answer.list);
      setTokenUrl(new URL(answer.token_url, location.origin).href);
      setFailure(null);
    } catch (error) {
      setFailure(isApiError(error) && error.code === Code.forbidden ? 'refused' : 'failed');
    }
  }, []);
  useEffect(() => {
    if (token) void load();
  }, [token, load]);

  if (!token) return <p className="api-clients__muted">{t('apiClients.signedOut')}</p>;
  const title = (
    <h1 id="api-clients-title" className="lp-page-title">
      {t('apiClients.title')}
    </h1>
  );
  if (failure === 'refused')
    return (
      <section className="api-clients" part="base" aria-labelledby="api-clients-title">
        {title}
        <p className="api-clients__muted">{t('apiClients.refused')}</p>
      </section>
    );

  const scopeLabel = (scope: string) => t(`apiClients.scope.${scope as ApiClientScope}`);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!draft) return;
    setSaving(true);
    try {
      const made = await apiClientsApi.create({
        name: draft.name,
        scopes: draft.scopes,
        allowed_addresses: addressesOf(draft.addresses),
      });
      setDraft(null);
      setErrors({});
      setFormError('');
      setCopied('');
      setShown({
        name: made.client.name,
        clientId: made.client.client_id,
        secret: made.client_secret,
        rotated: false,
      });
      await load();
    } catch (error) {
      const fields = fieldMessagesOf(error);
      // a list's item is named by its place (`allowed_addresses.1`): said under the list's field
      const byField: Record<string, string> = {};
      for (const [key, message] of Object.entries(fields)) {
        const field = key.split('.')[0] as string;
        byField[field] = byField[field] ? `${byField[field]}; ${message}` : message;
      }
      setErrors(byField);
      setFormError(Object.keys(byField).length === 0 && isApiError(error) ? error.message : '');
    } finally {
      setSaving(false);
    }
  };

  const rotate = async () => {
    const asked = rotating;
    setRotating(null);
    if (!asked) return;
    const answer = await apiClientsApi.rotate(asked.client.id, asked.grace);
    setCopied('');
    setShown({
      name: answer.client.name,
      clientId: answer.client.client_id,
      secret: answer.client_secret,
      rotated: true,
    });
    await load();
  };

  const revoke = async (confirmed: boolean) => {
    const asked = revoking;
    setRevoking(null);
    if (!confirmed || !asked) return;
    await apiClientsApi.revoke(asked.id);
    toast(t('apiClients.revoked', { name: asked.name }), 'success');
    await load();
  };

  /** Copies the secret; where the clipboard is refused, selects it for the user to copy. */
  const copy = async (secret: string) => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(t('apiClients.secret.copied'));
    } catch {
      if (secretRef.current) getSelection()?.selectAllChildren(secretRef.current);
      setCopied(t('apiClients.secret.copyManual'));
    }
  };

  return (
    <section className="api-clients" part="base" aria-labelledby="api-clients-title">
      <div className="api-clients__head">
        {title}
        <Button
          variant="primary"
          guardMs={GUARD}
          onClick={() => {
            setErrors({});
            setFormError('');
            setDraft({ name: '', scopes: [], addresses: '' });
          }}
        >
          {t('apiClients.add')}
        </Button>
      </div>
      <p className="api-clients__muted">
        {t('apiClients.intro')} <code className="api-clients__code">{tokenUrl}</code>
      </p>
      {failure === 'failed' && <ErrorState message={t('apiClients.failed')} onRetry={() => void load()} />}
      {list && list.length === 0 && <p className="api-clients__muted">{t('apiClients.empty')}</p>}
      {list && list.length > 0 && (
        <table className="api-clients__table" aria-label={t('apiClients.listLabel')}>
          <thead>
            <tr>
              <th scope="col">{t('apiClients.col.name')}</th>
              <th scope="col">{t('apiClients.col.scopes')}</th>
              <th scope="col">{t('apiClients.col.created')}</th>
              <th scope="col">{t('apiClients.col.lastUsed')}</th>
              <th scope="col">{t('apiClients.col.state')}</th>
              <th scope="col">{t('apiClients.col.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {list.map((c) => (
              <tr key={c.id} className="api-clients__row">
                <td>
                  <span className="api-clients__name">{c.name}</span>
                  <code className="api-clients__id">{c.client_id}</code>
                  {c.allowed_addresses.length > 0 && (
                    <span className="api-clients__muted api-clients__small">
                      {t('apiClients.from', { addresses: c.allowed_addresses.join(', ') })}
                    </span>
                  )}
                </td>
                <td>{c.scopes.map(scopeLabel).join('、')}</td>
                <td>
                  {chinaStamp(c.created_at)}
                  {c.created_by && <span className="api-clients__muted"> · {c.created_by}</span>}
                </td>
                <td>{c.last_used_at ? chinaStamp(c.last_used_at) : t('apiClients.never')}</td>
                <td className={c.state === 'revoked' ? 'api-clients__off' : ''}>
                  {t(c.state === 'revoked' ? 'apiClients.state.revoked' : 'apiClients.state.active')}
                  {c.previous_secret_until && (
                    <span className="api-clients__muted api-clients__small">
                      {t('apiClients.graceUntil', { at: chinaStamp(c.previous_secret_until) })}
                    </span>
                  )}
                </td>
                <td className="api-clients__actions">
                  {c.state === 'active' && (
                    <>
                      <Button size="sm" guardMs={GUARD} onClick={() => setRotating({ client: c, grace: 0 })}>
                        {t('apiClients.action.rotate')}
                      </Button>
                      <Button size="sm" variant="danger" guardMs={GUARD} onClick={() => setRevoking(c)}>
                        {t('apiClients.action.revoke')}
                      </Button>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      <Dialog
        open={draft !== null}
        onClose={() => setDraft(null)}
        title={t('apiClients.form.title')}
        width={560}
      >
        {draft && (
          <form className="api-clients__form" onSubmit={(event) => void save(event)} noValidate>
            <TextField
              name="name"
              required
              label={t('apiClients.form.name')}
              hint={t('apiClients.form.nameHint')}
              value={draft.name}
              error={errors.name}
              onChange={(name) => setDraft({ ...draft, name })}
            />
            <fieldset className="api-clients__scopes" aria-describedby="api-clients-scopes-error">
              <legend>{t('apiClients.form.scopes')}</legend>
              {API_CLIENT_SCOPES.map((scope) => (
                <label key={scope}>
                  <input
                    type="checkbox"
                    name="scopes"
                    value={scope}
                    checked={draft.scopes.includes(scope)}
                    onChange={(event) =>
                      setDraft({
                        ...draft,
                        scopes: event.target.checked
                          ? [...draft.scopes, scope]
                          : draft.scopes.filter((s) => s !== scope),
                      })
                    }
                  />
                  {scopeLabel(scope)} <code>{scope}</code>
                </label>
              ))}
              <span className="api-clients__muted api-clients__small">{t('apiClients.form.noDecide')}</span>
              {errors.scopes && (
                <span id="api-clients-scopes-error" className="api-clients__off" role="alert">
                  {errors.scopes}
                </span>
              )}
            </fieldset>
            <TextAreaField
              name="allowed_addresses"
              label={t('apiClients.form.addresses')}
              hint={t('apiClients.form.addressesHint')}
              rows={3}
              value={draft.addresses}
              error={errors.allowed_addresses}
              onChange={(addresses) => setDraft({ ...draft, addresses })}
            />
            {formError && (
              <p className="api-clients__off" role="alert">
                {formError}
              </p>
            )}
            <div className="api-clients__buttons">
              <Button variant="text" guardMs={GUARD} onClick={() => setDraft(null)}>
                {t('apiClients.form.cancel')}
              </Button>
              <Button variant="primary" type="submit" guardMs={GUARD} loading={saving}>
                {t('apiClients.form.save')}
              </Button>
            </div>
          </form>
        )}
      </Dialog>

      <Dialog
        open={shown !== null}
        onClose={() => setShown(null)}
        title={t(shown?.rotated ? 'apiClients.secret.rotatedTitle' : 'apiClients.secret.title')}
        width={600}
        footer={
          <Button variant="primary" guardMs={GUARD} onClick={() => setShown(null)}>
            {t('apiClients.secret.close')}
          </Button>
        }
      >
        {shown && (
          <div className="api-clients__secret">
            <p className="api-clients__warning" role="alert">
              {t('apiClients.secret.warning')}
            </p>
            <dl className="api-clients__pairs">
              <dt>{t('apiClients.secret.clientId')}</dt>
              <dd>
                <code className="api-clients__key">{shown.clientId}</code>
              </dd>
              <dt>{t('apiClients.secret.secret')}</dt>
              <dd>
                <code className="api-clients__key" ref={secretRef}>
                  {shown.secret}
                </code>
              </dd>
            </dl>
            <div className="api-clients__buttons">
              <Button guardMs={GUARD} onClick={() => void copy(shown.secret)}>
                {t('apiClients.secret.copy')}
              </Button>
              <span className="api-clients__muted" role="status">
                {copied}
              </span>
            </div>
          </div>
        )}
      </Dialog>

      <Dialog
        open={rotating !== null}
        onClose={() => setRotating(null)}
        title={t('apiClients.rotate.title', { name: rotating?.client.name ?? '' })}
        width={480}
        footer={
          <>
            <Button variant="text" guardMs={GUARD} onClick={() => setRotating(null)}>
              {t('apiClients.form.cancel')}
            </Button>
            <Button variant="primary" guardMs={GUARD} onClick={() => void rotate()}>
              {t('apiClients.rotate.confirm')}
            </Button>
          </>
        }
      >
        {rotating && (
          <fieldset className="api-clients__grace">
            <legend>{t('apiClients.rotate.grace')}</legend>
            {ROTATION_GRACE_HOURS.map((hours) => (
              <label key={hours}>
                <input
                  type="radio"
                  name="grace_hours"
                  value={hours}
                  checked={rotating.grace === hours}
                  onChange={() => setRotating({ ...rotating, grace: hours })}
                />
                {t(`apiClients.rotate.grace${hours}`)}
              </label>
            ))}
          </fieldset>
        )}
      </Dialog>

      <ConfirmDialog
        open={revoking !== null}
        danger
        title={t('apiClients.revoke.title')}
        message={t('apiClients.revoke.message', { name: revoking?.name ?? '' })}
        confirmText={t('apiClients.action.revoke')}
        onAnswer={(confirmed) => void revoke(confirmed)}
      />
    </section>
  );
}
