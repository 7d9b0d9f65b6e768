import type { OrderChange } from '../../contract/orders/schemas.ts';
import type { MessageKey } from '../../i18n/translate.ts';
import { useT } from '../../ui/use-t.ts';
import { formatStamp } from './format.ts';
import '../../i18n/areas/order-view.ts';
import '../../i18n/areas/order-history.ts';

const FIELDS = new Set([
  'order_type',
  'is_dtp',
  'to_goodstype',
  'temp_class',
  'pr_id',
  'ho_id',
  'from_company',
  'from_contact',
  'from_phone',
  'from_address',
  'from_city_id',
  'to_company',
  'to_contact',
  'to_phone',
  'to_address',
  'to_city_id',
  'pickup_at',
  'deliver_by',
  'remark',
  'goods',
  'boxes',
  'request',
]);

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

interface GoodsLine {
  name: string;
  batch_no: string;
  quantity: number;
  unit: string;
}
const isGoods = (value: unknown): value is GoodsLine =>
  typeof value === 'object' && value !== null && 'name' in value && 'quantity' in value;

/**
 * What an act changed, one line per field: "Recipient phone: 138****0000 → 139****2222" (the server
 * has masked and named what it must: server/areas/orders/history-changes.ts). A field asked for
 * in a modification request reads "(requested)".
 */
export default function ChangeLines({ changes }: { changes: readonly OrderChange[] }) {
  const t = useT();
  const value = (field: string, v: unknown): string => {
    if (v === null || v === undefined || v === '') return t('orderHistory.empty');
    if (field === 'temp_class' && typeof v === 'string') return t(`orderView.tempClass.${v}` as MessageKey);
    if (field === 'order_type' && typeof v === 'string') return t(`orderView.type.${v}` as MessageKey);
    if (field === 'request' && (v === 'change' || v === 'cancel')) return t(`orderHistory.request.${v}`);
    if (Array.isArray(v))
      return v
        .map((item) =>
          isGoods(item)
            ? `${item.name} ${item.batch_no} × ${item.quantity} ${item.unit}`.replace(/\s+/g, ' ')
            : String(item),
        )
        .join(t('orderHistory.separator'));
    if (typeof v === 'string' && ISO_TIME.test(v)) return formatStamp(v);
    return String(v);
  };
  return (
    <ul className="order-view__changes">
      {changes.map((change) => {
        const requested = change.field.startsWith('requested.');
        const field = change.field.replace(/^requested\./, '');
        const label = FIELDS.has(field) ? t(`orderHistory.field.${field}` as MessageKey) : field;
        return (
          <li key={change.field}>
            {field === 'request'
              ? t('orderHistory.single', { field: label, value: value(field, change.new) })
              : t('orderHistory.line', {
                  field: requested ? t('orderHistory.requested', { field: label }) : label,
                  old: value(field, change.old),
                  new: value(field, change.new),
                })}
          </li>
        );
      })}
    </ul>
  );
}
