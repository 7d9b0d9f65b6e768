import { useEffect, useMemo, useRef } from 'react';
import type { OrderDetail } from '../../contract/orders/schemas.ts';
import { Button } from '../../ui/button/button.tsx';
import { useT } from '../../ui/use-t.ts';
import { code128Bars } from './code128.ts';
import { formatStamp } from './format.ts';
import { BoxesTable, GoodsTable } from './lines-tables.tsx';
import { maskedSides } from './overview-section.tsx';
import { qrPath } from './qr.ts';
import '../../i18n/areas/order-view.ts';

/** `@page` only works in the document's own sheets: adopted there while the waybill is shown. */
const PAGE_CSS = '@page { size: A4; margin: 12mm; }';

function usePageSheet() {
  useEffect(() => {
    const page = new CSSStyleSheet();
    page.replaceSync(PAGE_CSS);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, page];
    return () => {
      document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== page);
    };
  }, []);
}

function Barcode({ text }: { text: string }) {
  const t = useT();
  const { bars, width } = useMemo(() => code128Bars(text), [text]);
  return (
    <svg
      className="waybill__barcode"
      viewBox={`0 0 ${width} 50`}
      preserveAspectRatio="none"
      role="img"
      aria-label={t('orderView.print.barcode', { no: text })}
    >
      <path d={bars.map(([x, w]) => `M${x} 0h${w}v50h-${w}z`).join('')} fill="#000" />
    </svg>
  );
}

