import { MILESTONES } from '../../contract/orders/domain.ts';
import type { OrderDetail } from '../../contract/orders/schemas.ts';
import { Button } from '../../ui/button/button.tsx';
import { useT } from '../../ui/use-t.ts';
import { AppLink } from './app-link.tsx';
import { AskedLines } from './asked-lines.tsx';
import { EvidenceLinks } from './evidence-links.tsx';
import { formatStamp } from './format.ts';
import '../../i18n/areas/order-view.ts';
import { ZoneNote } from '../../ui/zone-note/zone-note.tsx';

export type OrderDialog = 'cancel' | 'approve' | 'reject' | 'apply' | 'email' | 'share';

export interface OrderHeaderProps {
  order: OrderDetail;
  onDialog: (dialog: OrderDialog) => void;
  onPrint: () => void;
}

const STEPS = MILESTONES.filter((m) => m !== 'none');

/** The order number, its status, progress, temperature and documents, and what the user may do. */
export function OrderHeader({ order, onDialog, onPrint }: OrderHeaderProps) {
  const t = useT();
  const reached = MILESTONES.indexOf(order.milestone);
  const { actions } = order;
  return (
    <header className="order-view__header">
      <div className="order-view__heading">
        <h1 className="order-view__title">{order.order_no}</h1>
        <span className={`order-view__badge order-view__badge--${order.status}`}>
          {t(`orderView.status.${order.status}`)}
        </span>
        <span className={`order-view__badge order-view__badge--excursion-${order.excursion}`}>
          {t('orderView.excursion.label')}: {t(`orderView.excursion.${order.excursion}`)}
        </span>
        <span className={`order-view__badge order-view__badge--docs-${order.attachment_status}`}>
          {t('orderView.documents.label')}: {t(`orderView.documents.${order.attachment_status}`)}
        </span>
      </div>
      <ZoneNote />
      <ol className="order-view__progress" aria-label={t('orderView.milestone.label')}>
        {STEPS.map((step) => {
          const done = MILESTONES.indexOf(step) <= reached;
          const label = t(`orderView.milestone.${step}`);
          return (
            <li
              key={step}
              className={`order-view__step${done ? ' order-view__step--done' : ''}`}
              aria-current={step === order.milestone ? 'step' : undefined}
            >
              <span className="order-view__step-dot" aria-hidden="true" />
              <span className="order-view__step-label">
                <span aria-hidden="true">{label}</span>
                <span className="order-view__sr">
                  {t('orderView.milestone.step', {
                    label,
                    state: t(done ? 'orderView.milestone.done' : 'orderView.milestone.todo'),
                  })}
                </span>
              </span>
            </li>
          );
        })}
      </ol>
      {order.modification && (
        <div className="order-view__notice order-view__modification" role="status">
          <strong>
            {t(
              order.modification.kind === 'change'
                ? 'orderView.apply.kindChange'
                : 'orderView.apply.kindCancel',
            )}
            {' · '}
            {t(`orderView.apply.state.${order.modification.status}`)}
          </strong>{' '}
          <span className="order-view__muted">{formatStamp(order.modification.requested_at)}</span>{' '}
          {order.modification.reason}
          {' — '}
          {order.modification.answer
            ? t('orderView.apply.answer', { answer: order.modification.answer })
            : t('orderView.apply.noAnswer')}
          <AskedLines fields={order.modification.fields} />
        </div>
      )}
      <nav className="order-view__actions" aria-label={t('orderView.actions')}>
        {actions.audit && (
          <>
            <Button variant="primary" guardMs={0} onClick={() => onDialog('approve')}>
              {t('orderView.action.approve')}
            </Button>
            <Button variant="danger" guardMs={0} onClick={() => onDialog('reject')}>
              {t('orderView.action.reject')}
            </Button>
          </>
        )}
        {actions.cancel && (
          <Button variant="danger" guardMs={0} onClick={() => onDialog('cancel')}>
            {t('orderView.action.cancel')}
          </Button>
        )}
        {actions.apply_modify && (
          <Button guardMs={0} onClick={() => onDialog('apply')}>
            {t('orderView.action.applyModify')}
          </Button>
        )}
        <Button guardMs={0} onClick={onPrint}>
          {t('orderView.action.print')}
        </Button>
        <Button guardMs={0} onClick={() => onDialog('email')}>
          {t('orderView.action.email')}
        </Button>
        <Button guardMs={0} onClick={() => onDialog('share')}>
          {t('orderView.action.share')}
        </Button>
        <EvidenceLinks order={order} />
        {actions.edit && (
          <AppLink
            className="lp-button lp-button--default lp-button--md"
            href={`/customer-order/create?id=${order.id}`}
          >
            {t('orderView.action.edit')}
          </AppLink>
        )}
        <AppLink
          className="lp-button lp-button--default lp-button--md"
          href={`/customer-order/create?copy=${order.id}`}
        >
          {t('orderView.action.copy')}
        </AppLink>
      </nav>
    </header>
  );
}
