import { useId } from 'react';
import type { Box, GoodsLine } from '../../contract/orders/schemas.ts';
import { useT } from '../../ui/use-t.ts';
import { formatDay, formatNumber } from './format.ts';
import '../../i18n/areas/order-view.ts';

/**
 * The goods lines as a plain table (few rows; it prints as it shows). `of`: the order's number,
 * naming the table's region where several orders' tables share a page (the bulk print).
 */
export function GoodsTable({ goods, of }: { goods: readonly GoodsLine[]; of?: string }) {
  const t = useT();
  const id = useId();
  return (
    <div className="order-view__block">
      <h2 className="order-view__subtitle" id={id}>
        {t('orderView.goods.title')}
      </h2>
      {goods.length === 0 ? (
        <p className="order-view__muted">{t('orderView.goods.empty')}</p>
      ) : (
        <section
          className="order-view__table-wrap"
          aria-labelledby={of ? undefined : id}
          aria-label={of ? `${t('orderView.goods.title')} ${of}` : undefined}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a table that scrolls sideways (375 px) must be reachable by keyboard to scroll it
          tabIndex={0}
        >
          <table className="order-view__table">
            <thead>
              <tr>
                <th scope="col">{t('orderView.goods.code')}</th>
                <th scope="col">{t('orderView.goods.name')}</th>
                <th scope="col">{t('orderView.goods.spec')}</th>
                <th scope="col">{t('orderView.goods.batch')}</th>
                <th scope="col">{t('orderView.goods.expiry')}</th>
                <th scope="col" className="order-view__num">
                  {t('orderView.goods.quantity')}
                </th>
              </tr>
            </thead>
            <tbody>
              {goods.map((line) => (
                <tr key={line.id}>
                  <td>{line.code || '—'}</td>
                  <td>{line.name}</td>
                  <td>{line.spec || '—'}</td>
                  <td>{line.batch_no || '—'}</td>
                  <td>{formatDay(line.expiry)}</td>
                  <td className="order-view__num">
                    {formatNumber(line.quantity, 3)} {line.unit}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </div>
  );
}

export function BoxesTable({ boxes, total, of }: { boxes: readonly Box[]; total?: string; of?: string }) {
  const t = useT();
  const id = useId();
  return (
    <div className="order-view__block">
      <h2 className="order-view__subtitle" id={id}>
        {t('orderView.boxes.title')}
      </h2>
      {boxes.length === 0 ? (
        <p className="order-view__muted">{t('orderView.boxes.empty')}</p>
      ) : (
        <section
          className="order-view__table-wrap"
          aria-labelledby={of ? undefined : id}
          aria-label={of ? `${t('orderView.boxes.title')} ${of}` : undefined}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a table that scrolls sideways (375 px) must be reachable by keyboard to scroll it
          tabIndex={0}
        >
          <table className="order-view__table">
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">{t('orderView.boxes.type')}</th>
                <th scope="col">{t('orderView.boxes.logger')}</th>
                <th scope="col" className="order-view__num">
                  {t('orderView.boxes.weight')}
                </th>
              </tr>
            </thead>
            <tbody>
              {boxes.map((box, index) => (
                <tr key={box.id}>
                  <td>{index + 1}</td>
                  <td>{box.box_type}</td>
                  <td>{box.logger_id || '—'}</td>
                  <td className="order-view__num">{formatNumber(box.weight_kg)} kg</td>
                </tr>
              ))}
            </tbody>
            {total !== undefined && boxes.length > 1 && (
              <tfoot>
                <tr>
                  <td colSpan={3} />
                  <td className="order-view__num">{total} kg</td>
                </tr>
              </tfoot>
            )}
          </table>
        </section>
      )}
    </div>
  );
}