function QrCode({ text }: { text: string }) {
  const t = useT();
  const { path, size } = useMemo(() => qrPath(text), [text]);
  return (
    <svg
      className="waybill__qr"
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label={t('orderView.print.qr')}
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}

function PartyBlock({ order, side }: { order: OrderDetail; side: 'from' | 'to' }) {
  const t = useT();
  const masked = maskedSides(order)[side];
  return (
    <section className="waybill__party">
      <h2 className="waybill__label">
        {t(side === 'from' ? 'orderView.parties.from' : 'orderView.parties.to')}
      </h2>
      <div className="waybill__company">{order[`${side}_company`] || '—'}</div>
      <div>
        {order[`${side}_contact`]} {order[`${side}_phone`]}
      </div>
      <div>
        {[order[`${side}_city`], order[`${side}_district`], order[`${side}_address`]]
          .filter(Boolean)
          .join(' ')}
      </div>
      {masked && (
        <div className="waybill__note">
          {t(side === 'from' ? 'orderView.masked.from' : 'orderView.masked.to')}
        </div>
      )}
    </section>
  );
}

export interface WaybillProps {
  /** The orders of the document, one waybill (one A4 page) each, in this order. */
  orders: readonly OrderDetail[];
  /** The tracking link an order's QR code carries. */
  trackingUrl: (order: OrderDetail) => string;
  /** Orders asked for that could not be loaded (by id): named, and left out. */
  missing?: readonly number[];
  /** The other orders are still loading: Print waits for them. */
  loading?: boolean;
  busy: boolean;
  onPrint: () => void;
  onBack: () => void;
}

/**
 * The print view: one Print for the whole document (the list's bulk print puts several orders in
 * it, each on its own page), then the waybills.
 */
export function Waybill({
  orders,
  trackingUrl,
  missing = [],
  loading = false,
  busy,
  onPrint,
  onBack,
}: WaybillProps) {
  const t = useT();
  const printButton = useRef<HTMLButtonElement>(null);
  usePageSheet();
  useEffect(() => printButton.current?.focus(), []);
  const several = orders.length > 1 || loading;
  return (
    <div className="waybill-screen">
      <div className="waybill__toolbar">
        <Button guardMs={0} onClick={onBack}>
          {t('orderView.print.back')}
        </Button>
        <Button ref={printButton} variant="primary" loading={busy || loading} onClick={onPrint}>
          {several ? t('orderView.print.printAll', { n: orders.length }) : t('orderView.print.print')}
        </Button>
        {several && !loading && (
          <span className="waybill__count" role="status">
            {t('orderView.print.pages', { n: orders.length })}
          </span>
        )}
      </div>
      {missing.length > 0 && (
        <p className="waybill__missing" role="alert">
          {t('orderView.print.missing', { ids: missing.join(', ') })}
        </p>
      )}
      {orders.map((order, i) => (
        <WaybillSheet key={order.id} order={order} trackingUrl={trackingUrl(order)} first={i === 0} />
      ))}
    </div>
  );
}

/** One order's waybill on A4: barcode, QR, parties (masked), goods, boxes and signature lines. */
function WaybillSheet({
  order,
  trackingUrl,
  first,
}: {
  order: OrderDetail;
  trackingUrl: string;
  first: boolean;
}) {
  const t = useT();
  const Title = first ? 'h1' : 'h2';
  return (
    <article className="waybill" aria-label={`${t('orderView.print.title')} ${order.order_no}`}>
      <header className="waybill__head">
        <div>
          <Title className="waybill__title">{t('orderView.print.title')}</Title>
          <div className="waybill__meta">
            {t(`orderView.type.${order.order_type}`)} · {t(`orderView.tempClass.${order.temp_class}`)}
          </div>
          <div className="waybill__meta">
            {[order.protocol_no, order.project_name].filter(Boolean).join(' ')}
          </div>
        </div>
        <div className="waybill__codes">
          <div className="waybill__barcode-box">
            <Barcode text={order.order_no} />
            <div className="waybill__order-no">{order.order_no}</div>
          </div>
          <div className="waybill__qr-box">
            <QrCode text={trackingUrl} />
            <div className="waybill__qr-hint">{t('orderView.print.tracking')}</div>
          </div>
        </div>
      </header>
      <div className="waybill__parties">
        <PartyBlock order={order} side="from" />
        <PartyBlock order={order} side="to" />
      </div>
      <dl className="waybill__facts">
        <div>
          <dt>{t('orderView.field.pickupAt')}</dt>
          <dd>{formatStamp(order.pickup_at)}</dd>
        </div>
        <div>
          <dt>{t('orderView.field.deliverBy')}</dt>
          <dd>{formatStamp(order.deliver_by)}</dd>
        </div>
        <div>
          <dt>{t('orderView.field.createdAt')}</dt>
          <dd>{formatStamp(order.created_at)}</dd>
        </div>
      </dl>
      <GoodsTable goods={order.goods} of={order.order_no} />
      <BoxesTable boxes={order.boxes} of={order.order_no} />
      {order.remark && (
        <p className="waybill__remark">
          {t('orderView.field.remark')}: {order.remark}
        </p>
      )}
      {/* the approval's electronic signature, as every printed form of the record shows it (Part 11 §11.50) */}
      {order.events
        .filter((e) => e.signature && (e.kind === 'approved' || e.kind === 'rejected'))
        .map((e) => (
          <p key={e.id} className="waybill__remark">
            {t(`orderView.event.${e.kind as 'approved' | 'rejected'}`)}:{' '}
            {t('orderView.sign.line', {
              name: e.signature?.name ?? '',
              meaning: t(`orderView.sign.meaning.${e.signature?.meaning ?? 'approval'}`),
              at: formatStamp(e.signature?.signed_at),
            })}
            {e.signature?.current === false && ` · ${t('orderView.sign.earlier')}`}
          </p>
        ))}
      <div className="waybill__signatures">
        {(['orderView.print.shipper', 'orderView.print.carrier', 'orderView.print.receiver'] as const).map(
          (key) => (
            <div key={key} className="waybill__signature">
              <div className="waybill__line" />
              <div>{t(key)}</div>
              <div className="waybill__line waybill__line--date" />
              <div>{t('orderView.print.date')}</div>
            </div>
          ),
        )}
      </div>
    </article>
  );
}
