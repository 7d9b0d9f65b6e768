import type { ReactNode } from 'react';
import type { Overview, OverviewOrder } from '../../contract/orders/overview.ts';
import { useT } from '../../ui/use-t.ts';
import { answeredModificationsLink, DRAFT_BOX_PATH, documentsLink, draftLink, statusLink } from './links.ts';
import { Block, CountLink, Link, OrderLink, SHOWN } from './parts.tsx';
import '../../i18n/areas/home-overview.ts';

type Actions = Overview['actions'];

/** An order an entry points at: its number (the link), project and consignee. */
export function OrderItem({ order, extra }: { order: OverviewOrder; extra?: ReactNode }) {
  return (
    <li className="ho-item">
      <OrderLink order={order} />
      <span className="ho-item__meta">
        {[order.project_name, order.to_company, order.to_city].filter(Boolean).join(' · ')}
      </span>
      {extra}
    </li>
  );
}

function Row({ count, children }: { count: ReactNode; children?: ReactNode }) {
  return (
    <li className="ho-action">
      {count}
      {children}
    </li>
  );
}

/** Approvals, documents missing or rejected, answered modifications and open drafts. */
export function ActionsBlock({ actions }: { actions: Actions }) {
  const t = useT();
  const { approvals, documents, modifications, drafts } = actions;
  const nothing =
    approvals.total + documents.missing + documents.rejected + modifications.total + drafts.total === 0;
  const approvalLabel = t(
    actions.can_approve ? 'homeOverview.actions.approvals' : 'homeOverview.actions.approvalsOther',
  );
  const count = (href: string, n: number, label: string, tone?: string) => (
    <CountLink
      href={href}
      count={n}
      label={label}
      unit={t(href === DRAFT_BOX_PATH ? 'homeOverview.unit.drafts' : 'homeOverview.unit.orders')}
      {...(tone ? { tone } : {})}
    />
  );
  return (
    <Block title={t('homeOverview.actions.title')} className="ho-block--actions">
      {nothing ? (
        <p className="ho-muted">{t('homeOverview.actions.none')}</p>
      ) : (
        <ul className="ho-actions">
          {approvals.total > 0 && (
            <Row
              count={count(
                statusLink('pending_approval'),
                approvals.total,
                approvalLabel,
                'pending_approval',
              )}
            >
              {approvals.items.length > 0 && (
                <ul className="ho-items">
                  {approvals.items.slice(0, SHOWN).map((order) => (
                    <OrderItem key={order.id} order={order} />
                  ))}
                </ul>
              )}
            </Row>
          )}
          {documents.missing + documents.rejected > 0 && (
            <Row
              count={
                <span className="ho-pair">
                  {count(
                    documentsLink('missing'),
                    documents.missing,
                    t('homeOverview.actions.missing'),
                    'warning',
                  )}
                  {count(
                    documentsLink('rejected'),
                    documents.rejected,
                    t('homeOverview.actions.rejected'),
                    'danger',
                  )}
                </span>
              }
            >
              {documents.items.length > 0 && (
                <ul className="ho-items">
                  {documents.items.slice(0, SHOWN).map((order) => (
                    <OrderItem key={order.id} order={order} />
                  ))}
                </ul>
              )}
            </Row>
          )}
          {modifications.total > 0 && (
            <Row
              count={count(
                answeredModificationsLink(),
                modifications.total,
                t('homeOverview.actions.modifications'),
              )}
            >
              <ul className="ho-items">
                {modifications.items.slice(0, SHOWN).map((m) => (
                  <OrderItem
                    key={m.id}
                    order={m.order}
                    extra={
                      <span className={`ho-tag ho-tag--${m.status}`}>
                        {t(`homeOverview.actions.${m.kind}`)} ·{' '}
                        {t(
                          m.status === 'accepted'
                            ? 'homeOverview.actions.accepted'
                            : 'homeOverview.actions.refused',
                        )}
                      </span>
                    }
                  />
                ))}
              </ul>
            </Row>
          )}
          {drafts.total > 0 && (
            <Row count={count(DRAFT_BOX_PATH, drafts.total, t('homeOverview.actions.drafts'))}>
              <ul className="ho-items">
                {drafts.items.slice(0, SHOWN).map((d) => (
                  <li key={d.id} className="ho-item">
                    <Link href={draftLink(d.id)} className="ho-item__link">
                      {t('homeOverview.actions.draftName', { id: d.id })}
                    </Link>
                    <span className="ho-item__meta">
                      {[
                        d.project_name,
                        d.to_company,
                        t('homeOverview.actions.goods', { count: d.goods_count }),
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </span>
                  </li>
                ))}
              </ul>
            </Row>
          )}
        </ul>
      )}
    </Block>
  );
}
