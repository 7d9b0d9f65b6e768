import type { OrderDetail } from '../../contract/orders/schemas.ts';
import { useT } from '../../ui/use-t.ts';
import { AppLink } from './app-link.tsx';
import { formatNumber, formatStamp } from './format.ts';
import { GoodsTable, BoxesTable } from './lines-tables.tsx';
import '../../i18n/areas/order-view.ts';

/** Which side the server masked (spec §3): the stop side for DTP, the start side for a DTP return. */
export function maskedSides(order: Pick<OrderDetail, 'masked'>): { from: boolean; to: boolean } {
  return {
    from: order.masked.some((f) => f.startsWith('from_')),
    to: order.masked.some((f) => f.startsWith('to_') || f === 'sign_name'),
  };
}

function Party({ order, side }: { order: OrderDetail; side: 'from' | 'to' }) {
  const t = useT();
  const masked = maskedSides(order)[side];
  const rows = [
    ['orderView.parties.company', order[`${side}_company`]],
    ['orderView.parties.contact', order[`${side}_contact`]],
    ['orderView.parties.phone', order[`${side}_phone`]],
    [
      'orderView.parties.address',
      [order[`${side}_city`], order[`${side}_district`], order[`${side}_address`]].filter(Boolean).join(' '),
    ],
  ] as const;
  return (
    <section className="order-view__party" aria-labelledby={`order-view-party-${side}`}>
      <h2 className="order-view__subtitle" id={`order-view-party-${side}`}>
        {t(side === 'from' ? 'orderView.parties.from' : 'orderView.parties.to')}
      </h2>
      {masked && (
        <p className="order-view__masked-note">
          {t(side === 'from' ? 'orderView.masked.from' : 'orderView.masked.to')}
        </p>
      )}
      <dl className="order-view__facts">
        {rows.map(([label, value]) => (
          <div key={label} className="order-view__fact">
            <dt>{t(label)}</dt>
            <dd>{value || '—'}</dd>
          </div>
        ))}
        {side === 'to' && order.site_name && (
          <div className="order-view__fact">
            <dt>{t('orderView.parties.site')}</dt>
            <dd>{order.site_name}</dd>
          </div>
        )}
      </dl>
    </section>
  );
}

/** The order's facts, its two parties (masked as the server sent them, with why), goods and boxes. */
export function OverviewSection({ order }: { order: OrderDetail }) {
  const t = useT();
  const facts: Array<[string, string]> = [
    [t('orderView.field.type'), t(`orderView.type.${order.order_type}`)],
    [t('orderView.field.project'), [order.protocol_no, order.project_name].filter(Boolean).join(' ') || '—'],
    [t('orderView.field.tempClass'), t(`orderView.tempClass.${order.temp_class}`)],
    [t('orderView.field.pickupAt'), formatStamp(order.pickup_at)],
    [t('orderView.field.deliverBy'), formatStamp(order.deliver_by)],
    [t('orderView.field.createdAt'), formatStamp(order.created_at)],
  ];
  if (order.signed_at)
    facts.push([
      t('orderView.field.signed'),
      `${order.sign_name ?? ''} ${formatStamp(order.signed_at)}`.trim(),
    ]);
  if (order.remark) facts.push([t('orderView.field.remark'), order.remark]);
  if (order.cancel_reason) facts.push([t('orderView.field.cancelReason'), order.cancel_reason]);
  const weight = order.boxes.reduce((sum, b) => sum + b.weight_kg, 0);
  return (
    <div className="order-view__overview">
      <dl className="order-view__facts order-view__facts--grid">
        {facts.map(([label, value]) => (
          <div key={label} className="order-view__fact">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        {order.merged_into && (
          <div className="order-view__fact">
            <dt>{t('orderView.field.mergedInto')}</dt>
            <dd>
              <AppLink href={`/customer-order/view/${order.merged_into}`}>
                {order.merged_into_no ?? order.merged_into}
              </AppLink>
            </dd>
          </div>
        )}
      </dl>
      <div className="order-view__parties">
        <Party order={order} side="from" />
        <Party order={order} side="to" />
      </div>
      <GoodsTable goods={order.goods} />
      <BoxesTable boxes={order.boxes} total={formatNumber(weight)} />
    </div>
  );
}
