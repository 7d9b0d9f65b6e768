import type { StockAttention } from '../../contract/inventory/attention.ts';
import type { Overview } from '../../contract/orders/overview.ts';
import { useT } from '../../ui/use-t.ts';
import { stockLink } from './links.ts';
import { Block, CountLink, Link, SHOWN } from './parts.tsx';
import '../../i18n/areas/home-overview.ts';

type Inventory = Overview['inventory'];
type Part = Inventory['low'];
type Stock = Part['items'][number];

function StockItem({ line, kind }: { line: Stock; kind: StockAttention }) {
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
      <Link href={stockLink(kind, line.goods_type)} className="ho-item__link">
        {line.name}
      </Link>
      <span className="ho-item__meta">{facts.filter(Boolean).join(' · ')}</span>
    </li>
  );
}

/**
 * One part (low or expiring): its count opens the inventory page of its first goods type limited
 * to those lines; lines of several goods types (each on its own tab or page) add each type's
 * number, linking to its own.
 */
function StockPart({
  part,
  kind,
  label,
  tone,
}: {
  part: Part;
  kind: StockAttention;
  label: string;
  tone: string;
}) {
  const t = useT();
  const first = part.by_goods_type[0]?.goods_type ?? 1;
  return (
    <li className="ho-action">
      <CountLink
        href={stockLink(kind, first)}
        count={part.total}
        label={label}
        unit={t('homeOverview.unit.lines')}
        tone={tone}
      />
      {part.by_goods_type.length > 1 && (
        <ul className="ho-split" aria-label={t('homeOverview.inventory.byType', { label })}>
          {part.by_goods_type.map(({ goods_type, total }) => (
            <li key={goods_type}>
              <Link href={stockLink(kind, goods_type)} className="ho-item__link">
                {t('homeOverview.inventory.typeCount', {
                  type: t(`homeOverview.inventory.type.${goods_type}`),
                  n: total,
                })}
              </Link>
            </li>
          ))}
        </ul>
      )}
      {part.items.length > 0 && (
        <ul className="ho-items">
          {part.items.slice(0, SHOWN).map((line) => (
            <StockItem key={line.in_id} line={line} kind={kind} />
          ))}
        </ul>
      )}
    </li>
  );
}

/** Stock lines at or below their reorder level, and those expiring within 30 days; each opens the inventory limited to them. */
export function InventoryBlock({ inventory }: { inventory: Inventory }) {
  const t = useT();
  const { low, expiring } = inventory;
  return (
    <Block title={t('homeOverview.inventory.title')} className="ho-block--inventory">
      {low.total + expiring.total === 0 ? (
        <p className="ho-muted">{t('homeOverview.inventory.none')}</p>
      ) : (
        <ul className="ho-actions">
          <StockPart part={low} kind="low" label={t('homeOverview.inventory.low')} tone="warning" />
          <StockPart
            part={expiring}
            kind="expiring"
            label={t('homeOverview.inventory.expiring')}
            tone="danger"
          />
        </ul>
      )}
    </Block>
  );
}
