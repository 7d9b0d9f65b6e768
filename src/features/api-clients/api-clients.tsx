import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { chinaStamp } from '../../lib/china-time.ts';
import { $token } from '../../stores/auth.ts';
import { toast } from '../../stores/notices.ts';
import { AdminPage, useAdminLoad } from '../../ui/admin-page/admin-page.tsx';
import { Button } from '../../ui/button/button.tsx';
import { ConfirmDialog } from '../../ui/confirm/confirm-dialog.tsx';
import { ChoiceGroup } from '../../ui/form/choice-group.tsx';
import { type ListColumn, ListTable, RowActions } from '../../ui/list-table/list-table.tsx';
import { SecretDialog } from '../../ui/secret/secret-dialog.tsx';
import { useT } from '../../ui/use-t.ts';
import { type ApiClient, apiClientsApi, ROTATION_GRACE_HOURS } from './api-clients-api.ts';
import { ClientForm, type Editing, GUARD } from './client-form.tsx';
import '../../i18n/areas/api-clients.ts';

type Shown = { clientId: string; secret: string; rotated: boolean };

/**
 * The customer's API clients, for its administrators: the list (name and client id, scopes, made
 * when and by whom, last used, state), making one (name, scopes, allowed source addresses, calls a
 * minute), changing an active one's scopes, addresses and rate, its secret shown once with a copy
 * button and a warning, rotating the secret (with how long the old one still holds) and revoking
 * (asked first). Anyone else is told the page is its administrators'.
 */
