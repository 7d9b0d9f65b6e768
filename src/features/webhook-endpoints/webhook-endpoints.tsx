import { useStore } from '@nanostores/react';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { fieldMessagesOf, isApiError } from '../../api/errors.ts';
import { Code } from '../../contract/codes.ts';
import { isMessageKey } from '../../i18n/translate.ts';
import { chinaStamp } from '../../lib/china-time.ts';
import { $token } from '../../stores/auth.ts';
import { toast } from '../../stores/notices.ts';
import { Button } from '../../ui/button/button.tsx';
import { ConfirmDialog } from '../../ui/confirm/confirm-dialog.tsx';
import { Dialog } from '../../ui/dialog/dialog.tsx';
import { TextField } from '../../ui/form/text-field.tsx';
import { ErrorState } from '../../ui/states/error-state.tsx';
import { useT } from '../../ui/use-t.ts';
import {
  WEBHOOK_EVENT_TYPES,
  type WebhookAttempt,
  type WebhookEndpoint,
  type WebhookEventType,
  webhookApi,
} from './webhook-api.ts';
import '../../i18n/areas/webhook-endpoints.ts';

type Editing = { id: number | null; url: string; description: string; events: WebhookEventType[] };
type Secret = { url: string; secret: string; previous: { secret: string; until: string } | null };

/** Buttons of this page act at once (the list reloads after each): a short guard is enough. */
const GUARD = 400;

/**
 * The customer's webhook endpoints, for its administrators: the list (address, events, state, the
 * newest attempt), adding and editing one (address, description, events), its signing secret
 * (shown after adding or rotating, and on asking), rotation, disabling and enabling, removal,
 * a test event, and each endpoint's delivery log (answer codes, attempts, excerpts) with replays.
 */
