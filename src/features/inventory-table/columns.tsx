import '../../i18n/areas/inventory.ts';
import type { MouseEvent } from 'react';
import { caseNo } from '../../contract/excursions/domain.ts';
import type { InventoryLine } from '../../contract/inventory/schemas.ts';
import { navigate } from '../../stores/navigation.ts';
import type { MessageKey } from '../../i18n/translate.ts';
import type { DataColumn } from '../../ui/data-table/index.ts';
import { expiryStateOf } from './filters.ts';
import type { StockOutRow } from './stock-list-store.ts';

export type T = (key: MessageKey, params?: Record<string, string | number>) => string;

const amount = (value: number) => value.toLocaleString('en', { maximumFractionDigits: 3 });

/** The expiry date with its state in words (expired, within 30 days), not by colour alone. */
export function ExpiryCell({ t, expiry, now }: { t: T; expiry: string | null; now: Date }) {
  const state = expiryStateOf(expiry, now);
  if (state === 'none') return <span className="inv-muted">{t('inventory.expiry.none')}</span>;
  return (
    <span className={`inv-expiry inv-expiry--${state}`}>
      <time dateTime={expiry ?? ''}>{expiry}</time>
      {state !== 'valid' && <span className="inv-badge">{t(`inventory.expiry.${state}`)}</span>}
    </span>
  );
}

/** The case page of an excursion case (the excursion pages' route). */
export const casePath = (id: number) => `/excursion/view/${id}`;

/** Why a held line cannot be ordered ("On hold (excursion): Cannot be ordered"; null: it can). */
export const heldReason = (t: T, line: Pick<InventoryLine, 'hold'>): string | null =>
  line.hold === 'none' ? null : `${t(`inventory.hold.${line.hold}`)}: ${t('inventory.hold.noOrder')}`;

const followLink = (event: MouseEvent<HTMLAnchorElement>) => {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  navigate(event.currentTarget.getAttribute('href') ?? '');
};

/**
 * A line an excursion holds back: "On hold (excursion)" or "Quarantined" in words (not by colour
 * alone), the link to its case, and that it cannot be ordered.
 */
export function HoldCell({ t, line }: { t: T; line: Pick<InventoryLine, 'hold' | 'case_id'> }) {
  if (line.hold === 'none') return null;
  return (
    // the expiry's marks: quarantined as expired (✕, danger), on hold as soon (!, warning)
    <span className={`inv-expiry inv-expiry--${line.hold === 'quarantined' ? 'expired' : 'soon'}`}>
      <span className="inv-badge">{t(`inventory.hold.${line.hold}`)}</span>
      {line.case_id !== null && (
        <a className="inv-case" href={casePath(line.case_id)} onClick={followLink}>
          {t('inventory.hold.case', { no: caseNo(line.case_id) })}
        </a>
      )}
      <span className="inv-muted">{t('inventory.hold.noOrder')}</span>
    </span>
  );
}

/** The stock table's columns; the name opens the line's movements. */
export function stockColumns(
  t: T,
  openMovements: (line: InventoryLine) => void,
  now: Date,
): DataColumn<InventoryLine>[] {
  return [
    {
      key: 'name',
      title: t('inventory.column.name'),
      width: 180,
      sortable: true,
      hideable: false,
      pin: true,
      render: (line) => (
        <span className="inv-name">
          <button
            type="button"
            className="inv-link"
            aria-label={t('inventory.movements.openName', { name: line.name, batch: line.batch_no || '—' })}
            onClick={() => openMovements(line)}
          >
            {line.name}
          </button>
          {line.spec && <span className="inv-muted">{line.spec}</span>}
          <HoldCell t={t} line={line} />
        </span>
      ),
    },
    { key: 'code', title: t('inventory.column.code'), width: 100, render: (l) => l.code },
    {
      key: 'project',
      title: t('inventory.column.project'),
      width: 140,
      render: (l) => (l.protocol_no ? `${l.protocol_no} ${l.project_name}` : '—'),
    },
    {
      key: 'depot',
      title: t('inventory.column.depot'),
      width: 130,
      sortable: true,
      render: (l) => l.depot || '—',
    },
    {
      key: 'batch_no',
      title: t('inventory.column.batch'),
      width: 150,
      sortable: true,
      render: (l) => l.batch_no || '—',
    },
    {
      key: 'expiry',
      title: t('inventory.column.expiry'),
      width: 150,
      sortable: true,
      render: (l) => <ExpiryCell t={t} expiry={l.expiry} now={now} />,
    },
    {
      key: 'available',
      title: t('inventory.column.available'),
      width: 110,
      align: 'end',
      sortable: true,
      render: (l) => {
        const value = t('inventory.unit', { value: amount(l.available), unit: l.unit });
        // At or under the provider's reorder level: said in words, not by colour alone.
        return l.low_level !== null && l.available <= l.low_level ? (
          <span className="inv-low">
            {value}
            <span className="inv-badge">{t('inventory.low')}</span>
          </span>
        ) : (
          value
        );
      },
    },
    {
      key: 'low_level',
      title: t('inventory.column.lowLevel'),
      width: 120,
      align: 'end',
      render: (l) => (l.low_level === null ? '—' : amount(l.low_level)),
    },
    {
      key: 'reserved',
      title: t('inventory.column.reserved'),
      width: 100,
      align: 'end',
      sortable: true,
      render: (l) => amount(l.reserved),
    },
    {
      key: 'quantity',
      title: t('inventory.column.quantity'),
      width: 100,
      align: 'end',
      sortable: true,
      hidden: true,
      render: (l) => amount(l.quantity),
    },
    {
      key: 'temp_class',
      title: t('inventory.column.temp'),
      width: 130,
      render: (l) => t(`inventory.temp.${l.temp_class}`),
    },
  ];
}

/** The stock-out table's columns. */
export function stockOutColumns(t: T, locale: string): DataColumn<StockOutRow>[] {
  const when = new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Asia/Shanghai',
  });
  return [
    {
      key: 'at',
      title: t('inventory.column.at'),
      width: 170,
      hideable: false,
      pin: true,
      render: (r) => when.format(new Date(r.at)),
    },
    { key: 'name', title: t('inventory.column.name'), width: 180, render: (r) => r.name },
    { key: 'batch_no', title: t('inventory.column.batch'), width: 150, render: (r) => r.batch_no || '—' },
    {
      key: 'quantity',
      title: t('inventory.column.outQuantity'),
      width: 110,
      align: 'end',
      render: (r) => t('inventory.unit', { value: amount(r.quantity), unit: r.unit }),
    },
    { key: 'order_no', title: t('inventory.column.order'), width: 170, render: (r) => r.order_no ?? '—' },
    { key: 'depot', title: t('inventory.column.depot'), width: 130, render: (r) => r.depot || '—' },
  ];
}
