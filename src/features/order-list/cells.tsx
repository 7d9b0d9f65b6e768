import '../../i18n/areas/order-list.ts';
import type { ReactNode } from 'react';
import type { OrderListRow, OrderRow } from '../../contract/orders/schemas.ts';
import { hoursSince } from '../../contract/orders/where-now.ts';
import { protectedFields } from '../../lib/masking.ts';
import { useT } from '../../ui/use-t.ts';

// Swedish writes dates as ISO does: `2026-11-22 14:05`.
const stampFormat = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Asia/Shanghai',
  dateStyle: 'short',
  timeStyle: 'short',
});

/** `2026-11-22 14:05` in China time (the provider's clock), or a dash when there is none. */
export function formatStamp(iso: string | null): string {
  if (!iso) return '—';
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? iso : stampFormat.format(at);
}

export function StatusBadge({ status }: { status: OrderRow['status'] }) {
  const t = useT();
  return (
    <span className="order-badge" data-status={status}>
      {t(`orderList.status.${status}`)}
    </span>
  );
}

/** The excursion level; nothing but a dash when there was none. */
export function ExcursionMarker({ level }: { level: OrderRow['excursion'] }) {
  const t = useT();
  if (level === 'none')
    return (
      <span className="order-marker" data-level="none">
        <span aria-hidden="true">—</span>
        <span className="lp-visually-hidden">{t('orderList.excursion.none')}</span>
      </span>
    );
  return (
    <span className="order-marker" data-level={level}>
      <span className="order-marker__dot" aria-hidden="true" />
      {t(`orderList.excursion.${level}`)}
    </span>
  );
}

export function AttachmentMarker({ status }: { status: OrderRow['attachment_status'] }) {
  const t = useT();
  return (
    <span className="order-marker" data-attachments={status}>
      <span className="order-marker__dot" aria-hidden="true" />
      {t(`orderList.attachments.${status}`)}
    </span>
  );
}

/**
 * One side of the order (company, contact, city). When the server masked it (spec §3: the
 * patient's side of a DTP order) the asterisks are shown as sent, with the reason beside them.
 */
export function PartyCell({ row, side }: { row: OrderRow; side: 'from' | 'to' }) {
  const t = useT();
  const masked = protectedFields(row).includes(`${side}_company`);
  const company = side === 'from' ? row.from_company : row.to_company;
  const contact = side === 'from' ? row.from_contact : row.to_contact;
  const city = side === 'from' ? row.from_city : row.to_city;
  const hint = t(side === 'from' ? 'orderList.masked.from' : 'orderList.masked.to');
  let extra: ReactNode = null;
  if (masked)
    extra = (
      <span className="order-masked" title={hint}>
        <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
          <path fill="currentColor" d="M3 5V3.5a3 3 0 0 1 6 0V5h1v7H2V5zm1.5 0h3V3.5a1.5 1.5 0 0 0-3 0z" />
        </svg>
        <span className="lp-visually-hidden">{hint}</span>
      </span>
    );
  return (
    <span className="order-party">
      <span className="order-party__company">
        {company || '—'}
        {extra}
      </span>
      <span className="order-party__detail">{[contact, city].filter(Boolean).join(' · ')}</span>
    </span>
  );
}

/** The newest tracking event: what and when, or a dash before the provider's first. */
export function LastEventCell({ event }: { event: OrderListRow['last_event'] }) {
  const t = useT();
  if (!event) return <span aria-hidden="true">—</span>;
  return (
    <span className="order-party">
      <span className="order-party__company">{t(`orderList.event.${event.kind}`)}</span>
      <time className="order-party__detail" dateTime={event.at}>
        {formatStamp(event.at)}
      </time>
    </span>
  );
}

/** The place the tracking last named (a place name; the whole of it on hover), or a dash. */
export function WhereCell({ where }: { where: string }) {
  if (!where) return <span aria-hidden="true">—</span>;
  return (
    <span className="order-where" title={where}>
      {where}
    </span>
  );
}

/**
 * Why the order is at risk, in words (never colour alone): "Late" or "No news for 8 h", the
 * whole reason in its title. `now` counts the hours of a silent order.
 */
export function RiskBadge({ risk, now }: { risk: NonNullable<OrderListRow['at_risk']>; now: Date }) {
  const t = useT();
  const late = risk.reason === 'late';
  const label = late
    ? t('orderList.risk.late')
    : t('orderList.risk.silent', { hours: hoursSince(risk.since, now) });
  const hint = t(late ? 'orderList.risk.lateHint' : 'orderList.risk.silentHint', {
    time: formatStamp(risk.since),
  });
  return (
    <span className="order-risk" data-risk={risk.reason} title={hint}>
      <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
        {late ? (
          <path fill="currentColor" d="M6 .5 11.5 11h-11zM5.25 4v3.5h1.5V4zm0 4.5V10h1.5V8.5z" />
        ) : (
          <path
            fill="currentColor"
            d="M6 0a6 6 0 1 1 0 12A6 6 0 0 1 6 0m0 1.5a4.5 4.5 0 1 0 0 9 4.5 4.5 0 0 0 0-9M5.25 3h1.5v2.7l1.9 1.9-1.06 1.06-2.34-2.35z"
          />
        )}
      </svg>
      {label}
    </span>
  );
}

/** The estimated arrival with its at-risk mark, or a dash once there is nothing to estimate. */
export function EtaCell({ row, now }: { row: Pick<OrderListRow, 'eta' | 'at_risk'>; now: Date }) {
  if (!row.eta && !row.at_risk) return <span aria-hidden="true">—</span>;
  return (
    <span className="order-eta">
      {row.eta && (
        <time dateTime={row.eta} className="order-eta__time">
          {formatStamp(row.eta)}
        </time>
      )}
      {row.at_risk && <RiskBadge risk={row.at_risk} now={now} />}
    </span>
  );
}
