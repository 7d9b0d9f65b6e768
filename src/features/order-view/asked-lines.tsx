import type { AskedField, ChangeableField } from '../../contract/orders/change-request.ts';
import { useT } from '../../ui/use-t.ts';
import { formatStamp } from './format.ts';
import '../../i18n/areas/order-view.ts';

const TIMES = new Set(['pickup_at', 'deliver_by']);

/**
 * What a change request asked, one line per field: "要求送达时间：2026-12-03 10:00 →
 * 2026-12-05 14:00", times in China time as the view writes them. The server has masked what the
 * view masks (server/areas/orders/asked-fields.ts); without the order's value then, the line
 * gives the value asked alone.
 */
export function AskedLines({ fields }: { fields: readonly AskedField[] }) {
  const t = useT();
  if (fields.length === 0) return null;
  const shown = (field: string, value: string | null | undefined) => {
    if (!value) return t('orderView.apply.empty');
    return TIMES.has(field) ? formatStamp(value) : value;
  };
  return (
    <ul className="order-view__changes order-view__asked">
      {fields.map(({ field, old, new: asked }) => {
        const label = t(`orderView.apply.field.${field as ChangeableField}`);
        return (
          <li key={field}>
            {old === undefined
              ? t('orderView.apply.single', { field: label, value: shown(field, asked) })
              : t('orderView.apply.line', { field: label, old: shown(field, old), new: shown(field, asked) })}
          </li>
        );
      })}
    </ul>
  );
}
