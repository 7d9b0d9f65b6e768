import { changesOf } from '../../stores/live-changes.ts';
import { useChanges } from '../../ui/use-changes.ts';
import { useStore } from '@nanostores/react';
import { memo, useDeferredValue, useEffect } from 'react';
import type { Overview } from '../../contract/orders/overview.ts';
import { Button } from '../../ui/button/button.tsx';
import { ErrorState } from '../../ui/states/error-state.tsx';
import { useDomId } from '../../ui/use-id.ts';
import { useT } from '../../ui/use-t.ts';
import { ActionsBlock } from './actions-block.tsx';
import { ColdChainBlock } from './cold-chain-block.tsx';
import { InventoryBlock } from './inventory-block.tsx';
import { ORDER_CREATE_PATH } from './links.ts';
import type { OverviewStore } from './overview-store.ts';
import { formatClock, Link } from './parts.tsx';
import { StatusBlock } from './status-block.tsx';
import { WeeklyBlock } from './weekly-block.tsx';
import '../../i18n/areas/home-overview.ts';
import { useChinaTime } from '../../ui/zone-note/zone-note.tsx';

export interface HomeOverviewProps {
  overview: OverviewStore;
  /** Called once the first answer (or failure) is shown: the element then stops keeping its place. */
  onSettled?: () => void;
}

/** The blocks' places while the first answer is on its way (the same boxes: nothing moves when it comes). */
function Skeleton() {
  const t = useT();
  return (
    <div className="ho-grid ho-grid--loading">
      <p className="lp-visually-hidden" role="status">
        {t('homeOverview.loading')}
      </p>
      {['status', 'actions', 'cold', 'inventory', 'weekly'].map((block) => (
        <div key={block} className={`ho-block ho-block--${block} ho-skeleton`} aria-hidden="true">
          <span className="ho-skeleton__line ho-skeleton__line--title" />
          <span className="ho-skeleton__line" />
          <span className="ho-skeleton__line" />
          <span className="ho-skeleton__line ho-skeleton__line--short" />
        </div>
      ))}
    </div>
  );
}

/** A customer with no orders yet: what the page will show, and where to start. */
function NoOrders() {
  const t = useT();
  return (
    <div className="ho-empty">
      <p className="ho-empty__title">{t('homeOverview.empty.title')}</p>
      <p className="ho-muted">{t('homeOverview.empty.text')}</p>
      <Link href={ORDER_CREATE_PATH} className="lp-button lp-button--primary ho-empty__action">
        {t('homeOverview.empty.create')}
      </Link>
    </div>
  );
}

/** The blocks, drawn again only for a new answer (memo: a render of the header alone skips them). */
const Blocks = memo(function Blocks({ data }: { data: Overview }) {
  const { actions, inventory } = data;
  const anyAction =
    actions.approvals.total +
      actions.documents.missing +
      actions.documents.rejected +
      actions.modifications.total +
      actions.drafts.total >
    0;
  if (data.counts.all === 0)
    return (
      <div className="ho-grid">
        <NoOrders />
        {anyAction && <ActionsBlock actions={actions} />}
        {inventory.low.total + inventory.expiring.total > 0 && <InventoryBlock inventory={inventory} />}
      </div>
    );
  return (
    <div className="ho-grid">
      <StatusBlock counts={data.counts} />
      <ActionsBlock actions={actions} />
      <ColdChainBlock cold={data.cold_chain} />
      <InventoryBlock inventory={inventory} />
      <WeeklyBlock weekly={data.weekly} />
    </div>
  );
});

/**
 * The home page's control tower for the current customer: counts by status, what needs the
 * user's action, the cold chain, orders per week and stock running low or expiring. Every number
 * opens the page to act on it, filtered as the number was counted. It follows the data while
 * open (focus, visibility, a customer switch: the previous customer's numbers go at once).
 */
export function HomeOverview({ overview, onSettled }: HomeOverviewProps) {
  const t = useT();
  const china = useChinaTime();
  const current = useStore(overview.$state);
  // A new answer for the same customer is drawn in the background (a transition, in slices that
  // leave the page responsive); a switch of customer shows at once, so the previous customer's
  // numbers never stay on the page.
  const deferred = useDeferredValue(current);
  const state = deferred.customer === current.customer ? deferred : current;
  const titleId = useDomId('ho-title');
  const { data, status } = state;
  // idle: the session is in no customer account, so there is nothing to overview
  const settled = data !== null || status === 'failed' || status === 'idle';
  useEffect(() => {
    if (settled) onSettled?.();
  }, [settled, onSettled]);
  // the numbers follow the data while the overview is on the page (focus, visibility)
  useEffect(() => overview.follow(), [overview]);
  // an order, a case, the stock or a draft changed: the counts are read again
  useChanges(changesOf(['order', 'excursion', 'inventory', 'draft']), () => void overview.refresh());
  if (status === 'idle') return null;
  return (
    <section className="ho" aria-labelledby={titleId} aria-busy={status === 'loading'}>
      <header className="ho-head">
        <h2 className="ho-head__title" id={titleId}>
          {t('homeOverview.title')}
        </h2>
        <p className="ho-head__as-of">
          {data && <span>{t('homeOverview.asOf', { time: china(formatClock(data.as_of)) })}</span>}
          <Button size="sm" variant="text" guardMs={0} onClick={() => void overview.reload()}>
            {t('homeOverview.refresh')}
          </Button>
        </p>
      </header>
      {status === 'failed' && !data ? (
        <ErrorState message={t('homeOverview.failed')} onRetry={() => void overview.reload()} />
      ) : data ? (
        <>
          {status === 'failed' && (
            <ErrorState message={t('homeOverview.failed')} onRetry={() => void overview.reload()} />
          )}
          <Blocks data={data} />
        </>
      ) : (
        <Skeleton />
      )}
    </section>
  );
}