export function ApiClients() {
  const t = useT();
  const token = useStore($token);
  const { value, failure, reload } = useAdminLoad(apiClientsApi.list, token);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [shown, setShown] = useState<Shown | null>(null);
  const [rotating, setRotating] = useState<{ client: ApiClient; grace: number } | null>(null);
  const [revoking, setRevoking] = useState<ApiClient | null>(null);
  const list = value?.list ?? null;
  const tokenUrl = value ? new URL(value.token_url, location.origin).href : '';
  const scopesText = (c: ApiClient) =>
    c.scopes.map((scope) => t(`apiClients.scope.${scope}`)).join(t('apiClients.separator'));

  const rotate = async (confirmed: boolean) => {
    const asked = rotating;
    setRotating(null);
    if (!confirmed || !asked) return;
    const answer = await apiClientsApi.rotate(asked.client.id, asked.grace);
    setShown({ clientId: answer.client.client_id, secret: answer.client_secret, rotated: true });
    await reload();
  };
  const revoke = async (confirmed: boolean) => {
    const asked = revoking;
    setRevoking(null);
    if (!confirmed || !asked) return;
    await apiClientsApi.revoke(asked.id);
    toast(t('apiClients.revoked', { name: asked.name }), 'success');
    await reload();
  };

  const columns: ListColumn<ApiClient>[] = [
    {
      key: 'name',
      title: t('apiClients.col.name'),
      render: (c) => (
        <>
          <span className="api-clients__name">{c.name}</span>
          <code className="api-clients__id lp-mono">{c.client_id}</code>
        </>
      ),
    },
    {
      key: 'access',
      title: t('apiClients.col.scopes'),
      render: (c) => (
        <>
          {scopesText(c)}
          <span className="api-clients__small">
            {c.allowed_addresses.length > 0
              ? t('apiClients.from', { addresses: c.allowed_addresses.join(', ') })
              : t('apiClients.anywhere')}
            {' · '}
            {t('apiClients.rate', { n: c.rate_per_minute })}
          </span>
        </>
      ),
    },
    {
      key: 'created',
      title: t('apiClients.col.created'),
      render: (c) => (
        <>
          {chinaStamp(c.created_at)}
          {c.created_by && <span className="api-clients__small">{c.created_by}</span>}
        </>
      ),
    },
    {
      key: 'used',
      title: t('apiClients.col.lastUsed'),
      render: (c) => (c.last_used_at ? chinaStamp(c.last_used_at) : t('apiClients.never')),
    },
    {
      key: 'state',
      title: t('apiClients.col.state'),
      className: (c) => (c.state === 'revoked' ? 'api-clients__off' : undefined),
      render: (c) => (
        <>
          {t(c.state === 'revoked' ? 'apiClients.state.revoked' : 'apiClients.state.active')}
          {c.previous_secret_until && (
            <span className="api-clients__small">
              {t('apiClients.graceUntil', { at: chinaStamp(c.previous_secret_until) })}
            </span>
          )}
        </>
      ),
    },
    {
      key: 'actions',
      title: t('apiClients.col.actions'),
      render: (c) =>
        c.state === 'active' && (
          <RowActions>
            <Button size="sm" guardMs={GUARD} onClick={() => setEditing({ client: c })}>
              {t('apiClients.action.edit')}
            </Button>
            <Button size="sm" guardMs={GUARD} onClick={() => setRotating({ client: c, grace: 0 })}>
              {t('apiClients.action.rotate')}
            </Button>
            <Button size="sm" variant="danger" guardMs={GUARD} onClick={() => setRevoking(c)}>
              {t('apiClients.action.revoke')}
            </Button>
          </RowActions>
        ),
    },
  ];

  return (
    <AdminPage
      name="api-clients"
      title={t('apiClients.title')}
      intro={
        <>
          {t('apiClients.intro')} <code className="lp-mono">{tokenUrl}</code>
        </>
      }
      signedIn={Boolean(token)}
      failure={failure}
      texts={{
        signedOut: t('apiClients.signedOut'),
        refused: t('apiClients.refused'),
        failed: t('apiClients.failed'),
      }}
      onRetry={() => void reload()}
      actions={
        <Button variant="primary" guardMs={GUARD} onClick={() => setEditing({ client: null })}>
          {t('apiClients.add')}
        </Button>
      }
    >
      {list && list.length === 0 && <p className="lp-admin-page__muted">{t('apiClients.empty')}</p>}
      {list && list.length > 0 && (
        <ListTable
          label={t('apiClients.listLabel')}
          columns={columns}
          rows={list}
          rowKey={(c) => c.id}
          rowClassName="api-clients__row"
        />
      )}

      <ClientForm
        editing={editing}
        onClose={() => setEditing(null)}
        onSave={async (values) => {
          const changed = editing?.client;
          if (changed) {
            await apiClientsApi.update(changed.id, values);
            toast(t('apiClients.updated', { name: changed.name }), 'success');
          } else {
            const made = await apiClientsApi.create(values);
            setShown({ clientId: made.client.client_id, secret: made.client_secret, rotated: false });
          }
          setEditing(null);
          await reload();
        }}
      />

      <SecretDialog
        open={shown !== null}
        onClose={() => setShown(null)}
        title={t(shown?.rotated ? 'apiClients.secret.rotatedTitle' : 'apiClients.secret.title')}
        warning={t('apiClients.secret.warning')}
        items={
          shown
            ? [
                { label: t('apiClients.secret.clientId'), value: shown.clientId },
                { label: t('apiClients.secret.secret'), value: shown.secret, copy: true },
              ]
            : []
        }
        texts={{
          copy: t('apiClients.secret.copy'),
          copied: t('apiClients.secret.copied'),
          copyManual: t('apiClients.secret.copyManual'),
          close: t('apiClients.secret.close'),
        }}
      />

      <ConfirmDialog
        open={rotating !== null}
        title={t('apiClients.rotate.title', { name: rotating?.client.name ?? '' })}
        message={t('apiClients.rotate.message')}
        confirmText={t('apiClients.rotate.confirm')}
        cancelText={t('apiClients.form.cancel')}
        onAnswer={(confirmed) => void rotate(confirmed)}
      >
        {rotating && (
          <ChoiceGroup
            type="radio"
            name="grace_hours"
            legend={t('apiClients.rotate.grace')}
            choices={ROTATION_GRACE_HOURS.map((hours) => ({
              value: hours,
              label: t(`apiClients.rotate.grace${hours}`),
            }))}
            value={[rotating.grace]}
            onChange={([grace = 0]) => setRotating({ ...rotating, grace })}
          />
        )}
      </ConfirmDialog>

      <ConfirmDialog
        open={revoking !== null}
        danger
        title={t('apiClients.revoke.title')}
        message={t('apiClients.revoke.message', { name: revoking?.name ?? '' })}
        confirmText={t('apiClients.action.revoke')}
        onAnswer={(confirmed) => void revoke(confirmed)}
      />
    </AdminPage>
  );
}