export function WebhookEndpoints() {
  const t = useT();
  const token = useStore($token);
  const [list, setList] = useState<WebhookEndpoint[] | null>(null);
  const [failure, setFailure] = useState<'refused' | 'failed' | null>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [secret, setSecret] = useState<Secret | null>(null);
  const [asking, setAsking] = useState<{ kind: 'rotate' | 'delete'; endpoint: WebhookEndpoint } | null>(null);
  const [log, setLog] = useState<{ endpoint: WebhookEndpoint; attempts: WebhookAttempt[] } | null>(null);

  const load = useCallback(async () => {
    try {
      const answer = await webhookApi.list();
      setList(answer.list);
      setFailure(null);
    } catch (error) {
      setFailure(isApiError(error) && error.code === Code.forbidden ? 'refused' : 'failed');
    }
  }, []);
  useEffect(() => {
    if (token) void load();
  }, [token, load]);

  const openLog = async (endpoint: WebhookEndpoint) => {
    const answer = await webhookApi.deliveries(endpoint.id);
    setLog({ endpoint, attempts: answer.list });
  };

  if (!token) return <p className="webhook-endpoints__muted">{t('webhookEndpoints.signedOut')}</p>;
  const title = (
    <h1 id="webhook-endpoints-title" className="lp-page-title">
      {t('webhookEndpoints.title')}
    </h1>
  );
  if (failure === 'refused')
    return (
      <section className="webhook-endpoints" part="base" aria-labelledby="webhook-endpoints-title">
        {title}
        <p className="webhook-endpoints__muted">{t('webhookEndpoints.refused')}</p>
      </section>
    );

  const eventLabel = (type: string) => {
    const key = `webhookEndpoints.event.${type}`;
    return isMessageKey(key) ? t(key) : type;
  };
  const stateLabel = (e: WebhookEndpoint) =>
    e.enabled
      ? t('webhookEndpoints.state.enabled')
      : t(
          e.disabled_reason === 'failing'
            ? 'webhookEndpoints.state.failing'
            : 'webhookEndpoints.state.manual',
        );

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!editing) return;
    setSaving(true);
    try {
      const body = { url: editing.url, description: editing.description, event_types: editing.events };
      if (editing.id === null) {
        const made = await webhookApi.create(body);
        setSecret({ url: made.endpoint.url, secret: made.secret, previous: null });
      } else await webhookApi.update({ id: editing.id, ...body });
      setEditing(null);
      setErrors({});
      await load();
    } catch (error) {
      setErrors(fieldMessagesOf(error));
    } finally {
      setSaving(false);
    }
  };

  const answer = async (confirmed: boolean) => {
    const asked = asking;
    setAsking(null);
    if (!confirmed || !asked) return;
    if (asked.kind === 'rotate') {
      const rotated = await webhookApi.rotate(asked.endpoint.id);
      const shown = await webhookApi.secret(asked.endpoint.id);
      setSecret({ url: rotated.endpoint.url, secret: rotated.secret, previous: shown.previous });
    } else {
      await webhookApi.remove(asked.endpoint.id);
      if (log?.endpoint.id === asked.endpoint.id) setLog(null);
    }
    await load();
  };

  const reveal = async (endpoint: WebhookEndpoint) => {
    const shown = await webhookApi.secret(endpoint.id);
    setSecret({ url: endpoint.url, ...shown });
  };
  const toggle = async (endpoint: WebhookEndpoint) => {
    await webhookApi.update({ id: endpoint.id, enabled: !endpoint.enabled });
    await load();
  };
  const test = async (endpoint: WebhookEndpoint) => {
    await webhookApi.test(endpoint.id);
    toast(t('webhookEndpoints.tested'), 'success');
  };
  const replayOne = async (attempt: WebhookAttempt) => {
    if (!log) return;
    const done = await webhookApi.replayOne(log.endpoint.id, attempt.id);
    toast(t('webhookEndpoints.replayed', { n: done.queued }), 'success');
  };
  const replayFailed = async () => {
    if (!log) return;
    const done = await webhookApi.replaySince(
      log.endpoint.id,
      new Date(Date.now() - 86_400_000).toISOString(),
    );
    toast(t('webhookEndpoints.replayed', { n: done.queued }), 'success');
  };

  return (
    <section className="webhook-endpoints" part="base" aria-labelledby="webhook-endpoints-title">
      <div className="webhook-endpoints__head">
        {title}
        <Button
          variant="primary"
          guardMs={GUARD}
          onClick={() => {
            setErrors({});
            setEditing({ id: null, url: '', description: '', events: [] });
          }}
        >
          {t('webhookEndpoints.add')}
        </Button>
      </div>
      <p className="webhook-endpoints__muted">{t('webhookEndpoints.intro')}</p>
      {failure === 'failed' && (
        <ErrorState message={t('webhookEndpoints.failed')} onRetry={() => void load()} />
      )}
      {list && list.length === 0 && <p className="webhook-endpoints__muted">{t('webhookEndpoints.empty')}</p>}
      {list && list.length > 0 && (
        <table className="webhook-endpoints__table" aria-label={t('webhookEndpoints.listLabel')}>
          <thead>
            <tr>
              <th scope="col">{t('webhookEndpoints.col.url')}</th>
              <th scope="col">{t('webhookEndpoints.col.events')}</th>
              <th scope="col">{t('webhookEndpoints.col.state')}</th>
              <th scope="col">{t('webhookEndpoints.col.last')}</th>
              <th scope="col">{t('webhookEndpoints.col.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {list.map((e) => (
              <tr key={e.id} className="webhook-endpoints__row">
                <td>
                  <span className="webhook-endpoints__url">{e.url}</span>
                  {e.description && <span className="webhook-endpoints__muted"> · {e.description}</span>}
                </td>
                <td>
                  {e.event_types.length === 0
                    ? t('webhookEndpoints.allEvents')
                    : e.event_types.map(eventLabel).join('、')}
                </td>
                <td className={e.enabled ? '' : 'webhook-endpoints__off'}>{stateLabel(e)}</td>
                <td>
                  {e.last_attempt
                    ? `${e.last_attempt.status ?? t('webhookEndpoints.noAnswer')} · ${chinaStamp(e.last_attempt.at)}`
                    : t('webhookEndpoints.never')}
                </td>
                <td className="webhook-endpoints__actions">
                  <Button
                    size="sm"
                    guardMs={GUARD}
                    onClick={() => {
                      setErrors({});
                      setEditing({ id: e.id, url: e.url, description: e.description, events: e.event_types });
                    }}
                  >
                    {t('webhookEndpoints.action.edit')}
                  </Button>
                  <Button size="sm" guardMs={GUARD} onClick={() => void openLog(e)}>
                    {t('webhookEndpoints.action.log')}
                  </Button>
                  <Button size="sm" guardMs={GUARD} disabled={!e.enabled} onClick={() => void test(e)}>
                    {t('webhookEndpoints.action.test')}
                  </Button>
                  <Button size="sm" guardMs={GUARD} onClick={() => void reveal(e)}>
                    {t('webhookEndpoints.action.reveal')}
                  </Button>
                  <Button
                    size="sm"
                    guardMs={GUARD}
                    onClick={() => setAsking({ kind: 'rotate', endpoint: e })}
                  >
                    {t('webhookEndpoints.action.rotate')}
                  </Button>
                  <Button size="sm" guardMs={GUARD} onClick={() => void toggle(e)}>
                    {t(e.enabled ? 'webhookEndpoints.action.disable' : 'webhookEndpoints.action.enable')}
                  </Button>
                  <Button
                    size="sm"
                    variant="danger"
                    guardMs={GUARD}
                    onClick={() => setAsking({ kind: 'delete', endpoint: e })}
                  >
                    {t('webhookEndpoints.action.delete')}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      {log && (
        <section className="webhook-endpoints__log" aria-labelledby="webhook-endpoints-log-title">
          <div className="webhook-endpoints__head">
            <h2 id="webhook-endpoints-log-title">
              {t('webhookEndpoints.log.title', { url: log.endpoint.url })}
            </h2>
            <Button
              size="sm"
              guardMs={GUARD}
              disabled={!log.endpoint.enabled}
              onClick={() => void replayFailed()}
            >
              {t('webhookEndpoints.log.replayFailed')}
            </Button>
            <Button size="sm" variant="text" guardMs={GUARD} onClick={() => setLog(null)}>
              {t('webhookEndpoints.log.close')}
            </Button>
          </div>
          {log.attempts.length === 0 ? (
            <p className="webhook-endpoints__muted">{t('webhookEndpoints.log.empty')}</p>
          ) : (
            <table className="webhook-endpoints__table" aria-label={t('webhookEndpoints.log.label')}>
              <thead>
                <tr>
                  <th scope="col">{t('webhookEndpoints.log.at')}</th>
                  <th scope="col">{t('webhookEndpoints.log.event')}</th>
                  <th scope="col">{t('webhookEndpoints.log.attempt')}</th>
                  <th scope="col">{t('webhookEndpoints.log.status')}</th>
                  <th scope="col">{t('webhookEndpoints.log.duration')}</th>
                  <th scope="col">{t('webhookEndpoints.log.answer')}</th>
                  <th scope="col">{t('webhookEndpoints.col.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {log.attempts.map((a) => (
                  <tr key={a.id} className="webhook-endpoints__attempt">
                    <td>{chinaStamp(a.at)}</td>
                    <td>
                      {eventLabel(a.event_type)}
                      <span className="webhook-endpoints__id">{a.msg_id}</span>
                    </td>
                    <td>{a.attempt}</td>
                    <td>
                      <span className={a.error ? 'webhook-endpoints__off' : ''}>
                        {a.status ?? t('webhookEndpoints.noAnswer')}
                        {a.error && a.status === null ? ` · ${a.error}` : ''}
                      </span>
                      <span className="webhook-endpoints__muted">
                        {' '}
                        · {t(`webhookEndpoints.deliveryState.${a.state}`)}
                        {a.next_at
                          ? ` · ${t('webhookEndpoints.log.next', { at: chinaStamp(a.next_at) })}`
                          : ''}
                      </span>
                    </td>
                    <td>{t('webhookEndpoints.log.ms', { ms: a.duration_ms })}</td>
                    <td>
                      <code className="webhook-endpoints__answer">{a.answer}</code>
                    </td>
                    <td>
                      <Button
                        size="sm"
                        guardMs={GUARD}
                        disabled={!log.endpoint.enabled}
                        onClick={() => void replayOne(a)}
                      >
                        {t('webhookEndpoints.log.replay')}
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      )}

      <Dialog
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={t(editing?.id ? 'webhookEndpoints.form.editTitle' : 'webhookEndpoints.form.createTitle')}
        width={560}
      >
        {editing && (
          <form className="webhook-endpoints__form" onSubmit={(event) => void save(event)} noValidate>
            <TextField
              name="url"
              type="url"
              required
              label={t('webhookEndpoints.form.url')}
              value={editing.url}
              error={errors.url}
              onChange={(url) => setEditing({ ...editing, url })}
            />
            <TextField
              name="description"
              label={t('webhookEndpoints.form.description')}
              value={editing.description}
              error={errors.description}
              onChange={(description) => setEditing({ ...editing, description })}
            />
            <fieldset className="webhook-endpoints__events">
              <legend>{t('webhookEndpoints.form.events')}</legend>
              {WEBHOOK_EVENT_TYPES.map((type) => (
                <label key={type}>
                  <input
                    type="checkbox"
                    name="event_types"
                    value={type}
                    checked={editing.events.includes(type)}
                    onChange={(event) =>
                      setEditing({
                        ...editing,
                        events: event.target.checked
                          ? [...editing.events, type]
                          : editing.events.filter((x) => x !== type),
                      })
                    }
                  />
                  {eventLabel(type)} <code>{type}</code>
                </label>
              ))}
            </fieldset>
            <div className="webhook-endpoints__buttons">
              <Button variant="text" guardMs={GUARD} onClick={() => setEditing(null)}>
                {t('webhookEndpoints.form.cancel')}
              </Button>
              <Button variant="primary" type="submit" loading={saving}>
                {t('webhookEndpoints.form.save')}
              </Button>
            </div>
          </form>
        )}
      </Dialog>

      <Dialog
        open={secret !== null}
        onClose={() => setSecret(null)}
        title={t('webhookEndpoints.secret.title')}
        width={560}
        footer={
          <Button variant="primary" guardMs={GUARD} onClick={() => setSecret(null)}>
            {t('webhookEndpoints.secret.close')}
          </Button>
        }
      >
        {secret && (
          <div className="webhook-endpoints__secret">
            <p className="webhook-endpoints__url">{secret.url}</p>
            <code className="webhook-endpoints__key">{secret.secret}</code>
            {secret.previous && (
              <p>
                {t('webhookEndpoints.secret.previous', { until: chinaStamp(secret.previous.until) })}{' '}
                <code className="webhook-endpoints__key">{secret.previous.secret}</code>
              </p>
            )}
            <p className="webhook-endpoints__muted">{t('webhookEndpoints.secret.note')}</p>
          </div>
        )}
      </Dialog>

      <ConfirmDialog
        open={asking !== null}
        danger={asking?.kind === 'delete'}
        title={t(
          asking?.kind === 'delete' ? 'webhookEndpoints.delete.title' : 'webhookEndpoints.rotate.title',
        )}
        message={
          asking?.kind === 'delete'
            ? t('webhookEndpoints.delete.message', { url: asking.endpoint.url })
            : t('webhookEndpoints.rotate.message')
        }
        onAnswer={(confirmed) => void answer(confirmed)}
      />
    </section>
  );
}
