import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { isMessageKey } from '../../i18n/translate.ts';
import { chinaStamp } from '../../lib/china-time.ts';
import { $token } from '../../stores/auth.ts';
import { toast } from '../../stores/notices.ts';
import { AdminPage, useAdminLoad } from '../../ui/admin-page/admin-page.tsx';
import { Button } from '../../ui/button/button.tsx';
import { ConfirmDialog } from '../../ui/confirm/confirm-dialog.tsx';
import { type ListColumn, ListTable, RowActions } from '../../ui/list-table/list-table.tsx';
import { SecretDialog } from '../../ui/secret/secret-dialog.tsx';
import { useT } from '../../ui/use-t.ts';
import { DeliveryLog } from './delivery-log.tsx';
import { type Editing, EndpointForm, GUARD } from './endpoint-form.tsx';
import { type WebhookAttempt, type WebhookEndpoint, webhookApi } from './webhook-api.ts';
import '../../i18n/areas/webhook-endpoints.ts';

type Secret = { url: string; secret: string; previous: { secret: string; until: string } | null };

/**
 * The customer's webhook endpoints, for its administrators: the list (address, events, state, the
 * newest attempt), adding and editing one (address, description, events), its signing secret
 * (shown after adding or rotating, and on asking), rotation, disabling and enabling, removal,
 * a test event, and each endpoint's delivery log (answer codes, attempts, excerpts) with replays.
 */
export function WebhookEndpoints() {
  const t = useT();
  const token = useStore($token);
  const { value, failure, reload } = useAdminLoad(webhookApi.list, token);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [secret, setSecret] = useState<Secret | null>(null);
  const [asking, setAsking] = useState<{ kind: 'rotate' | 'delete'; endpoint: WebhookEndpoint } | null>(null);
  const [log, setLog] = useState<{ endpoint: WebhookEndpoint; attempts: WebhookAttempt[] } | null>(null);
  const list = value?.list ?? null;

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

  const openLog = async (endpoint: WebhookEndpoint) => {
    const answer = await webhookApi.deliveries(endpoint.id);
    setLog({ endpoint, attempts: answer.list });
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
    await reload();
  };
  const reveal = async (endpoint: WebhookEndpoint) => {
    const shown = await webhookApi.secret(endpoint.id);
    setSecret({ url: endpoint.url, ...shown });
  };
  const toggle = async (endpoint: WebhookEndpoint) => {
    await webhookApi.update({ id: endpoint.id, enabled: !endpoint.enabled });
    await reload();
  };
  const test = async (endpoint: WebhookEndpoint) => {
    await webhookApi.test(endpoint.id);
    toast(t('webhookEndpoints.tested'), 'success');
  };

  const columns: ListColumn<WebhookEndpoint>[] = [
    {
      key: 'url',
      title: t('webhookEndpoints.col.url'),
      width: '32%',
      render: (e) => (
        <>
          <span className="webhook-endpoints__url lp-mono">{e.url}</span>
          {e.description && <span className="webhook-endpoints__muted">{e.description}</span>}
        </>
      ),
    },
    {
      key: 'events',
      title: t('webhookEndpoints.col.events'),
      render: (e) =>
        e.event_types.length === 0
          ? t('webhookEndpoints.allEvents')
          : e.event_types.map(eventLabel).join(t('webhookEndpoints.separator')),
    },
    {
      key: 'state',
      title: t('webhookEndpoints.col.state'),
      width: '7em',
      className: (e) => (e.enabled ? undefined : 'webhook-endpoints__off'),
      render: stateLabel,
    },
    {
      key: 'last',
      title: t('webhookEndpoints.col.last'),
      render: (e) =>
        e.last_attempt
          ? `${e.last_attempt.status ?? t('webhookEndpoints.noAnswer')} · ${chinaStamp(e.last_attempt.at)}`
          : t('webhookEndpoints.never'),
    },
    {
      key: 'actions',
      title: t('webhookEndpoints.col.actions'),
      render: (e) => (
        <RowActions>
          <Button
            size="sm"
            guardMs={GUARD}
            onClick={() =>
              setEditing({ id: e.id, url: e.url, description: e.description, events: e.event_types })
            }
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
          <Button size="sm" guardMs={GUARD} onClick={() => setAsking({ kind: 'rotate', endpoint: e })}>
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
        </RowActions>
      ),
    },
  ];

  return (
    <AdminPage
      name="webhook-endpoints"
      title={t('webhookEndpoints.title')}
      intro={t('webhookEndpoints.intro')}
      signedIn={Boolean(token)}
      failure={failure}
      texts={{
        signedOut: t('webhookEndpoints.signedOut'),
        refused: t('webhookEndpoints.refused'),
        failed: t('webhookEndpoints.failed'),
      }}
      onRetry={() => void reload()}
      actions={
        <Button
          variant="primary"
          guardMs={GUARD}
          onClick={() => setEditing({ id: null, url: '', description: '', events: [] })}
        >
          {t('webhookEndpoints.add')}
        </Button>
      }
    >
      {list && list.length === 0 && <p className="lp-admin-page__muted">{t('webhookEndpoints.empty')}</p>}
      {list && list.length > 0 && (
        <ListTable
          label={t('webhookEndpoints.listLabel')}
          columns={columns}
          rows={list}
          rowKey={(e) => e.id}
          rowClassName="webhook-endpoints__row"
        />
      )}

      {log && (
        <DeliveryLog
          endpoint={log.endpoint}
          attempts={log.attempts}
          eventLabel={eventLabel}
          onRefresh={() => void openLog(log.endpoint)}
          onClose={() => setLog(null)}
        />
      )}

      <EndpointForm
        editing={editing}
        eventLabel={eventLabel}
        onClose={() => setEditing(null)}
        onSave={async (id, values) => {
          if (id === null) {
            const made = await webhookApi.create(values);
            setSecret({ url: made.endpoint.url, secret: made.secret, previous: null });
          } else await webhookApi.update({ id, ...values });
          setEditing(null);
          await reload();
        }}
      />

      <SecretDialog
        open={secret !== null}
        onClose={() => setSecret(null)}
        title={t('webhookEndpoints.secret.title')}
        note={t('webhookEndpoints.secret.note')}
        items={
          secret
            ? [
                { label: t('webhookEndpoints.secret.endpoint'), value: secret.url },
                { label: t('webhookEndpoints.secret.secret'), value: secret.secret, copy: true },
                ...(secret.previous
                  ? [
                      {
                        label: t('webhookEndpoints.secret.previous', {
                          until: chinaStamp(secret.previous.until),
                        }),
                        value: secret.previous.secret,
                        copy: true,
                      },
                    ]
                  : []),
              ]
            : []
        }
        texts={{
          copy: t('webhookEndpoints.secret.copy'),
          copied: t('webhookEndpoints.secret.copied'),
          copyManual: t('webhookEndpoints.secret.copyManual'),
          close: t('webhookEndpoints.secret.close'),
        }}
      />

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
    </AdminPage>
  );
}
