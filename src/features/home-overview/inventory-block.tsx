import type { Overview } from '../../contract/orders/overview.ts';
import { useT } from '../../ui/use-t.ts';
import { INVENTORY_PATH } from './links.ts';
import { Block, CountLink, Link, SHOWN } from './parts.tsx';
import '../../i18n/areas/home-overview.ts';

type Inventory = Overview['inventory'];
type Stock = Inventory['low']['items'][number];

function StockItem({ line, kind }: { line: Stock; kind: 'low' | 'expiring' }) {
  const t = useT();
  const facts = [
    line.batch_no,
    line.depot,
    t('homeOverview.inventory.available', { available: line.available, unit: line.unit }),
    kind === 'low' && line.low_level !== null
      ? t('homeOverview.inventory.level', { level: line.low_level })
      : '',
    kind === 'expiring' && line.expiry ? t('homeOverview.inventory.expiry', { date: line.expiry }) : '',
  ];
  return (
    <li className="ho-item">
      <Link href={INVENTORY_PATH} className="ho-item__link">
        {line.name}
      </Link>
      <span className="ho-item__meta">{facts.filter(Boolean).join(' · ')}</span>
    </li>
  );
}

/** Stock lines at or below their reorder level, and those expiring within 30 days; each opens the inventory. */
export function InventoryBlock({ inventory }: { inventory: Inventory }) {
  const t = useT();
  const { low, expiring } = inventory;
  const count = (n: number, label: string, tone: string) => (
    <CountLink
      href={INVENTORY_PATH}
      count={n}
      label={label}
      unit={t('homeOverview.unit.lines')}
      tone={tone}
    />
  );
  return (
    <Block title={t('homeOverview.inventory.title')} className="ho-block--inventory">
      {low.total + expiring.total === 0 ? (
        <p className="ho-muted">{t('homeOverview.inventory.none')}</p>
      ) : (
        <ul className="ho-actions">
          <li className="ho-action">
            {count(low.total, t('homeOverview.inventory.low'), 'warning')}
            {low.items.length > 0 && (
              <ul className="ho-items">
                {low.items.slice(0, SHOWN).map((line) => (
                  <StockItem key={line.in_id} line={line} kind="low" />
                ))}
              </ul>
            )}
          </li>
          <li className="ho-action">
            {count(expiring.total, t('homeOverview.inventory.expiring'), 'danger')}
            {expiring.items.length > 0 && (
              <ul className="ho-items">
                {expiring.items.slice(0, SHOWN).map((line) => (
                  <StockItem key={line.in_id} line={line} kind="expiring" />
                ))}
              </ul>
            )}
          </li>
        </ul>
      )}
    </Block>
  );
}
