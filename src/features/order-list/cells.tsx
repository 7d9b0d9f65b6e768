import '../../i18n/areas/order-list.ts';
import type { ReactNode } from 'react';
import type { OrderRow } from '../../contract/orders/schemas.ts';
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
