import { chinaStamp } from '../../lib/china-time.ts';
import { toast } from '../../stores/notices.ts';
import { Button } from '../../ui/button/button.tsx';
import { type ListColumn, ListTable } from '../../ui/list-table/list-table.tsx';
import { useT } from '../../ui/use-t.ts';
import { GUARD } from './endpoint-form.tsx';
import { type WebhookAttempt, type WebhookEndpoint, webhookApi } from './webhook-api.ts';
import '../../i18n/areas/webhook-endpoints.ts';

/**
 * An endpoint's delivery log: each attempt's time, event and message id, attempt number, answer
 * code or what went wrong, the delivery's state and next try, duration and answer excerpt, with
 * a replay of one delivery or of the last day's failures (while the endpoint is enabled).
 */
export function DeliveryLog({
  endpoint,
  attempts,
  eventLabel,
  onRefresh,
  onClose,
}: {
  endpoint: WebhookEndpoint;
  attempts: readonly WebhookAttempt[];
  eventLabel: (type: string) => string;
  onRefresh: () => void;
  onClose: () => void;
}) {
  const t = useT();
  const replayed = (n: number) => toast(t('webhookEndpoints.replayed', { n }), 'success');
  const replayOne = async (attempt: WebhookAttempt) =>
    replayed((await webhookApi.replayOne(endpoint.id, attempt.id)).queued);
  const replayFailed = async () => {
    const answer = await webhookApi.replaySince(endpoint.id, new Date(Date.now() - 86_400_000).toISOString());
    // one call sends at most 1,000 again: the rest are the next press's (they are still failed)
    if (answer.next_from)
      toast(
        t('webhookEndpoints.replayedMore', { n: answer.queued, at: chinaStamp(answer.next_from) }),
        'success',
      );
    else replayed(answer.queued);
  };
  const columns: ListColumn<WebhookAttempt>[] = [
    { key: 'at', title: t('webhookEndpoints.log.at'), render: (a) => chinaStamp(a.at) },
    {
      key: 'event',
      title: t('webhookEndpoints.log.event'),
      render: (a) => (
        <>
          {eventLabel(a.event_type)}
          <span className="webhook-endpoints__id lp-mono">{a.msg_id}</span>
        </>
      ),
    },
    { key: 'attempt', title: t('webhookEndpoints.log.attempt'), render: (a) => a.attempt },
    {
      key: 'status',
      title: t('webhookEndpoints.log.status'),
      render: (a) => (
        <>
          <span className={a.error ? 'webhook-endpoints__off' : ''}>
            {a.status ?? t('webhookEndpoints.noAnswer')}
            {a.error && a.status === null ? ` · ${a.error}` : ''}
          </span>
          <span className="webhook-endpoints__muted">
            {' '}
            · {t(`webhookEndpoints.deliveryState.${a.state}`)}
            {a.next_at ? ` · ${t('webhookEndpoints.log.next', { at: chinaStamp(a.next_at) })}` : ''}
          </span>
        </>
      ),
    },
    {
      key: 'duration',
      title: t('webhookEndpoints.log.duration'),
      render: (a) => t('webhookEndpoints.log.ms', { ms: a.duration_ms }),
    },
    {
      key: 'answer',
      title: t('webhookEndpoints.log.answer'),
      render: (a) => a.answer && <code className="webhook-endpoints__answer lp-mono">{a.answer}</code>,
    },
    {
      key: 'actions',
      title: t('webhookEndpoints.col.actions'),
      render: (a) => (
        <Button size="sm" guardMs={GUARD} disabled={!endpoint.enabled} onClick={() => void replayOne(a)}>
          {t('webhookEndpoints.log.replay')}
        </Button>
      ),
    },
  ];
  return (
    <section className="webhook-endpoints__log" aria-labelledby="webhook-endpoints-log-title">
      <div className="webhook-endpoints__log-head">
        <h2 id="webhook-endpoints-log-title">{t('webhookEndpoints.log.title', { url: endpoint.url })}</h2>
        <Button size="sm" guardMs={GUARD} disabled={!endpoint.enabled} onClick={() => void replayFailed()}>
          {t('webhookEndpoints.log.replayFailed')}
        </Button>
        <Button size="sm" guardMs={GUARD} onClick={onRefresh}>
          {t('webhookEndpoints.log.refresh')}
        </Button>
        <Button size="sm" variant="text" guardMs={GUARD} onClick={onClose}>
          {t('webhookEndpoints.log.close')}
        </Button>
      </div>
      {attempts.length === 0 ? (
        <p className="lp-admin-page__muted">{t('webhookEndpoints.log.empty')}</p>
      ) : (
        <ListTable
          label={t('webhookEndpoints.log.label')}
          columns={columns}
          rows={attempts}
          rowKey={(a) => a.id}
          rowClassName="webhook-endpoints__attempt"
        />
      )}
    </section>
  );
}
