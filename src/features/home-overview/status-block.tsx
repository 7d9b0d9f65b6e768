import { ORDER_STATUSES } from '../../contract/orders/domain.ts';
import type { Overview } from '../../contract/orders/overview.ts';
import { useT } from '../../ui/use-t.ts';
import { statusLink } from './links.ts';
import { Block, CountLink } from './parts.tsx';
import '../../i18n/areas/home-overview.ts';

const TABS = ['all', ...ORDER_STATUSES] as const;

/** The order list's tabs with their counts; each opens the list on that tab. */
export function StatusBlock({ counts }: { counts: Overview['counts'] }) {
  const t = useT();
  return (
    <Block title={t('homeOverview.status.title')} className="ho-block--status">
      <ul className="ho-counts">
        {TABS.map((status) => {
          const label = t(`homeOverview.status.${status}`);
          return (
            <li key={status}>
              <CountLink
                href={statusLink(status)}
                count={counts[status]}
                label={label}
                unit={t('homeOverview.unit.orders')}
                tone={status}
              />
            </li>
          );
        })}
      </ul>
    </Block>
  );
}
