import type { SupplierParty, SupplierTaskView } from '../../contract/supplier/schemas.ts';
import type { MessageKey } from '../../i18n/translate.ts';
import { useT } from '../../ui/use-t.ts';
import { chinaStamp } from '../../lib/china-time.ts';
import '../../i18n/areas/supplier.ts';

const GOODS: readonly number[] = [1, 2, 3];

function Party({ title, party }: { title: string; party: SupplierParty }) {
  const t = useT();
  const rows: Array<[MessageKey, string]> = [
    ['supplier.company', party.company],
    ['supplier.contact', party.contact],
    ['supplier.phone', party.phone],
    ['supplier.address', party.address],
    ['supplier.city', party.city],
  ];
  return (
    <section className="supplier__party" aria-label={title}>
      <h3 className="supplier__party-title">{title}</h3>
      {party.masked && <p className="supplier__masked">{t('supplier.masked')}</p>}
      <dl className="supplier__facts">
        {rows
          .filter(([, value]) => value !== '')
          .map(([label, value]) => (
            <div key={label} className="supplier__fact">
              <dt>{t(label)}</dt>
              <dd>
                {label === 'supplier.phone' && !party.masked ? (
                  <a href={`tel:${value.replace(/[^\d+]/g, '')}`}>{value}</a>
                ) : (
                  value
                )}
              </dd>
            </div>
          ))}
      </dl>
    </section>
  );
}

/** The task a link is about: the order, the planned time, what to carry, and both sides (masked as sent). */
export function TaskCard({ task }: { task: SupplierTaskView }) {
  const t = useT();
  const planned = chinaStamp(task.planned_at);
  const facts: Array<[MessageKey, string]> = [
    ['supplier.order', task.order_no],
    [
      `supplier.planned.${task.task}`,
      planned ? `${planned}${t('supplier.chinaTime')}` : t('supplier.plannedNone'),
    ],
    ['supplier.temp', t(`supplier.temp.${task.temp_class}`)],
    [
      'supplier.goods',
      GOODS.includes(task.goods_type) ? t(`supplier.goods.${task.goods_type}` as MessageKey) : '—',
    ],
    [
      'supplier.boxes',
      task.boxes === 1
        ? t('supplier.boxesValueOne', { weight: task.weight_kg })
        : t('supplier.boxesValue', { count: task.boxes, weight: task.weight_kg }),
    ],
  ];
  return (
    <div className="supplier__task">
      <dl className="supplier__facts supplier__facts--main">
        {facts.map(([label, value]) => (
          <div key={label} className="supplier__fact">
            <dt>{t(label)}</dt>
            <dd className={label === 'supplier.order' ? 'supplier__order-no' : undefined}>{value}</dd>
          </div>
        ))}
      </dl>
      <div className="supplier__parties">
        <Party title={t('supplier.from')} party={task.from} />
        <Party title={t('supplier.to')} party={task.to} />
      </div>
    </div>
  );
}
